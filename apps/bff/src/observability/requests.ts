/**
 * What every request leaves behind (decisions 074, 075): its duration in the metrics by method,
 * route template and status, and its one log line; with tracing on, its request id becomes
 * `<trace id>-<span id>`, so the audit records it writes lead to its trace.
 */
import type { FastifyInstance } from 'fastify';
import { requestLine } from '../logging';
import { httpRequests } from './metrics';
import { serveMetrics } from './metrics-server';
import { traceRequestId } from './trace-context';

export function observeRequests(
  app: FastifyInstance,
  options: { metrics: { host: string; port: number } | null; tracing: boolean },
): void {
  if (options.tracing) {
    // Runs inside the request's span (@fastify/otel's onRequest is registered first). The log's
    // lines carry the trace id through the logger's mixin.
    app.addHook('onRequest', (request, _reply, done) => {
      const id = traceRequestId();
      if (id) request.id = id;
      done();
    });
  }
  // Request lines are written at info: below that level not even their fields are gathered.
  const lines = !['fatal', 'error', 'warn', 'silent'].includes(app.log.level);
  app.addHook('onResponse', (request, reply, done) => {
    httpRequests.observe(
      {
        method: request.method,
        // A 404 has no route: one label for all of them, never the URL.
        route: request.routeOptions.url ?? 'unmatched',
        status: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
    if (lines) requestLine(request, reply);
    done();
  });
  if (options.metrics) serveMetrics(app, options.metrics);
}
