/**
 * Draining before a graceful shutdown (decision 078): once `app.drain()` is called (server.ts, on
 * SIGTERM), `/readyz` answers 503 so that a load balancer or Kubernetes takes the instance out of
 * rotation, while every request that still reaches it is served as before. The hook sits on the
 * `/readyz` route alone, so no other request pays for it.
 */
import type { FastifyPluginCallback, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** From now on `/readyz` answers 503 (the instance is about to stop). */
    drain(): void;
  }
}

const plugin: FastifyPluginCallback = (app, _options, done) => {
  let draining = false;
  app.decorate('drain', () => {
    draining = true;
  });
  const refuse: onRequestHookHandler = (_request, reply, next) => {
    if (!draining) {
      next();
      return;
    }
    void reply
      .code(503)
      .header('cache-control', 'no-store')
      .send({ status: 'nicht bereit', checks: { shutdown: 'wird beendet' } });
  };
  app.addHook('onRoute', (route) => {
    if (route.url !== '/readyz') return;
    const own = route.onRequest === undefined ? [] : [route.onRequest].flat();
    route.onRequest = [refuse, ...own];
  });
  done();
};

/** Unencapsulated: its `onRoute` hook sees the `/readyz` route registered after it. */
export const draining = fp(plugin, { name: 'draining', fastify: '5.x' });
