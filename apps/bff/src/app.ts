/**
 * Builds the BFF as a Fastify instance (not listening; tests use `inject`) from its plugins: the
 * app-wide ones (canonical host, cookies, security headers, compression), health, /auth, /trpc, the
 * audit export and the built SPA. Registration order is hook order.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { AuditLog } from './audit/log';
import { authScope } from './auth/plugin';
import type { Database } from './db/database';
import type { Webhooks } from './webhooks/service';
import type { Env } from './env';
import { calendarFeed } from './feeds/calendar-ics';
import { loggerOptions } from './logging';
import { observeRequests } from './observability/requests';
import { fastifyTracing, traceFields, tracingOn } from './observability/trace-context';
import { auditExport } from './plugins/audit-export';
import { exportDownload } from './privacy/download';
import { canonicalHost } from './plugins/canonical-host';
import { compression } from './plugins/compression';
import { germanClientError, inputLimits } from './plugins/input-limits';
import { dependencyErrors, readiness } from './plugins/dependencies';
import { draining } from './plugins/draining';
import { rateLimits } from './plugins/rate-limits';
import { securityHeaders } from './plugins/security-headers';
import { inlineScriptHashes } from './plugins/static-spa';
import { web } from './plugins/web';
import { restApi } from './rest/plugin';
import { playerReader } from './routers/player-reader';
import { createServices, type AppOverrides } from './services';
import { trpcApi } from './trpc/plugin';
import { requestAuthHook } from './trpc/request-auth';

export type { AppOverrides } from './services';

declare module 'fastify' {
  interface FastifyInstance {
    /** The BFF's database and audit log (server.ts opens it before listening). */
    nova: { database: Database; audit: AuditLog; webhooks: Webhooks };
  }
}

/** A hop count means: believe that many proxies in front of us (proxy-addr's hop index). */
function trustProxyOption(setting: Env['trustProxy']) {
  if (typeof setting !== 'number') return setting;
  return (_address: string, hop: number) => hop < setting;
}

// Resolved from this file, which is one folder below apps/bff in the sources and in the bundle alike.
const defaultWebDist = () => resolve(dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export async function buildApp(env: Env, overrides: AppOverrides = {}): Promise<FastifyInstance> {
  const webDist = env.webDistDir ?? defaultWebDist();
  const app = Fastify({
    logger:
      overrides.logger ??
      loggerOptions({
        level: env.logLevel,
        format: env.logFormat,
        stream: overrides.logStream,
        mixin: tracingOn() ? traceFields : undefined,
      }),
    // One line per request of our own (observability/requests.ts) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: trustProxyOption(env.trustProxy),
    // tRPC batches name their procedures in one path segment ("session.me,player.profile").
    routerOptions: { maxParamLength: 1000 },
    return503OnClosing: true,
    // Limits before any work (decision 070): bodies by Content-Length before they are read, headers
    // in Node's HTTP parser, both answered in German.
    bodyLimit: env.requestLimits.bodyBytes,
    http: { maxHeaderSize: env.requestLimits.headerBytes },
    clientErrorHandler: germanClientError,
  });
  // Before every other plugin: the request's span covers their hooks and routes.
  const tracing = fastifyTracing();
  if (tracing) await app.register(tracing);
  observeRequests(app, { metrics: env.metrics, tracing: tracing !== null });

  inputLimits(app, env.requestLimits);
  const services = await createServices(app, env, overrides, { playerReader });
  const { store, database, audit, sessions, oidc } = services;
  app.decorate('nova', { database, audit, webhooks: services.webhooks });

  await app.register(canonicalHost, { publicUrl: env.publicUrl });
  await app.register(cookie);
  await app.register(securityHeaders, {
    assetBaseUrl: env.publicConfig.assetBaseUrl,
    publicUrl: env.publicUrl,
    issuer: env.oidc.issuer,
    https: env.httpsCookies,
    scriptHashes: inlineScriptHashes(webDist),
  });
  await app.register(compression);
  const limits = await rateLimits(app, env.rateLimits, env.redisUrl, env.redisCommandTimeoutMs);

  app.get('/healthz', () => ({ status: 'ok' }));
  await app.register(draining);
  dependencyErrors(app);
  readiness(app, {
    store,
    database,
    issuer: env.oidc.issuer,
    ...(overrides.oidcFetch ? { fetch: overrides.oidcFetch } : {}),
  });
  await calendarFeed(app, {
    gameApi: services.gameApi,
    publicCache: services.publicCache,
    publicUrl: env.publicUrl,
    cacheSeconds: env.gameApi.publicCacheSeconds,
    eventMinutes: env.calendarEventMinutes,
  });
  app.get('/public-config.json', (_request, reply) =>
    reply.header('cache-control', 'no-cache').send(env.publicConfig),
  );

  await app.register(authScope, {
    env,
    services,
    limits,
    ...(overrides.discordFetch ? { discordFetch: overrides.discordFetch } : {}),
  });
  await app.register(trpcApi, { env, services, limits });
  await app.register(restApi, { prefix: '/api', env, services, limits });
  const authenticate = requestAuthHook({
    publicUrl: env.publicUrl,
    sessions,
    oidc,
    machineClientIds: env.oidc.machineClientIds,
    audit,
  });
  await app.register(auditExport, { audit, limits, authenticate, maxConcurrent: env.auditExportsMax });
  await app.register(exportDownload, {
    audit,
    exports: services.privacy.exports,
    limits,
    // Its refusals are recorded by the download itself, as privacy.download.
    authenticate: requestAuthHook({
      publicUrl: env.publicUrl,
      sessions,
      oidc,
      machineClientIds: env.oidc.machineClientIds,
      audit,
      adminActionsOf: () => [],
    }),
    now: services.now,
  });
  await app.register(web, { env, services, webDist });
  return app;
}
