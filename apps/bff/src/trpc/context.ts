import type { FastifyBaseLogger } from 'fastify';
import type { GameApiClient } from '../game-api/client';
import type { SharedCache } from '../game-api/shared-cache';

/** Who calls: a browser session (cookie) or an integrator's script (bearer token). */
export interface Principal {
  via: 'session' | 'bearer';
  userId: string;
  username: string;
  displayName: string;
  roles: readonly string[];
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
}

/** The request-independent part of the context; tests build it directly (`createCaller`). */
export function createContextInner(inner: ContextInner): ContextInner {
  return inner;
}

export type Context = ContextInner;
