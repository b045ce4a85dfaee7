/**
 * The game API simulator as a Fastify instance (not listening; tests use `inject`). It implements
 * every row of architecture §4 with seeded German demo data held in memory.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { createGuards, issuerVerifier, type VerifyToken } from './auth';
import { HttpError } from './errors';
import { catalogueRoutes } from './routes/catalogues';
import type { RouteContext } from './routes/context';
import { externalAccountRoutes } from './routes/external-accounts';
import { playerRoutes } from './routes/player';
import { publicRoutes } from './routes/public';
import { syncManagerRoutes } from './routes/sync-manager';
import { userRoutes } from './routes/users';
import { Store } from './store';
import { BODY_KEY } from './validation';

export const DEFAULT_SEED = 4711;
export const DEFAULT_SYNC_DELAY_MS = 300;

type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

interface CommonOptions {
  /** Epoch ms; data relative to "now" (coupons, calendar) is generated from it. Default `Date.now`. */
  now?: () => number;
  /** Seed of the demo data: same seed and now → same data. */
  seed?: number;
  /** Request logging; off by default (tests). `true` logs at level info. */
  logger?: boolean | { level: LogLevel };
  /** Pause before `external-accounts/sync` answers; default 300 ms, 0 in tests. */
  syncDelayMs?: number;
  /**
   * For tests of late answers only (off by default): a write whose body holds `[spät]` is applied
   * at once and answered after this many milliseconds, later than the BFF waits.
   */
  lateWriteMs?: number;
}

/** The marker of a write the simulator answers late (`lateWriteMs`). */
export const LATE_WRITE_MARKER = '[spät]';

/** Either a token verifier (tests) or the issuer whose JWKS signs the tokens. */
export type GameApiSimOptions = CommonOptions &
  ({ verifyToken: VerifyToken; issuer?: undefined } | { issuer: string; verifyToken?: undefined });

function errorInfo(error: unknown): { code: string; statusCode: number | undefined } {
  if (typeof error !== 'object' || error === null) return { code: '', statusCode: undefined };
  return {
    code: 'code' in error && typeof error.code === 'string' ? error.code : '',
    statusCode: 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : undefined,
  };
}

export function createGameApiSim(options: GameApiSimOptions): FastifyInstance {
  const logger = options.logger === true ? { level: 'info' } : (options.logger ?? false);
  const app = Fastify({ logger });
  const now = options.now ?? Date.now;
  const seed = options.seed ?? DEFAULT_SEED;
  const verify = options.verifyToken ?? issuerVerifier(options.issuer);
  const ctx: RouteContext = {
    store: new Store(seed, now()),
    guards: createGuards(verify),
    now,
    seed,
    syncDelayMs: options.syncDelayMs ?? DEFAULT_SYNC_DELAY_MS,
  };

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof HttpError)
      return reply.code(error.statusCode).headers(error.headers).send(error.body);
    // Fastify's body parsing: not JSON, empty JSON body, other content types → a 400 like any
    // invalid body, so clients handle one shape.
    const { code, statusCode } = errorInfo(error);
    if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.code(413).send({ error: 'Inhalt zu groß' });
    if (code.startsWith('FST_ERR_CTP_') || statusCode === 400) {
      return reply.code(400).send({ validationErrors: { [BODY_KEY]: 'Der Inhalt muss gültiges JSON sein' } });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.code(500).send({ error: 'Interner Fehler' });
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ error: 'Nicht gefunden' }));
  const lateWriteMs = options.lateWriteMs ?? 0;
  if (lateWriteMs > 0) {
    app.addHook('onSend', async (request, _reply, payload) => {
      if (request.method !== 'GET' && JSON.stringify(request.body ?? null).includes(LATE_WRITE_MARKER)) {
        await new Promise((resolve) => setTimeout(resolve, lateWriteMs));
      }
      return payload;
    });
  }

  for (const routes of [
    publicRoutes,
    userRoutes,
    playerRoutes,
    externalAccountRoutes,
    syncManagerRoutes,
    catalogueRoutes,
  ]) {
    routes(app, ctx);
  }
  return app;
}
