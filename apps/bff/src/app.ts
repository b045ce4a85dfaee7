/**
 * Builds the BFF as a Fastify instance (not listening; tests use `inject`): auth routes, tRPC under
 * /trpc, health, security headers and the built SPA.
 */
import { loggerOptions, readableRequestLog } from './logging';
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import etag from '@fastify/etag';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { startIntentSweep } from './audit/intent-sweep';
import { AuditLog } from './audit/log';
import { OidcClient } from './auth/oidc';
import { discordRoutes } from './auth/discord';
import { pageStylesByHash } from './auth/pages';
import { DiscordNames } from './sync/discord-names';
import { authRoutes } from './auth/routes';
import { clientUrls } from './auth/urls';
import { TokenService } from './auth/token-service';
import { createDatabase, type Database } from './db/database';
import type { Env } from './env';
import { calendarFeed } from './feeds/calendar-ics';
import { GameApiClient } from './game-api/client';
import { SharedCache } from './game-api/shared-cache';
import { compression } from './plugins/compression';
import { dependencyErrors, readiness } from './plugins/dependencies';
import { publicResponseCache } from './plugins/public-response-cache';
import { rateLimits } from './plugins/rate-limits';
import { auditExport } from './plugins/audit-export';
import { canonicalHost } from './plugins/canonical-host';
import { securityHeaders } from './plugins/security-headers';
import { loadServerRenderer } from './plugins/server-render';
import { inlineScriptHashes, staticSpa } from './plugins/static-spa';
import { toCalendarView, toToplistView } from './mappers/public';
import { Calendar, Toplist, gameApiPaths } from '@nova/contracts';
import { appRouter, type AppRouter } from './routers';
import { SessionManager } from './session/manager';
import { MemorySessionStore } from './session/memory-store';
import { EncryptedSessionStore, tokenEncryptionKey } from './session/encrypted-store';
import { idempotencyStore } from './audit/idempotency';
import { RedisGuard } from './session/redis-guard';
import { guardedStore, RedisSessionStore } from './session/redis-store';
import type { SessionStore } from './session/types';
import { createContext } from './trpc/context';
import { requestAuthHook } from './trpc/request-auth';
import { shortenIp } from './audit/client-ip';
import { recordProcedureError } from './audit/refusals';
import { wholeAnswer } from './trpc/whole-answer';

export interface AppOverrides {
  /** Used as given (tests); the store the app builds itself encrypts tokens at rest (decision 031). */
  store?: SessionStore;
  oidcFetch?: typeof fetch;
  gameApiFetch?: typeof fetch;
  discordFetch?: typeof fetch;
  logger?: FastifyServerOptions['logger'];
  /** Test hook: the production logger configuration, writing to this stream. */
  logStream?: { write: (line: string) => void };
  now?: () => number;
  /** The BFF's database (tests share one); default: from the environment, closed with the app. */
  database?: Database;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The BFF's database and audit log (server.ts opens it before listening). */
    nova: { database: Database; audit: AuditLog };
  }
}

/** Keycloak's admin console page of a user, derived from the issuer `…/realms/{realm}`. */
export function adminUserUrlFor(issuer: string, override: string | undefined): (userId: string) => string {
  if (override) return (id) => override.replaceAll('{id}', encodeURIComponent(id));
  const at = issuer.lastIndexOf('/realms/');
  const base = at >= 0 ? issuer.slice(0, at) : new URL(issuer).origin;
  const realm = encodeURIComponent(
    at >= 0 ? issuer.slice(at + '/realms/'.length).replace(/\/$/, '') : 'master',
  );
  return (id) => `${base}/admin/${realm}/console/#/${realm}/users/${encodeURIComponent(id)}/settings`;
}

/** A hop count means: believe that many proxies in front of us (proxy-addr's hop index). */
function trustProxyOption(setting: Env['trustProxy']) {
  if (typeof setting !== 'number') return setting;
  return (_address: string, hop: number) => hop < setting;
}

/** Public procedures without input: the same answer for every caller (see public-response-cache). */
const PUBLIC_PROCEDURES = ['toplist.get', 'calendar.list'] as const;

