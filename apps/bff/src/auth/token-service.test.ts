/**
 * The refresh lock across instances (killing the instance that held the lock once lost the
 * session): the lock is a lease shorter than the waiters' patience, so a waiter takes over once the
 * dead holder's lease runs out; an `invalid_grant` for a refresh token another instance has replaced
 * meanwhile does not end the session.
 */
import { ResponseBodyError } from 'openid-client';
import { describe, expect, it, vi } from 'vitest';
import { MemorySessionStore } from '../session/memory-store';
import type { AuthState } from '../session/types';
import type { TokenSet } from './oidc';
import { LOCK_MS, RefreshPendingError, SessionEndedError, TokenService, WAIT_MS } from './token-service';

const silent = { info: () => undefined, warn: () => undefined };

function jwt(claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none' })}.${part(claims)}.`;
}

const tokens = (n: number): TokenSet => ({
  accessToken: jwt({ sub: 'u-1', n }),
  refreshToken: `refresh-${n}`,
  idToken: null,
  expiresAt: Date.now() + 300_000,
  idClaims: null,
});

async function sessionWithExpiringToken(store: MemorySessionStore): Promise<string> {
  const auth: AuthState = {
    accessToken: jwt({ sub: 'u-1', n: 0 }),
    refreshToken: 'refresh-0',
    idToken: null,
    accessTokenExpiresAt: Date.now() + 1000,
    username: 'spieler',
    roles: [],
  };
  const key = 'session-key';
  const now = Date.now();
  await store.create(
    key,
    { userId: 'u-1', sid: null, displayName: 'x', createdAt: now, lastSeenAt: now, auth },
    60_000,
  );
  return key;
}

const invalidGrant = () =>
  new ResponseBodyError('invalid_grant', {
    cause: { error: 'invalid_grant' },
    response: new Response('{}', { status: 400 }),
  });

describe('TokenService lock', () => {
  it('the lease is shorter than the waiters’ patience', () => {
    expect(LOCK_MS).toBeLessThan(WAIT_MS);
  });

  it('a waiter takes over when the holder of the lock died (its lease runs out)', async () => {
    const store = new MemorySessionStore();
    const key = await sessionWithExpiringToken(store);
    // Another instance took the lock and died before refreshing.
    expect(await store.acquireLock(`refresh:${key}`, 300)).not.toBeNull();
    const refresh = vi.fn(() => Promise.resolve(tokens(1)));
    const service = new TokenService(store, { clientId: 'nova-web', refresh }, silent, Date.now, {
      lockMs: 300,
      waitMs: 2000,
    });
    const record = await store.get(key);
    const started = Date.now();
    const token = await service.accessToken(key, record!.auth);
    expect(token).toBe(tokens(1).accessToken);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect((await store.get(key))?.auth.refreshToken).toBe('refresh-1');
    await store.close();
  });

  it('without a takeover within the patience, 503 (RefreshPendingError) and the session stays', async () => {
    const store = new MemorySessionStore();
    const key = await sessionWithExpiringToken(store);
    expect(await store.acquireLock(`refresh:${key}`, 5000)).not.toBeNull();
    const service = new TokenService(
      store,
      { clientId: 'nova-web', refresh: vi.fn(() => Promise.resolve(tokens(1))) },
      silent,
      Date.now,
      { lockMs: 5000, waitMs: 300 },
    );
    await expect(service.accessToken(key, (await store.get(key))!.auth)).rejects.toBeInstanceOf(
      RefreshPendingError,
    );
    expect(await store.get(key)).not.toBeNull();
    await store.close();
  });

  it('invalid_grant for a token another instance already replaced keeps the session', async () => {
    const store = new MemorySessionStore();
    const key = await sessionWithExpiringToken(store);
    const refresh = vi.fn(async () => {
      // Meanwhile a slow instance stored its rotated tokens, then Keycloak refuses the old token.
      await store.setAuth(key, { ...(await store.get(key))!.auth, ...authOf(tokens(2)) });
      throw invalidGrant();
    });
    const service = new TokenService(store, { clientId: 'nova-web', refresh }, silent);
    const token = await service.accessToken(key, (await store.get(key))!.auth);
    expect(token).toBe(tokens(2).accessToken);
    expect(await store.get(key)).not.toBeNull();
    await store.close();
  });

  it('invalid_grant for the stored token ends the session', async () => {
    const store = new MemorySessionStore();
    const key = await sessionWithExpiringToken(store);
    const service = new TokenService(
      store,
      { clientId: 'nova-web', refresh: vi.fn(() => Promise.reject(invalidGrant())) },
      silent,
    );
    await expect(service.accessToken(key, (await store.get(key))!.auth)).rejects.toBeInstanceOf(
      SessionEndedError,
    );
    expect(await store.get(key)).toBeNull();
    await store.close();
  });
});

function authOf(set: TokenSet): Partial<AuthState> {
  return {
    accessToken: set.accessToken,
    refreshToken: set.refreshToken,
    accessTokenExpiresAt: set.expiresAt,
  };
}
