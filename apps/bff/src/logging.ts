/**
 * The BFF's log (decision 075): one line per answered request and one per event, secrets redacted
 * and /auth query strings dropped. In production and tests pino's JSON lines, written through pino's
 * asynchronous destination (the event loop never waits for stdout; what it holds is written at exit).
 * When a person runs it (`pnpm start` sets LOG_FORMAT=pretty): short readable lines, made by
 * pino-pretty in a worker thread (pino's transport), never on the BFF's own thread. With tracing on,
 * every line carries the trace and span id of the request it belongs to.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import pino from 'pino';
import { callKindOf } from './kinds/principal';

export type LogFormat = 'json' | 'pretty';

/** /auth URLs carry authorization codes, states and returnTo: log their path only. */
export function loggedUrl(url: string): string {
  return url.startsWith('/auth/') ? (url.split('?')[0] ?? url) : url;
}

export function loggerOptions(options: {
  level: string;
  format: LogFormat;
  stream?: { write: (line: string) => void } | undefined;
  /** Fields added to every line (tracing: the active trace and span id). */
  mixin?: (() => object) | undefined;
}): FastifyServerOptions['logger'] {
  const base = {
    level: options.level,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    serializers: {
      req: (request: { method: string; url: string; ip?: string }) => ({
        method: request.method,
        url: loggedUrl(request.url),
        remoteAddress: request.ip,
      }),
    },
    ...(options.mixin ? { mixin: options.mixin } : {}),
  };
  if (options.stream) return { ...base, stream: options.stream };
  if (options.format === 'json') return { ...base, stream: jsonDestination() };
  return {
    ...base,
    transport: {
      target: 'pino-pretty',
      options: {
        colorize: process.stdout.isTTY,
        singleLine: true,
        translateTime: 'SYS:HH:MM:ss',
        ignore: 'pid,hostname,reqId,trace_id,span_id,method,route,url,status,ms,callKind',
      },
    },
  };
}

/**
 * pino's asynchronous destination (sonic-boom) on stdout, in chunks of at most 2 KB: on every line it
 * measures the byte length of the chunk still waiting to be written, so with its default chunks (up
 * to 16 KB) a line alone cost about a third more in a micro-benchmark (decision 075).
 */
export function jsonDestination(dest: number | string = 1): ReturnType<typeof pino.destination> {
  return pino.destination({ dest, sync: false, maxWrite: 2048 });
}

/** How the caller came, once authenticated (only /trpc and the audit export authenticate). */
function callKindOfRequest(request: FastifyRequest): string {
  const auth = request.auth as FastifyRequest['auth'] | undefined;
  return !auth || auth.kind === 'anonymous' ? 'anonymous' : callKindOf(auth.principal);
}

/**
 * The one line per answered request (Fastify's own two are switched off): method, route template,
 * URL (/auth without its query), status, milliseconds and the call kind; the request id comes with
 * the request's logger, the trace id with the mixin. Readable as "GET /home 200 3 ms" either way.
 */
export function requestLine(request: FastifyRequest, reply: FastifyReply): void {
  const url = loggedUrl(request.url);
  const ms = Math.round(reply.elapsedTime * 10) / 10;
  request.log.info(
    {
      method: request.method,
      route: request.routeOptions.url ?? null,
      url,
      status: reply.statusCode,
      ms,
      callKind: callKindOfRequest(request),
    },
    `${request.method} ${url} ${reply.statusCode} ${Math.round(ms)} ms`,
  );
}

/**
 * On shutdown: waits until the readable format's worker has written what it was handed. The JSON
 * destination returns at once (sonic-boom flushes only with a `minLength`); what it still holds is
 * written synchronously by pino's exit hook as the process ends (apps/bff/test/logging.test.ts).
 */
export function flushLog(app: FastifyInstance): Promise<void> {
  return new Promise((resolve) => {
    (app.log as unknown as pino.Logger).flush(() => resolve());
  });
}
