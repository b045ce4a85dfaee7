/**
 * The BFF's log. In production and tests: pino's JSON lines, one per event, with secrets redacted
 * and /auth query strings dropped. When a person runs it (`pnpm start` sets LOG_FORMAT=pretty):
 * short readable lines through pino-pretty, one line per answered request instead of two JSON
 * objects.
 */
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import pretty from 'pino-pretty';

export type LogFormat = 'json' | 'pretty';

/** /auth URLs carry authorization codes, states and returnTo: log their path only. */
export function loggedUrl(url: string): string {
  return url.startsWith('/auth/') ? (url.split('?')[0] ?? url) : url;
}

export function loggerOptions(options: {
  level: string;
  format: LogFormat;
  stream?: { write: (line: string) => void } | undefined;
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
  };
  if (options.stream) return { ...base, stream: options.stream };
  if (options.format === 'json') return base;
  return {
    ...base,
    stream: pretty({
      colorize: process.stdout.isTTY,
      singleLine: true,
      translateTime: 'SYS:HH:MM:ss',
      ignore: 'pid,hostname,reqId,req,res,responseTime',
    }),
  };
}

/** For the pretty format: one short line per answered request ("GET /home 200 3 ms"). */
export function readableRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    const ms = Math.round(reply.elapsedTime);
    request.log.info(`${request.method} ${loggedUrl(request.url)} ${reply.statusCode} ${ms} ms`);
    done();
  });
}
