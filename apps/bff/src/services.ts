/** The BFF's long-lived services, made once per app and closed with it; the plugins receive them. */
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { startIntentSweep } from './audit/intent-sweep';
import { IdempotencyKeys, startKeyRetention } from './audit/idempotency';
import { AuditLog } from './audit/log';
import { AuditPersons } from './db/persons';
import { TargetLocks } from './audit/target-locks';
import { OidcClient } from './auth/oidc';
import { TokenService } from './auth/token-service';
import { clientUrls } from './auth/urls';
import { createDatabase, type Database } from './db/database';
import type { Env } from './env';
import { GameApiClient, type Transport } from './game-api/client';
import { SharedCache } from './game-api/shared-cache';
import { watch } from './observability/metrics';
import { openIntents } from './observability/open-intents';
import { EncryptedSessionStore, tokenEncryptionKey } from './session/encrypted-store';
import { SessionManager } from './session/manager';
import { MemorySessionStore } from './session/memory-store';
import { RedisGuard } from './session/redis-guard';
import { guardedStore, RedisSessionStore } from './session/redis-store';
import type { SessionStore } from './session/types';
import { DiscordNames } from './sync/discord-names';
import { startAuditChain } from './audit/linker';
import { ExportStore } from './privacy/export-store';
import { forgettingEraser } from './privacy/forget';
import { PrivacyRequests, type PrivacyEraser } from './privacy/requests';
import type { PlayerReader } from './privacy/export-job';
import { startExportRunner, type Runner } from './privacy/runner';
import type { PrivacyServices } from './privacy/services';
import type { LiveHub } from './live/hub';
import { liveHub } from './live/service';
import { createWebhooks, type Webhooks } from './webhooks/service';
import type { Sender } from './webhooks/sender';

export interface AppOverrides {
  /** Used as given (tests); the store the app builds itself encrypts tokens at rest (decision 031). */
  store?: SessionStore;
  oidcFetch?: typeof fetch;
  /** Instead of the pooled connections to the game API (tests: fault injection, counting). */
  gameApiTransport?: Transport;
  discordFetch?: typeof fetch;
  logger?: FastifyServerOptions['logger'];
  /** Test hook: the production logger configuration, writing to this stream. */
  logStream?: { write: (line: string) => void };
  now?: () => number;
  /** The BFF's database (tests share one); default: from the environment, closed with the app. */
  database?: Database;
  /** Instead of the eraser an erasure request's "erledigt" runs (decision 102). */
  privacyEraser?: PrivacyEraser;
  /** Instead of the webhooks' HTTP sender (tests). */
  webhookSend?: Sender;
}