const defaultWebDist = () => resolve(dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export async function buildApp(env: Env, overrides: AppOverrides = {}): Promise<FastifyInstance> {
  const now = overrides.now ?? Date.now;
  const webDist = env.webDistDir ?? defaultWebDist();
  const securityHeaderOptions = {
    assetBaseUrl: env.publicConfig.assetBaseUrl,
    publicUrl: env.publicUrl,
    issuer: env.oidc.issuer,
    https: env.httpsCookies,
    scriptHashes: inlineScriptHashes(webDist),
  };
  const app = Fastify({
    logger:
      overrides.logger ??
      loggerOptions({ level: env.logLevel, format: env.logFormat, stream: overrides.logStream }),
    disableRequestLogging: env.logFormat === 'pretty',
    trustProxy: trustProxyOption(env.trustProxy),
    // tRPC batches name their procedures in one path segment ("session.me,player.profile").
    routerOptions: { maxParamLength: 1000 },
    return503OnClosing: true,
  });
  if (env.logFormat === 'pretty') readableRequestLog(app);

  let store = overrides.store;
  if (!store) {
    let plain: SessionStore;
    if (env.redisUrl) {
      const redis = new RedisSessionStore(env.redisUrl, env.redisCommandTimeoutMs);
      await redis.ready();
      // Every call through one circuit: with Redis away, 503 at once (decision 054).
      plain = guardedStore(redis, new RedisGuard());
    } else {
      plain = new MemorySessionStore(now);
    }
    // Tokens never rest in the store in plain text (decision 031).
    const owned = new EncryptedSessionStore(plain, tokenEncryptionKey(env.session.encryptionKey));
    app.addHook('onClose', () => owned.close());
    store = owned;
  }

  let database = overrides.database;
  if (!database) {
    const owned = createDatabase(env.database, {
      timeouts: env.databaseTimeouts,
      log: app.log,
      auditRetentionDays: env.auditRetentionDays,
    });
    app.addHook('onClose', () => owned.close());
    database = owned;
  }
  const audit = new AuditLog(database);
  const discordNames = new DiscordNames(database);
  app.decorate('nova', { database, audit });
  // Intents a crash left open are closed when the app is ready and every minute after.
  let stopSweep = () => {};
  app.addHook('onReady', () => {
    stopSweep = startIntentSweep(audit, env.auditIntentMaxAgeSeconds, app.log, now);
  });
  app.addHook('onClose', () => stopSweep());

  const sessions = new SessionManager({
    store,
    secret: env.session.secret,
    idleSeconds: env.session.idleSeconds,
    absoluteSeconds: env.session.absoluteSeconds,
    secure: env.secureCookies,
    https: env.httpsCookies,
    now,
  });
  const oidc = new OidcClient({
    issuer: env.oidc.issuer,
    clientId: env.oidc.clientId,
    clientSecret: env.oidc.clientSecret,
    redirectUri: clientUrls(env.publicUrl).redirectUri,
    postLogoutRedirectUri: clientUrls(env.publicUrl).postLogoutRedirectUri,
    ...(overrides.oidcFetch ? { fetch: overrides.oidcFetch } : {}),
  });
  const gameApi = new GameApiClient({
    baseUrl: env.gameApi.baseUrl,
    timeoutMs: env.gameApi.timeoutMs,
    callsPerRequest: env.gameApi.callsPerRequest,
    breaker: env.gameApi.breaker,
    log: app.log,
    ...(overrides.gameApiFetch ? { fetch: overrides.gameApiFetch } : {}),
  });
  app.addHook('onClose', () => gameApi.close());
  const tokens = new TokenService(store, oidc, app.log, now);
  const publicCache = new SharedCache(env.gameApi.publicCacheSeconds * 1000, now);
  const adminUserUrl = adminUserUrlFor(env.oidc.issuer, env.oidc.adminUserUrl);

  canonicalHost(app, env.publicUrl);
  await app.register(cookie);
  securityHeaders(app, securityHeaderOptions);
  await compression(app);

  const limits = await rateLimits(app, env.rateLimits, env.redisUrl, env.redisCommandTimeoutMs);

  app.get('/healthz', () => ({ status: 'ok' }));
  dependencyErrors(app);
  readiness(app, {
    store,
    database,
    issuer: env.oidc.issuer,
    ...(overrides.oidcFetch ? { fetch: overrides.oidcFetch } : {}),
  });
  await calendarFeed(app, {
    gameApi,
    publicCache,
    publicUrl: env.publicUrl,
    cacheSeconds: env.gameApi.publicCacheSeconds,
    eventMinutes: env.calendarEventMinutes,
  });
  app.get('/public-config.json', (_request, reply) =>
    reply.header('cache-control', 'no-cache').send(env.publicConfig),
  );

  await app.register((auth, _options, done) => {
    auth.addHook('onRequest', limits.auth);
    auth.addHook('onSend', (_request, reply, payload, done) => {
      pageStylesByHash(reply);
      done(null, payload);
    });
    authRoutes(auth, {
      publicUrl: env.publicUrl,
      sessions,
      oidc,
      gameApi,
      audit,
      pendingSignInsMax: env.pendingSignInsMax,
    });
    discordRoutes(auth, {
      publicUrl: env.publicUrl,
      sessions,
      secret: env.session.secret,
      discord: env.discord,
      gameApi,
      accessTokenOf: (session) => tokens.accessToken(session.key, session.record.auth),
      names: discordNames,
      now,
      ...(overrides.discordFetch ? { fetch: overrides.discordFetch } : {}),
    });
    done();
  });

  await app.register(async (trpc) => {
    // Hooks run in the order added. tRPC's answer becomes a Buffer before the cache and ETag see it;
    // hits of the public answer cache are sent before the rate limits and the session lookup.
    trpc.addHook('onSend', wholeAnswer);
    publicResponseCache(trpc, {
      prefix: '/trpc',
      procedures: PUBLIC_PROCEDURES,
      ttlMs: env.gameApi.publicCacheSeconds * 1000,
      publicUrl: env.publicUrl,
      now,
    });
    trpc.addHook('onRequest', limits.trpcPerClient);
    trpc.addHook(
      'onRequest',
      requestAuthHook({
        publicUrl: env.publicUrl,
        sessions,
        oidc,
        machineClientIds: env.oidc.machineClientIds,
        audit,
      }),
    );
    trpc.addHook('onRequest', limits.trpcPerUser);
    trpc.addHook('onSend', (_request, reply, payload, done) => {
      // Answers of the public answer cache carry their own (shared) Cache-Control.
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      done(null, payload);
    });
    await trpc.register(etag);
    await trpc.register(fastifyTRPCPlugin, {
      prefix: '/trpc',
      trpcOptions: {
        router: appRouter,
        maxBatchSize: 20,
        createContext: createContext({
          sessions,
          tokens,
          oidc,
          audit,
          discordNames,
          gameApi,
          publicCache,
          adminUserUrl,
          stepUpMaxAgeSeconds: env.stepUpMaxAgeSeconds,
          idempotency: await idempotencyStore(
            app,
            env.redisUrl,
            env.redisCommandTimeoutMs,
            env.idempotencyNamespace,
          ),
          now,
        }),
        responseMeta({ errors }) {
          // A service that is down (the game API's open circuit, the identity provider) says when to
          // try again, like the 503s of the dependencies handler and the 429s of the rate limits.
          if (errors.some((error) => error.code === 'SERVICE_UNAVAILABLE'))
            return { headers: { 'retry-after': String(Math.ceil(env.gameApi.breaker.cooldownMs / 1000)) } };
          return {};
        },
        onError({ error, path, input, ctx, req }) {
          if (error.code === 'INTERNAL_SERVER_ERROR') app.log.error({ err: error, path }, 'procedure failed');
          recordProcedureError(audit, req.log, {
            error,
            path,
            input,
            principal: ctx?.principal ?? null,
            requestId: req.id,
            clientIp: shortenIp(req.ip),
          });
        },
      } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
    });
  });

  const authenticate = requestAuthHook({
    publicUrl: env.publicUrl,
    sessions,
    oidc,
    machineClientIds: env.oidc.machineClientIds,
    audit,
  });
  await app.register(auditExport, { audit, limits, authenticate });

  if (existsSync(resolve(webDist, 'index.html'))) {
    // The same shared cache (and game API call) as toplist.get and calendar.list.
    const renderer = await loadServerRenderer({
      webDist,
      ssrDir: resolve(webDist, '../dist-ssr'),
      publicConfig: env.publicConfig,
      loadData: {
        toplist: async () =>
          toToplistView(await publicCache.get('toplist', () => gameApi.get(gameApiPaths.toplist(), Toplist))),
        calendar: async () =>
          toCalendarView(
            await publicCache.get('calendar', () => gameApi.get(gameApiPaths.calendar(), Calendar)),
          ),
      },
      log: app.log,
    });
    await staticSpa(app, {
      root: webDist,
      publicConfig: env.publicConfig,
      renderer,
      meOf: async (request) => {
        const session = await sessions.load(request.cookies[sessions.cookieName]);
        if (!session) return { signedIn: false };
        const { record } = session;
        return {
          signedIn: true,
          id: record.userId,
          username: record.auth.username,
          displayName: record.displayName,
          roles: record.auth.roles,
        };
      },
    });
  } else {
    app.log.warn({ webDist }, 'no SPA build found; serving the API only (run `pnpm build`)');
  }

  return app;
}
