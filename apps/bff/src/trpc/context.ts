import { ERROR_MESSAGES } from '@nova/domain';
import { TRPCError } from '@trpc/server';
import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import type { FastifyBaseLogger } from 'fastify';
import { shortenIp } from '../audit/client-ip';
import type { IdempotencyKeys } from '../audit/idempotency';
import type { TargetLocks } from '../audit/target-locks';
import type { AuditLog } from '../audit/log';
import type { OidcClient } from '../auth/oidc';
import {
  IdentityProviderUnavailableError,
  RefreshPendingError,
  SessionEndedError,
  type TokenService,
} from '../auth/token-service';
import type { Database } from '../db/database';
import type { Webhooks } from '../webhooks/service';
import type { GameApiClient } from '../game-api/client';
import type { LiveHub } from '../live/hub';
import type { SharedCache } from '../game-api/shared-cache';
import { AccountSessions } from '../session/account-sessions';
import type { SessionManager } from '../session/manager';
import type { DiscordNames } from '../sync/discord-names';
import { ReasonedError } from '../kinds/errors';
import type { Principal, RequestMeta } from '../kinds/principal';
import type { PrivacyServices } from '../privacy/services';
import { idTokenClaims } from '../privacy/claims';
import type { RequestAuth } from './request-auth';

export interface ContextInner {
  principal: Principal | null;
  /** Signed out because the cookie names a session the BFF no longer has (not: no cookie at all). */
  sessionLost?: boolean;
  /** The caller's access token for the game API, refreshed first when it is about to expire. */
  accessToken: () => Promise<string>;
  gameApi: GameApiClient;
  /** Shares the public lists between visitors for a few seconds. */
  publicCache: SharedCache;
  /** The identity provider's administration page of a user. */
  adminUserUrl: (userId: string) => string;
  log: FastifyBaseLogger;
  now: () => number;
  /** The audit log; audited actions refuse to run without one. */
  audit?: AuditLog;
  request?: RequestMeta;
  /** Destructive actions need a sign-in at most this old (STEP_UP_MAX_AGE_SECONDS). */
  stepUpMaxAgeSeconds?: number;
  /** The Discord names of linked accounts. */
  discordNames?: DiscordNames;
  /** The caller's own browser sessions (signed in through a cookie only). */
  account?: AccountSessions;
  /** Keys of creates (a repeated key answers with the first result). */
  idempotency?: IdempotencyKeys;
  /** The write targets' locks, honoured by every instance (decision 066). */
  locks?: TargetLocks;
  /** The BFF's database, for read models beside the audit log's own queries ("Integrationen"). */
  database?: Database;
  /**
   * The caller's browser session (signed in through a cookie only): its store key, which a data
   * export's job uses for the game API (decision 101), and the identity provider's claims of its ID
   * token, never the token itself.
   */
  ownSession?: { key: string; claims: () => Record<string, unknown> };
  /** "Meine Daten" and "Datenschutzanfragen" (decisions 101, 102). */
  privacy?: PrivacyServices;
  /**
   * Live streams (decision 106), for browser sessions only: the hub, the session they count against
   * and whether it is still alive.
   */
  live?: LiveAccess;
  /** Webhook subscriptions, their delivery log and the worker (decision 097). */
  webhooks?: Webhooks;
}

export interface LiveAccess {
  hub: LiveHub;
  /** The session's store key (never leaves the BFF). */
  session: string;
  alive: () => Promise<boolean>;
}

/** The request-independent part of the context; tests build it directly (`createCaller`). */
export function createContextInner(inner: ContextInner): ContextInner {
  return inner;
}

export type Context = ContextInner;

/** What the per-request context is made of: the app's long-lived services. */
export interface ContextDeps {
  sessions: SessionManager;
  tokens: TokenService;
  oidc: OidcClient;
  audit: AuditLog;
  discordNames: DiscordNames;
  gameApi: GameApiClient;
  publicCache: SharedCache;
  adminUserUrl: (userId: string) => string;
  stepUpMaxAgeSeconds: number;
  idempotency: IdempotencyKeys;
  locks: TargetLocks;
  database?: Database;
  privacy?: PrivacyServices;
  live?: LiveHub;
  webhooks?: Webhooks;
  now: () => number;
}

