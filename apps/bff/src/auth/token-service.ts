/**
 * Access tokens for the game API. A token that expires within 20 s is refreshed first (doc 1 §7),
 * single-flight per session: in this process one promise per session, across instances a lock in
 * the shared store; the others wait for the winner's tokens. A failed refresh ends the session.
 */
import { LIMITS } from '@nova/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthState, SessionStore } from '../session/types';
import { authStateFrom } from './claims';
import type { OidcClient } from './oidc';

const LEEWAY_MS = LIMITS.tokenRefreshLeewaySeconds * 1000;
const LOCK_MS = 15_000;
/** Waiters outlast the lock (and the identity provider's timeout inside it) before giving up. */
const WAIT_MS = LOCK_MS + 10_000;
const WAIT_STEP_MS = 50;

export class SessionEndedError extends Error {
  override name = 'SessionEndedError';
}

/** The refresh did not finish in time; the session is still alive, so the caller may retry. */
export class RefreshPendingError extends Error {
  override name = 'RefreshPendingError';
}

export class TokenService {
  readonly #inflight = new Map<string, Promise<AuthState>>();

  constructor(
    private readonly store: SessionStore,
    private readonly oidc: OidcClient,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number = Date.now,
  ) {}

  #fresh(auth: AuthState): boolean {
    return auth.accessTokenExpiresAt - this.now() > LEEWAY_MS;
  }

  /** A valid access token for the session, refreshed when needed. */
  async accessToken(key: string, auth: AuthState): Promise<string> {
    if (this.#fresh(auth)) return auth.accessToken;
    let flight = this.#inflight.get(key);
    if (!flight) {
      flight = this.#refreshShared(key).finally(() => this.#inflight.delete(key));
      this.#inflight.set(key, flight);
    }
    return (await flight).accessToken;
  }

  async #refreshShared(key: string): Promise<AuthState> {
    const deadline = this.now() + WAIT_MS;
    while (this.now() < deadline) {
      const lock = await this.store.acquireLock(`refresh:${key}`, LOCK_MS);
      if (lock) {
        try {
          return await this.#refreshLocked(key);
        } finally {
          await this.store.releaseLock(`refresh:${key}`, lock);
        }
      }
      // Another instance refreshes: wait for its tokens.
      await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
      const current = await this.store.get(key);
      if (!current) throw new SessionEndedError('the session ended while waiting for a refresh');
      if (this.#fresh(current.auth)) return current.auth;
    }
    throw new RefreshPendingError('token refresh did not complete in time');
  }

  async #refreshLocked(key: string): Promise<AuthState> {
    const current = await this.store.get(key);
    if (!current) throw new SessionEndedError('the session ended');
    if (this.#fresh(current.auth)) return current.auth; // refreshed by another instance meanwhile
    if (!current.auth.refreshToken) return this.#end(key, new Error('no refresh token'));
    try {
      const tokens = await this.oidc.refresh(current.auth.refreshToken);
      const auth = authStateFrom(tokens, this.oidc.clientId, current.auth);
      if (!(await this.store.setAuth(key, auth)))
        throw new SessionEndedError('the session ended during refresh');
      return auth;
    } catch (error) {
      if (error instanceof SessionEndedError) throw error;
      return this.#end(key, error);
    }
  }

  async #end(key: string, cause: unknown): Promise<never> {
    this.log.info({ err: cause }, 'token refresh failed; the session ends');
    await this.store.destroy(key);
    throw new SessionEndedError('token refresh failed', { cause });
  }
}
