import Fastify from 'fastify';
import { adminUserUrlFor } from '../src/services';
import { GameApiClient } from '../src/game-api/client';
import { SharedCache } from '../src/game-api/shared-cache';
import { appRouter } from '../src/routers';
import { createContextInner } from '../src/trpc/context';
import { type Principal } from '../src/kinds/principal';
import { createCallerFactory } from '../src/trpc/init';

const createCaller = createCallerFactory(appRouter);
const silent = Fastify({ logger: false }).log;

/** A tRPC caller as `principal` (null = anonymous) against the given game API. */
export function callerFor(
  principal: Principal | null,
  gameApiUrl: string,
  options: { token?: string; now?: () => number; timeoutMs?: number } = {},
) {
  return createCaller(
    createContextInner({
      principal,
      accessToken: () => Promise.resolve(options.token ?? 'user-token'),
      // The mock game API answers at once, but a busy machine took longer than 1 s (search.test
      // with four workers): a test of the timeout names its own.
      gameApi: new GameApiClient({
        baseUrl: gameApiUrl,
        timeoutMs: options.timeoutMs ?? 10_000,
        log: silent,
      }),
      publicCache: new SharedCache(0),
      adminUserUrl: adminUserUrlFor('http://localhost:8080/realms/nova', undefined),
      log: silent,
      now: options.now ?? Date.now,
    }),
  );
}

export function principal(userId: string, roles: string[] = []): Principal {
  return { via: 'session', userId, username: 'spieler', displayName: 'Jonas_Weber', roles };
}