export interface Services {
  store: SessionStore;
  database: Database;
  audit: AuditLog;
  discordNames: DiscordNames;
  sessions: SessionManager;
  oidc: OidcClient;
  gameApi: GameApiClient;
  tokens: TokenService;
  /** The public game API answers (toplist, calendar) shared by tRPC, the feed and server rendering. */
  publicCache: SharedCache;
  adminUserUrl: (userId: string) => string;
  /** Keys of creates, in the database (decisions 044, 066). */
  idempotency: IdempotencyKeys;
  /** The write targets' locks, honoured by every instance (decision 066). */
  locks: TargetLocks;
  /** "Meine Daten" and "Datenschutzanfragen" (decisions 101, 102). */
  privacy: PrivacyServices;
  /** The live audit log and the presence of editors, across instances (decision 106). */
  live: LiveHub;
  /** Webhook subscriptions, the outbox's worker (decision 097). */
  webhooks: Webhooks;
  now: () => number;
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

/** The session store: Redis when configured, else memory; tokens encrypted at rest either way. */
async function sessionStore(app: FastifyInstance, env: Env, now: () => number): Promise<SessionStore> {
  let plain: SessionStore;
  if (env.redisUrl) {
    const redis = new RedisSessionStore(env.redisUrl, env.redisCommandTimeoutMs);
    await redis.ready();
    // Every call through one circuit: with Redis away, 503 at once (decision 054).
    const guard = new RedisGuard();
    plain = guardedStore(redis, guard);
    app.addHook(
      'onClose',
      watch({
        breakers: { 'redis-sessions': () => guard.state },
        redis: { sessions: () => redis.connected },
      }),
    );
  } else {
    const memory = new MemorySessionStore(now);
    app.addHook('onClose', watch({ sessions: () => memory.size }));
    plain = memory;
  }
  // Tokens never rest in the store in plain text (decision 031).
  const owned = new EncryptedSessionStore(plain, tokenEncryptionKey(env.session.encryptionKey));
  app.addHook('onClose', () => owned.close());
  return owned;
}

function database(app: FastifyInstance, env: Env): Database {
  const owned = createDatabase(env.database, {
    timeouts: env.databaseTimeouts,
    log: app.log,
    auditRetentionDays: env.auditRetentionDays,
  });
  app.addHook('onClose', () => owned.close());
  return owned;
}

/** Builds the services; those the app made (not the overrides) close with it. */
/** What the services take from the HTTP layer, handed over by the assembly (app.ts). */
export interface FromHttp {
  /** The data export's reader of the player screens (routers/player-reader.ts). */
  playerReader: (deps: {
    gameApi: GameApiClient;
    publicCache: SharedCache;
    adminUserUrl: (userId: string) => string;
    log: FastifyInstance['log'];
    now: () => number;
  }) => PlayerReader;
}

export async function createServices(
  app: FastifyInstance,
  env: Env,
  overrides: AppOverrides,
  fromHttp: FromHttp,
): Promise<Services> {
  const now = overrides.now ?? Date.now;
  const store = overrides.store ?? (await sessionStore(app, env, now));
  const db = overrides.database ?? database(app, env);
  const audit = new AuditLog(db, undefined, undefined, undefined, new AuditPersons(env.auditPersonMasterKey));
  // A lock is waited for as long as any statement may take.
  const locks = new TargetLocks(db, env.databaseTimeouts.statementMs);
  const idempotency = new IdempotencyKeys(db, locks);
  // Intents a crash left open are closed when the app is ready and every minute after; old
  // idempotency keys deleted every hour.
  let stopSweep = () => {};
  app.addHook('onReady', () => {
    const stopIntents = startIntentSweep(audit, env.auditIntentMaxAgeSeconds, app.log, now);
    const stopKeys = startKeyRetention(idempotency, app.log, now);
    stopSweep = () => {
      stopIntents();
      stopKeys();
    };
  });
  app.addHook('onClose', () => stopSweep());

  // The chain linked and its head signed from the start (decisions 068, 069); at shutdown the kept
  // sign-in records get their last chance and the head its last signature.
  audit.logTo(app.log);
  let stopChain = () => Promise.resolve();
  app.addHook('onReady', () => {
    stopChain = startAuditChain(audit, env.auditCheckpoints, app.log);
    // Keys made before a master key was configured are wrapped now (decision 099).
    if (env.auditPersonMasterKey)
      void db
        .open()
        .then((opened) => audit.persons.wrapKeys(opened))
        .catch((error: unknown) => app.log.warn({ err: error }, 'audit person keys not wrapped yet'));
  });
  app.addHook('onClose', () => stopChain());

  // Webhooks (decision 097): the outbox is written with each successful record; this instance's
  // worker delivers from the start and finishes its attempts at shutdown.
  const webhooks = createWebhooks({
    database: db,
    audit,
    env: env.webhooks,
    log: app.log,
    ...(overrides.webhookSend ? { send: overrides.webhookSend } : {}),
  });
  app.addHook('onReady', () => webhooks.worker.start());
  app.addHook('onClose', () => webhooks.worker.stop());
  app.addHook('onClose', watch({ webhookOutbox: () => webhooks.store.pending() }));

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
    ...(overrides.gameApiTransport ? { transport: overrides.gameApiTransport } : {}),
  });
  app.addHook('onClose', () => gameApi.close());
  app.addHook(
    'onClose',
    watch({
      breakers: { 'game-api': () => gameApi.breakerState() },
      databasePool: () => db.poolStats?.() ?? null,
      openIntents: () => openIntents(db),
    }),
  );
  const discordNames = new DiscordNames(db);
  const tokens = new TokenService(store, oidc, app.log, now);
  const publicCache = new SharedCache(env.gameApi.publicCacheSeconds * 1000, now);
  const adminUserUrl = adminUserUrlFor(env.oidc.issuer, env.oidc.adminUserUrl);
  const privacy = privacyServices(app, env, overrides, {
    db,
    store,
    tokens,
    gameApi,
    readPlayer: fromHttp.playerReader({ gameApi, publicCache, adminUserUrl, log: app.log, now }),
    audit,
    discordNames,
    now,
  });
  const live = await liveHub(app, env, db, audit, now);
  return {
    store,
    database: db,
    live,
    audit,
    discordNames,
    sessions,
    oidc,
    gameApi,
    tokens,
    publicCache,
    adminUserUrl,
    idempotency,
    locks,
    privacy,
    webhooks,
    now,
  };
}

/**
 * The export jobs, their runner (started when the app is ready, stopped when it closes) and the
 * privacy requests. The eraser: `forgetPerson` (privacy/forget.ts, decision 100): sessions, idempotency
 * and webhook traces, the person's key in the audit log.
 */
function privacyServices(
  app: FastifyInstance,
  env: Env,
  overrides: AppOverrides,
  deps: {
    db: Database;
    store: SessionStore;
    tokens: TokenService;
    gameApi: GameApiClient;
    readPlayer: PlayerReader;
    audit: AuditLog;
    discordNames: DiscordNames;
    now: () => number;
  },
): PrivacyServices {
  const exports = new ExportStore(deps.db);
  const requests = new PrivacyRequests(deps.db, deps.now);
  let runner: Runner | null = null;
  app.addHook('onReady', () => {
    runner = startExportRunner(
      {
        store: exports,
        sessions: deps.store,
        tokens: deps.tokens,
        gameApi: deps.gameApi,
        readPlayer: deps.readPlayer,
        audit: deps.audit,
        discordNames: deps.discordNames,
        log: app.log,
        now: deps.now,
        validHours: env.privacy.exportValidHours,
      },
      {
        pollMs: env.privacy.pollMs,
        leaseMs: env.privacy.leaseMs,
        purgeRequests: () => requests.purge(env.privacy.requestRetentionDays),
      },
      app.log,
    );
  });
  app.addHook('onClose', async () => {
    await runner?.stop();
  });
  return {
    exports,
    requests,
    eraser:
      overrides.privacyEraser ??
      forgettingEraser({ database: deps.db, audit: deps.audit, store: deps.store }),
    kick: () => runner?.kick(),
    exportValidHours: env.privacy.exportValidHours,
  };
}