/** tRPC's `createContext` for the Fastify adapter: the caller (set by the request hooks) and services. */
export function createContext(deps: ContextDeps) {
  return ({ req, res }: CreateFastifyContextOptions): Context => {
    const auth = req.auth;
    // The shortened address is for audit records only: worked out on first use.
    let clientIp: { value: string | null } | undefined;
    const request = {
      id: req.id,
      get clientIp() {
        clientIp ??= { value: shortenIp(req.ip) };
        return clientIp.value;
      },
    };
    return createContextInner({
      principal: auth.kind === 'anonymous' ? null : auth.principal,
      sessionLost: auth.kind === 'anonymous' && auth.staleCookie,
      audit: deps.audit,
      discordNames: deps.discordNames,
      idempotency: deps.idempotency,
      locks: deps.locks,
      ...(deps.database ? { database: deps.database } : {}),
      ...(deps.privacy ? { privacy: deps.privacy } : {}),
      ...(deps.webhooks ? { webhooks: deps.webhooks } : {}),
      request,
      stepUpMaxAgeSeconds: deps.stepUpMaxAgeSeconds,
      ...(auth.kind === 'session' && deps.live
        ? {
            live: {
              hub: deps.live,
              session: auth.session.key,
              alive: () => deps.sessions.alive(auth.session.key),
            },
          }
        : {}),
      ...(auth.kind === 'session'
        ? {
            ownSession: {
              key: auth.session.key,
              claims: () => idTokenClaims(auth.session.record),
            },
            account: new AccountSessions(
              {
                store: deps.sessions.store,
                audit: deps.audit,
                log: req.log,
                endIdpSession: async (record) => {
                  if (record.auth.refreshToken)
                    await deps.oidc.endSessionByRefreshToken(record.auth.refreshToken);
                },
              },
              {
                userId: auth.principal.userId,
                username: auth.principal.username,
                displayName: auth.principal.displayName,
                currentKey: auth.session.key,
              },
              request,
            ),
          }
        : {}),
      accessToken: () =>
        accessTokenOf(deps, auth, () => {
          res.clearCookie(deps.sessions.cookieName, deps.sessions.cookieOptions);
        }),
      // One budget of game API calls for the whole request (a batch shares this context).
      gameApi: deps.gameApi.forRequest(req.log),
      publicCache: deps.publicCache,
      adminUserUrl: deps.adminUserUrl,
      log: req.log,
      now: deps.now,
    });
  };
}

/** The caller's access token, refreshed when due; an ended session clears its cookie. */
async function accessTokenOf(deps: ContextDeps, auth: RequestAuth, clearCookie: () => void): Promise<string> {
  if (auth.kind === 'bearer') return auth.token;
  if (auth.kind !== 'session') {
    throw new TRPCError({ code: 'UNAUTHORIZED', message: ERROR_MESSAGES.UNAUTHORIZED });
  }
  try {
    return await deps.tokens.accessToken(auth.session.key, auth.session.record.auth);
  } catch (error) {
    if (error instanceof RefreshPendingError) {
      throw new TRPCError({
        code: 'SERVICE_UNAVAILABLE',
        message:
          error instanceof IdentityProviderUnavailableError
            ? ERROR_MESSAGES.IDP_UNAVAILABLE
            : ERROR_MESSAGES.RETRY,
        cause: error,
      });
    }
    if (!(error instanceof SessionEndedError)) throw error;
    clearCookie();
    throw new ReasonedError('SESSION_EXPIRED', {
      code: 'UNAUTHORIZED',
      message: ERROR_MESSAGES.SESSION_ENDED,
      cause: error,
    });
  }
}
