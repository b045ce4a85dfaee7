/**
 * The data export's reader of the player screens (decision 101): the player router's own
 * procedures, called for the person whose export runs, under the same paths as in the app
 * (`player.…`) so that the policy applies as it does there. The export job (privacy/, the domain
 * layer) takes it as a function; the services get it from the assembly (app.ts).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { GameApiClient } from '../game-api/client';
import type { SharedCache } from '../game-api/shared-cache';
import type { PlayerReader } from '../privacy/export-job';
import { createContextInner } from '../trpc/context';
import { createCallerFactory, router } from '../trpc/init';
import { playerRouter } from './player';

const createCaller = createCallerFactory(router({ player: playerRouter }));

export interface PlayerReaderDeps {
  gameApi: GameApiClient;
  publicCache: SharedCache;
  adminUserUrl: (userId: string) => string;
  log: FastifyBaseLogger;
  now: () => number;
}

export function playerReader(deps: PlayerReaderDeps): PlayerReader {
  return (person, accessToken, procedure) =>
    createCaller(
      createContextInner({
        principal: {
          via: 'session',
          userId: person.id,
          username: person.name,
          displayName: person.name,
          roles: [],
        },
        accessToken,
        gameApi: deps.gameApi.forRequest(deps.log),
        publicCache: deps.publicCache,
        adminUserUrl: deps.adminUserUrl,
        log: deps.log,
        now: deps.now,
      }),
    ).player[procedure]({});
}
