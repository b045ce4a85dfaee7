import type { FastifyBaseLogger } from 'fastify';
import type { CallKind } from '../db/schema';
import type { AuditLog } from '../audit/log';
import type { AccountSessions } from '../session/account-sessions';
import type { GameApiClient } from '../game-api/client';
import type { SharedCache } from '../game-api/shared-cache';
import type { DiscordNames } from '../sync/discord-names';

/** Who calls: a browser session (cookie) or a script with a bearer token (a person's or a machine's). */
export interface Principal {
  via: 'session' | 'bearer';
  /** A machine client (decision 053): only what the policy grants machines by name; never deletes. */
  machine?: boolean;
  /** The OAuth client of a bearer token (`azp`); null for browser sessions. */
  clientId?: string | null;
  userId: string;
  username: string;
  displayName: string;
  roles: readonly string[];
  /**
   * Epoch seconds of the last interactive sign-in: the ID token's `auth_time` from the code exchange
   * (never from a refresh); for a bearer token its own `auth_time`. Null when unknown.
   */
  authTime?: number | null;
}

export type { CallKind } from '../db/schema';

/** How a call reached the BFF, as the audit log records it. */
export function callKindOf(principal: Pick<Principal, 'via' | 'machine'>): CallKind {
  if (principal.via === 'session') return 'session';
  return principal.machine === true ? 'machine' : 'person-token';
}

/** Facts of the HTTP request a procedure runs in (audit records). */
export interface RequestMeta {
  id: string;
  /** Shortened (audit/client-ip.ts). */
  clientIp: string | null;
}

export interface ContextInner {
  principal: Principal | null;
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
}

/** The request-independent part of the context; tests build it directly (`createCaller`). */
export function createContextInner(inner: ContextInner): ContextInner {
  return inner;
}

export type Context = ContextInner;
