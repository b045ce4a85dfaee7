/**
 * On a developer's machine the site answers on `localhost` and on `127.0.0.1`, but the session and
 * sign-in cookies belong to the host of PUBLIC_URL: a visit through the other name could never sign in
 * ("Die Anmeldung ist abgelaufen oder ungültig"). Such a page request is sent to the configured origin.
 * Only loopback names are redirected, and only when PUBLIC_URL is one too: behind a reverse proxy the
 * Host header may be anything, and redirecting on it could loop.
 */
import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);
/** Machine endpoints keep answering on any name: probes, the API, the back-channel. */
const EXEMPT = /^\/(trpc|export|healthz|readyz)(?:[/?]|$)/;

const redirectToPublicHost: FastifyPluginCallback<{ publicUrl: string }> = (app, { publicUrl }, done) => {
  const target = new URL(publicUrl);
  if (!LOOPBACK.has(target.hostname)) {
    done();
    return;
  }
  /** A page request through the other loopback name. */
  const misdirected = (request: FastifyRequest): boolean => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    if (EXEMPT.test(request.url)) return false;
    const hostname = request.hostname;
    return hostname !== target.hostname && LOOPBACK.has(hostname);
  };
  // A callback hook: every request passes it, nearly all without a redirect (no promise for them).
  app.addHook('onRequest', (request, reply, done) => {
    if (!misdirected(request)) {
      done();
      return;
    }
    // The path is appended, not resolved: "//evil.example" stays a path on the public origin.
    void reply.redirect(`${target.origin}${request.url}`, 308);
  });
  done();
};

/** Unencapsulated (fastify-plugin): the hook applies to every route of the app. */
export const canonicalHost = fp(redirectToPublicHost, { name: 'canonical-host', fastify: '5.x' });
