import { afterEach, describe, expect, it } from 'vitest';
import { SessionManager } from './manager';
import { MemorySessionStore } from './memory-store';

const auth = {
  accessToken: 'a',
  refreshToken: 'r',
  idToken: null,
  accessTokenExpiresAt: 0,
  username: 'spieler',
  roles: [],
};

describe('session lifetime (architecture §5: idle 30 min, absolute 10 h)', () => {
  let now = Date.UTC(2026, 10, 22, 12);
  const clock = () => now;
  const store = new MemorySessionStore(clock);
  const manager = new SessionManager({
    store,
    secret: 'x'.repeat(32),
    idleSeconds: 1800,
    absoluteSeconds: 36_000,
    secure: true,
    https: true,
    now: clock,
  });
  afterEach(() => {
    now = Date.UTC(2026, 10, 22, 12);
  });

  it('uses the __Host- prefix on https and opaque 256-bit ids', async () => {
    expect(manager.cookieName).toBe('__Host-nova_session');
    const { id, key } = await manager.create({ userId: 'u', sid: null, displayName: 'U', auth });
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(key).not.toBe(id);
  });

  it('ends after 30 minutes without activity', async () => {
    const { id } = await manager.create({ userId: 'u', sid: null, displayName: 'U', auth });
    now += 29 * 60_000;
    const alive = await manager.load(id);
    expect(alive).not.toBeNull();
    if (alive) await manager.touch(alive);
    now += 29 * 60_000;
    expect(await manager.load(id)).not.toBeNull();
    now += 31 * 60_000;
    expect(await manager.load(id)).toBeNull();
  });

  it('ends after 10 hours even with activity', async () => {
    const { id } = await manager.create({ userId: 'u', sid: null, displayName: 'U', auth });
    for (let minutes = 0; minutes < 600 - 20; minutes += 20) {
      now += 20 * 60_000;
      const session = await manager.load(id);
      expect(session, `after ${minutes + 20} min`).not.toBeNull();
      if (session) await manager.touch(session);
    }
    now += 21 * 60_000;
    expect(await manager.load(id)).toBeNull();
  });

  it('refuses malformed cookie values without a store lookup', async () => {
    for (const value of [undefined, '', 'short', `${'a'.repeat(43)};x`, 'a'.repeat(44)]) {
      expect(await manager.load(value)).toBeNull();
    }
  });
});
