/**
 * /metrics on a listener of its own (decision 074): the site's port never serves it, so a reverse
 * proxy that publishes the site cannot publish the metrics by mistake. Prometheus (or the
 * ServiceMonitor) scrapes METRICS_HOST:METRICS_PORT. Opened when the app is ready, closed with it.
 */
import { createServer } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { registry } from './metrics';

export function serveMetrics(app: FastifyInstance, { host, port }: { host: string; port: number }): void {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found\n');
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
      (error: unknown) => {
        app.log.error({ err: error }, 'metrics could not be collected');
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('error\n');
      },
    );
  });
  app.addHook('onReady', (done) => {
    server.once('error', done);
    server.listen(port, host, () => {
      server.off('error', done);
      done();
    });
  });
  app.addHook('onClose', (_instance, done) => {
    server.close(() => done());
    server.closeAllConnections();
  });
}
