/**
 * Access tokens for the game API. A token that expires within 20 s is refreshed first (specification §7),
 * single-flight per session: in this process one promise per session, across instances a lock in
 * the shared store; the others wait for the winner's tokens.
 *
 * Only the identity provider's `invalid_grant` ends a session. A timeout, a reset or a 5xx
 * keeps it: the caller answers 503 and the next request tries again. The lock is a lease shorter
 * than the waiters' patience, so when its holder dies a waiter takes over; and an `invalid_grant`
 * for a refresh token that another instance has meanwhile replaced is not the end either.
 */
import { LIMITS } from '@nova/domain';
import type { FastifyBaseLogger } from 'fastify';
import { ResponseBodyError } from 'openid-client';
import type { AuthState, SessionStore } from '../session/types';
import { authStateFrom } from './claims';
import type { OidcClient } from './oidc';

const LEEWAY_MS = LIMITS.tokenRefreshLeewaySeconds * 1000;
/** The lock's lease: the identity provider's timeout (5 s, OidcClient) and a margin. */
export const LOCK_MS = 8_000;
/** Waiters outlast a dead holder's lease before giving up with 503. */
export const WAIT_MS = LOCK_MS + 4_000;
const WAIT_STEP_MS = 50;

export class SessionEndedError extends Error {
  override name = 'SessionEndedError';
}

/**
 * The refresh did not finish in time or the identity provider did not answer it properly; the
 * session is still alive, so the caller may retry.
 */
export class RefreshPendingError extends Error {
  override name = 'RefreshPendingError';
}

/** The identity provider timed out, reset or answered 5xx (or not OAuth) to a refresh. */
export class IdentityProviderUnavailableError extends RefreshPendingError {
  override name = 'IdentityProviderUnavailableError';
}

export interface LockTiming {
  lockMs: number;
  waitMs: number;
}

export class TokenService {
  readonly #inflight = new Map<string, Promise<AuthState>>();

  constructor(
    private readonly store: SessionStore,
    private readonly oidc: Pick<OidcClient, 'clientId' | 'refresh'>,
    private readonly log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
    private readonly now: () => number = Date.now,
    private readonly timing: LockTiming = { lockMs: LOCK_MS, waitMs: WAIT_MS },
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
    const deadline = this.now() + this.timing.waitMs;
    while (this.now() < deadline) {
      const lock = await this.store.acquireLock(`refresh:${key}`, this.timing.lockMs);
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
    const used = current.auth.refreshToken;
    if (!used) return this.#end(key, new Error('no refresh token'));
    let tokens;
    try {
      tokens = await this.oidc.refresh(used);
    } catch (error) {
      if (!isInvalidGrant(error)) {
        this.log.warn(
          { reason: error instanceof Error ? error.name : 'unknown', status: statusOf(error) },
          'the identity provider did not answer the refresh; the session is kept',
        );
        throw new IdentityProviderUnavailableError('the identity provider is unavailable', { cause: error });
      }
      // A slow instance whose lease ran out may have rotated the token meanwhile: then it is stored.
      const now = await this.store.get(key);
      if (now && now.auth.refreshToken !== used) {
        if (this.#fresh(now.auth)) return now.auth;
        throw new RefreshPendingError('another instance replaced the refresh token', { cause: error });
      }
      return this.#end(key, error);
    }
    const auth = authStateFrom(tokens, this.oidc.clientId, current.auth);
    if (!(await this.store.setAuth(key, auth)))
      throw new SessionEndedError('the session ended during refresh');
    return auth;
  }

  async #end(key: string, cause: unknown): Promise<never> {
    this.log.info({ err: cause }, 'token refresh failed; the session ends');
    await this.store.destroy(key);
    throw new SessionEndedError('token refresh failed', { cause });
  }
}

/** The identity provider refused the refresh token itself (expired, revoked, session ended). */
export function isInvalidGrant(error: unknown): boolean {
  return error instanceof ResponseBodyError && error.error === 'invalid_grant';
}

function statusOf(error: unknown): number | undefined {
  return error instanceof ResponseBodyError ? error.status : undefined;
}
