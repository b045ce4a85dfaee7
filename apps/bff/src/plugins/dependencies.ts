/**
 * When a dependency is down (Redis down once answered a raw 500 with the driver's English message;
 * an unreachable identity provider answered 500 "fetch failed"): an error that comes from Redis or
 * from an HTTP call that found no answer is 503 with a German message, anything else a generic 500;
 * neither shows the error's own text. `/readyz` checks Redis (through the session store), that the
 * BFF's database can record audited writes, and the identity provider's discovery; `/healthz` stays
 * the cheap liveness check.
 */
import { ERROR_MESSAGES } from '@nova/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { loginProblemPage } from '../auth/pages';
import { MALFORMED_JSON } from '../trpc/input-hygiene';
import { limitErrorAnswer, refuseOverLimit } from './input-limits';
import type { Database } from '../db/database';
import type { SessionStore } from '../session/types';

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
const DEPENDENCY_ERRORS = new Set([
  'MaxRetriesPerRequestError',
  'TimeoutError',
  'AbortError',
  // Redis's open circuit (session/redis-guard.ts).
  'RedisUnavailableError',
]);
const REDIS_MESSAGES =
  /Connection is closed|Stream isn't writeable|enableOfflineQueue|Reached the max retries|Command timed out/;

/** True for errors of an unreachable Redis or HTTP dependency, looking through `cause`. */
export function isDependencyError(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 6; depth++) {
    if (typeof current !== 'object') return false;
    const { name, code, message, cause } = current as {
      name?: unknown;
      code?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    if (typeof name === 'string' && DEPENDENCY_ERRORS.has(name)) return true;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || code.startsWith('UND_ERR_'))) return true;
    if (typeof message === 'string' && (message === 'fetch failed' || REDIS_MESSAGES.test(message)))
      return true;
    current = cause;
  }
  return false;
}

function send(request: FastifyRequest, reply: FastifyReply, status: 500 | 503, message: string) {
  reply.code(status).header('cache-control', 'no-store');
  if (status === 503) reply.header('retry-after', '5');
  if (request.url.startsWith('/auth/')) {
    return reply.type('text/html; charset=utf-8').send(loginProblemPage(message));
  }
  const code = status === 503 ? 'SERVICE_UNAVAILABLE' : 'INTERNAL_SERVER_ERROR';
  return reply.send({
    error: { message, code: status === 503 ? -32053 : -32603, data: { code, httpStatus: status } },
  });
}

export function dependencyErrors(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // A body that is not JSON says so in German, not in the parser's English.
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.code(400).send({ error: { message: MALFORMED_JSON, code: -32700 } });
    }
    // Over a limit of decision 070: German, in the tRPC error shape.
    const overLimit = limitErrorAnswer(error);
    if (overLimit) return refuseOverLimit(reply, overLimit[0], overLimit[1]);
    // Fastify's other client errors keep their status.
    if (typeof error.statusCode === 'number' && error.statusCode < 500) return reply.send(error);
    if (isDependencyError(error)) {
      request.log.warn({ reason: error.name, code: error.code }, 'a dependency is unavailable');
      return send(request, reply, 503, ERROR_MESSAGES.SERVICE_UNAVAILABLE);
    }
    request.log.error({ err: error }, 'request failed');
    return send(request, reply, 500, ERROR_MESSAGES.GENERIC);
  });
}

export function readiness(
  app: FastifyInstance,
  deps: {
    store: SessionStore;
    database: Database;
    issuer: string;
    fetch?: typeof fetch;
    timeoutMs?: number;
    /** How long one answer about the database is reused (readiness probes come often). */
    databaseCacheMs?: number;
  },
): void {
  const { store, database, issuer, timeoutMs = 2000, databaseCacheMs = 2000 } = deps;
  const fetchFn = deps.fetch ?? fetch;
  const withTimeout = <T>(work: Promise<T>): Promise<T> =>
    Promise.race([
      work,
      new Promise<never>((_resolve, reject) =>
        setTimeout(() => reject(new Error('timeout')), timeoutMs).unref(),
      ),
    ]);
  const reachable = (work: Promise<unknown>) =>
    withTimeout(work).then(
      () => 'ok' as const,
      () => 'nicht erreichbar' as const,
    );
  // Reachable is not enough: audited writes must be recordable (not read-only, the privileges the
  // runtime role needs, decision 058), or every one of them fails. Asked at most every
  // `databaseCacheMs`, concurrent probes share one question.
  let databaseAnswer: { at: number; state: Promise<string> } | null = null;
  const databaseState = () => {
    const now = Date.now();
    if (databaseAnswer && now - databaseAnswer.at < databaseCacheMs) return databaseAnswer.state;
    const state = withTimeout(database.auditWriteProblems()).then(
      (problems) => (problems.length === 0 ? 'ok' : problems.join('; ')),
      () => 'nicht erreichbar',
    );
    databaseAnswer = { at: now, state };
    return state;
  };
  app.get('/readyz', async (_request, reply) => {
    const [sessions, databaseCheck, identity] = await Promise.all([
      reachable(store.get('readiness-probe')),
      databaseState(),
      withTimeout(
        fetchFn(`${issuer}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(timeoutMs) }),
      ).then(
        (response) => (response.ok ? ('ok' as const) : ('nicht erreichbar' as const)),
        () => 'nicht erreichbar' as const,
      ),
    ]);
    const ready = sessions === 'ok' && databaseCheck === 'ok' && identity === 'ok';
    return reply
      .code(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({
        status: ready ? 'ok' : 'nicht bereit',
        checks: { sessions, database: databaseCheck, identity },
      });
  });
}
