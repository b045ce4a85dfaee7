/** The memory and Redis stores behave identically (architecture §5); one contract runs on both. */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { EncryptedSessionStore, tokenEncryptionKey } from '../src/session/encrypted-store';
import { MemorySessionStore } from '../src/session/memory-store';
import { RedisSessionStore } from '../src/session/redis-store';
import type { SessionRecord, SessionStore } from '../src/session/types';

const record = (userId: string, sid: string | null): SessionRecord => ({
  userId,
  sid,
  displayName: 'Jonas_Weber',
  createdAt: Date.now(),
  lastSeenAt: Date.now(),
  auth: {
    accessToken: 'a',
    refreshToken: 'r',
    idToken: 'i',
    accessTokenExpiresAt: Date.now() + 60_000,
    username: 'spieler',
    roles: ['web:beta'],
  },
});

const redisStore = async () => {
  const store = new RedisSessionStore(inject('redisUrl'));
  await store.ready();
  return store;
};
const key = tokenEncryptionKey('session-store-contract-test-secret-0123456789');

// The encrypting wrapper (decision 031) must keep the contract: every method forwarded.
const stores: [string, () => Promise<SessionStore>][] = [
  ['memory', () => Promise.resolve(new MemorySessionStore())],
  ['redis', redisStore],
  [
    'memory, tokens encrypted',
    () => Promise.resolve(new EncryptedSessionStore(new MemorySessionStore(), key)),
  ],
  ['redis, tokens encrypted', async () => new EncryptedSessionStore(await redisStore(), key)],
];

describe.each(stores)('%s session store', (_name, make) => {
  let store: SessionStore;
  let n = 0;
  const key = () => `${Date.now()}-${++n}-${Math.random()}`;

  beforeAll(async () => {
    store = await make();
  });
  afterAll(() => store.close());

  it("lists a user's live sessions (own sessions) and no one else's", async () => {
    const user = `list-${key()}`;
    const [k1, k2, k3] = [key(), key(), key()];
    await store.create(k1, { ...record(user, null), userAgent: 'Firefox', ip: '203.0.113.0' }, 60_000);
    await store.create(k2, record(user, 's2'), 60_000);
    await store.create(k3, record(`${user}-other`, null), 60_000);
    const listed = await store.listByUser(user);
    expect(listed.map((s) => s.key).sort()).toEqual([k1, k2].sort());
    expect(listed.find((s) => s.key === k1)?.record).toMatchObject({
      userAgent: 'Firefox',
      ip: '203.0.113.0',
    });
    expect(listed.map((s) => [s.record.auth.accessToken, s.record.auth.refreshToken])).toEqual([
      ['a', 'r'],
      ['a', 'r'],
    ]);
    await store.destroy(k1);
    expect((await store.listByUser(user)).map((s) => s.key)).toEqual([k2]);
  });

  it('creates, reads and destroys a session', async () => {
    const k = key();
    await store.create(k, record('u1', 's1'), 60_000);
    expect(await store.get(k)).toEqual(
      expect.objectContaining({ userId: 'u1', sid: 's1', displayName: 'Jonas_Weber' }),
    );
    await store.destroy(k);
    expect(await store.get(k)).toBeNull();
  });

  it('expires a session after its time to live and extends it on touch', async () => {
    const k = key();
    await store.create(k, record('u1', null), 150);
    // Past the 150 ms it was created with, alive through the touch's minute (with a touch for 600 ms,
    // a loaded machine that stretched the 250 ms wait and the read past 600 ms lost the session).
    await store.touch(k, 42, 60_000);
    await new Promise((r) => setTimeout(r, 250));
    expect((await store.get(k))?.lastSeenAt).toBe(42);
    // A touch sets the time to live, also a shorter one.
    await store.touch(k, 43, 100);
    await new Promise((r) => setTimeout(r, 200));
    expect(await store.get(k)).toBeNull();
  });

  it('replaces only the tokens, so a concurrent touch keeps them', async () => {
    const k = key();
    await store.create(k, record('u1', null), 60_000);
    const fresh = { ...record('u1', null).auth, accessToken: 'new' };
    await Promise.all([store.setAuth(k, fresh), store.touch(k, 7, 60_000)]);
    const got = await store.get(k);
    expect(got?.auth.accessToken).toBe('new');
    expect(got?.lastSeenAt).toBe(7);
    expect(await store.setAuth(key(), fresh)).toBe(false);
  });

  it('ends only the sessions of one identity-provider session, or of one user', async () => {
    const [a, b, c] = [key(), key(), key()];
    const [u1, u2, sidA] = [key(), key(), key()];
    await store.create(a, record(u1, sidA), 60_000);
    await store.create(b, record(u1, key()), 60_000);
    await store.create(c, record(u2, key()), 60_000);
    expect(await store.destroyBySid(sidA)).toBe(1);
    expect(await store.get(a)).toBeNull();
    expect(await store.get(b)).not.toBeNull();
    expect(await store.destroyByUser(u1)).toBe(1);
    expect(await store.get(b)).toBeNull();
    expect(await store.get(c)).not.toBeNull();
    expect(await store.destroyBySid('unknown')).toBe(0);
  });

  it('ends a session by sid only when the user matches too, if one is named', async () => {
    const [k, user, sid] = [key(), key(), key()];
    await store.create(k, record(user, sid), 60_000);
    expect(await store.destroyBySid(sid, 'someone-else')).toBe(0);
    expect(await store.get(k)).not.toBeNull();
    expect(await store.destroyBySid(sid, user)).toBe(1);
    expect(await store.get(k)).toBeNull();
  });

  it('hands out a pending login once', async () => {
    const state = key();
    const pending = { codeVerifier: 'v', nonce: 'n', returnTo: '/x', binding: 'b', action: 'login' as const };
    await store.putPending(state, pending, 60_000);
    const [first, second] = await Promise.all([store.takePending(state), store.takePending(state)]);
    expect([first, second].filter(Boolean)).toEqual([pending]);
  });

  it('refuses a pending login beyond the cap of all pending logins (decision 054)', async () => {
    const pending = { codeVerifier: 'v', nonce: 'n', returnTo: '/x', binding: 'b', action: 'login' as const };
    const [first, second] = [key(), key()];
    expect(await store.putPending(first, pending, 60_000, 1_000_000)).toBe(true);
    // At least `first` is pending (other test files may add theirs to a shared Redis).
    expect(await store.putPending(second, pending, 60_000, 1)).toBe(false);
    expect(await store.takePending(second)).toBeNull();
    expect(await store.takePending(first)).toEqual(pending);
  });

  it('marks a replay marker once', async () => {
    const marker = key();
    expect(await store.markOnce(marker, 60_000)).toBe(true);
    expect(await store.markOnce(marker, 60_000)).toBe(false);
  });

  it('grants a lock to one holder until released or expired', async () => {
    const name = key();
    const token = await store.acquireLock(name, 60_000);
    expect(token).toBeTruthy();
    expect(await store.acquireLock(name, 60_000)).toBeNull();
    await store.releaseLock(name, 'not-the-token');
    expect(await store.acquireLock(name, 60_000)).toBeNull();
    await store.releaseLock(name, token ?? '');
    expect(await store.acquireLock(name, 100)).toBeTruthy();
    await new Promise((r) => setTimeout(r, 150));
    expect(await store.acquireLock(name, 100)).toBeTruthy();
  });
});
