/**
 * /auth/* as its own (encapsulated) scope: its rate limit and the CSP of its own pages apply here
 * only; the sign-in routes and the Discord linking routes inside it.
 */
import type { FastifyInstance } from 'fastify';
import type { Env } from '../env';
import type { RateLimitHooks } from '../plugins/rate-limits';
import type { Services } from '../services';
import { discordRoutes } from './discord';
import { pageStylesByHash } from './pages';
import { authRoutes } from './routes';

export interface AuthScopeOptions {
  env: Env;
  services: Services;
  limits: RateLimitHooks;
  /** Instead of the global fetch for Discord's API (tests). */
  discordFetch?: typeof fetch;
}

export function authScope(app: FastifyInstance, options: AuthScopeOptions, done: () => void): void {
  const { env, services, limits } = options;
  app.addHook('onRequest', limits.auth);
  app.addHook('onSend', (_request, reply, payload, next) => {
    pageStylesByHash(reply);
    next(null, payload);
  });
  authRoutes(app, {
    publicUrl: env.publicUrl,
    sessions: services.sessions,
    oidc: services.oidc,
    gameApi: services.gameApi,
    audit: services.audit,
    pendingSignInsMax: env.pendingSignInsMax,
  });
  discordRoutes(app, {
    publicUrl: env.publicUrl,
    sessions: services.sessions,
    secret: env.session.secret,
    discord: env.discord,
    gameApi: services.gameApi,
    accessTokenOf: (session) => services.tokens.accessToken(session.key, session.record.auth),
    names: services.discordNames,
    audit: services.audit,
    now: services.now,
    ...(options.discordFetch ? { fetch: options.discordFetch } : {}),
  });
  done();
}
