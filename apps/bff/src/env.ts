/**
 * The BFF's configuration, parsed once from the environment (architecture §3). A bad value stops
 * start-up with a message naming the variable. With NODE_ENV=production nothing falls back to the
 * demo stand-ins: missing identity, game API, secrets or operator details are errors.
 */
import { createPrivateKey, type KeyObject } from 'node:crypto';
import { PRIVACY_EXPORT_VALID_HOURS } from '@nova/domain';
import { z } from 'zod';

const DEMO_ISSUER = 'http://localhost:8080/realms/nova';
const DEMO_GAME_API = 'http://localhost:8090/';
const DEV_SESSION_SECRET = 'dev-only-session-secret-not-for-production-use';

const url = z.url({ protocol: /^https?$/, error: 'muss eine http(s)-URL sein' });
const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();
const seconds = (max: number) => z.coerce.number().int().positive().max(max);

/** An Ed25519 private key from PEM (`\n` allowed for line breaks) or base64 PKCS#8 DER; null if not one. */
function ed25519PrivateKey(text: string): KeyObject | null {
  try {
    const key = text.includes('-----BEGIN')
      ? createPrivateKey(text.replaceAll('\\n', '\n'))
      : createPrivateKey({ key: Buffer.from(text, 'base64'), format: 'der', type: 'pkcs8' });
    return key.asymmetricKeyType === 'ed25519' ? key : null;
  } catch {
    return null;
  }
}

const Raw = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('localhost'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: url.optional(),
  /**
   * Which proxies' X-Forwarded-For to believe: a hop count ("1" behind one reverse proxy), a comma
   * list of addresses or CIDRs, "true" (every hop – only if nothing else can reach the BFF) or "false".
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .regex(
      /^(true|false|\d{1,2}|[0-9a-fA-F.:/,\s]+)$/,
      'muss true, false, eine Anzahl Proxys oder eine Adressliste sein',
    )
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `pretty`: short readable lines for a person at a terminal (pnpm start); `json` for machines. */
  LOG_FORMAT: z.enum(['json', 'pretty']).default('json'),
  /**
   * On SIGTERM, how long `/readyz` already answers 503 while requests are still served, so that a
   * load balancer has taken the instance out before it stops accepting (decision 078).
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(0),
  /** Then how long what runs may take to finish before the process exits regardless. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** Prometheus' /metrics on a listener of its own (decision 074); unset: not served. Never PORT. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** The metrics listener's address; default HOST. */
  METRICS_HOST: optionalText,
  /** OpenTelemetry: traces over OTLP/HTTP to this collector (`/v1/traces` is appended); unset: off. */
  OTEL_EXPORTER_OTLP_ENDPOINT: url.optional(),
  OTEL_SERVICE_NAME: z.string().trim().min(1).default('nova-bff'),
  /** Share of requests traced (0–1; a caller's sampled parent is always followed); ids are made for all. */
  OTEL_TRACES_SAMPLER_ARG: z.coerce.number().min(0).max(1).default(1),

  OIDC_ISSUER: url.optional(),
  OIDC_CLIENT_ID: z.string().min(1).default('nova-web'),
  OIDC_CLIENT_SECRET: optionalText,
  /** Client ids of machine clients (service accounts), comma-separated (decision 053). */
  MACHINE_CLIENT_IDS: z.string().default('integrator'),
  /** Override of the identity provider's user administration page; `{id}` is the user id. */
  IDP_ADMIN_USER_URL: optionalText,

  GAME_API_URL: url.optional(),
  GAME_API_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /** Game API attempts (retries included) one incoming request may cause (decision 030). */
  GAME_API_CALLS_PER_REQUEST: z.coerce.number().int().min(1).max(1000).default(30),
  /** Consecutive game API faults (timeouts, network errors, 5xx) that open the circuit breaker. */
  GAME_API_BREAKER_FAILURES: z.coerce.number().int().min(1).max(1000).default(5),
  /** Seconds the open circuit refuses calls before one probe; doubles while probes fail (max 60 s). */
  GAME_API_BREAKER_COOLDOWN_SECONDS: z.coerce.number().min(0.1).max(300).default(10),
  /** How long the public toplist and calendar are shared between visitors (0 = not at all). */
  PUBLIC_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(15),
  /** How long a fight lasts in the iCal feed: the game API names only its start. */
  CALENDAR_EVENT_MINUTES: z.coerce.number().int().min(1).max(1440).default(60),

  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'muss eine redis:// oder rediss://-URL sein' }).optional(),
  SESSION_SECRET: z.string().min(32, 'muss mindestens 32 Zeichen lang sein').optional(),
  /**
   * Key material for the tokens encrypted at rest in the session store (decision 031); without it
   * the key is derived from SESSION_SECRET. Same on every instance.
   */
  SESSION_ENCRYPTION_KEY: optionalText.pipe(
    z.string().min(32, 'muss mindestens 32 Zeichen lang sein').optional(),
  ),
  /** Keycloak's defaults are the upper bounds (architecture §5). */
  SESSION_IDLE_TIMEOUT_SECONDS: seconds(1800).default(1800),
  SESSION_ABSOLUTE_TIMEOUT_SECONDS: seconds(36_000).default(36_000),

  /** The BFF's own PostgreSQL (audit log); without it, embedded PGlite under DATA_DIR. */
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'muss eine postgres://-URL sein' }).optional(),
  /** The owner's connection for migrations and grants (decision 058); DATABASE_URL's role then only reads and appends. */
  DATABASE_MIGRATION_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'muss eine postgres://-URL sein' })
    .optional(),
  /** PGlite's folder (relative to the working directory), or `memory://` (nothing kept). */
  DATA_DIR: optionalText,
  /** A new database connection gives up after this long (decision 043). */
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(2000),
  /** One statement gives up after this long (server-side; the client half a second later). */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(2500),
  /** An audit intent open this long was left by a crash: closed as outcome "unbekannt". */
  AUDIT_INTENT_MAX_AGE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(180),
  /** How often each instance looks for export jobs, and how long a job's lease lasts without renewal. */
  PRIVACY_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(2000),
  PRIVACY_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Finished (erledigt, abgelehnt) privacy requests are deleted this many days after they closed. */
  PRIVACY_REQUEST_RETENTION_DAYS: z.coerce.number().int().min(30).max(3650).default(1095),
  /**
   * Webhooks (decision 097): `true` lets subscriptions call loopback, private and link-local
   * addresses and plain http (tests, the demo); never in production unless set on purpose.
   */
  WEBHOOKS_ALLOW_PRIVATE_TARGETS: z.enum(['true', 'false']).default('false'),
  /** One delivery attempt's time limit. */
  WEBHOOKS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** How long a claimed delivery is held before another instance may try it (a crash's cost). */
  WEBHOOKS_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** The first retry's delay; each further one doubles (with jitter), up to an hour. */
  WEBHOOKS_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(5000),
  /** Audit exports one instance streams at once (decision 071); one more is answered 429. */
  AUDIT_EXPORTS_MAX: z.coerce.number().int().min(1).max(100).default(5),
  /** Destructive admin actions need a sign-in at most this old (re-authentication). */
  STEP_UP_MAX_AGE_SECONDS: z.coerce.number().int().min(10).max(86_400).default(300),
  /**
   * Signs the audit chain's head (decision 069): an Ed25519 private key, PKCS#8 as PEM (line breaks
   * may be written `\n`) or as base64 DER. Without it no checkpoints are signed.
   */
  AUDIT_SIGNING_KEY: optionalText.pipe(
    z
      .string()
      .transform((text, ctx) => {
        const key = ed25519PrivateKey(text);
        if (!key)
          ctx.addIssue({ code: 'custom', message: 'muss ein privater Ed25519-Schlüssel (PKCS#8) sein' });
        return key ?? z.NEVER;
      })
      .optional(),
  ),
  /**
   * Wraps the audit log's per-person keys (decision 099): 32 bytes as base64 (`openssl rand -base64
   * 32`). Without it the keys are stored as they are; with it, a copy of the database alone opens no
   * name. Never change it without re-wrapping: a key it cannot open reads as an unknown person.
   */
  AUDIT_PERSON_MASTER_KEY: optionalText.pipe(
    z
      .string()
      .transform((text, ctx) => {
        const key = Buffer.from(text, 'base64');
        if (key.length !== 32) ctx.addIssue({ code: 'custom', message: 'muss 32 Bytes als base64 sein' });
        return key.length === 32 ? key : z.NEVER;
      })
      .optional(),
  ),
  /** Where the signed checkpoints are appended, one JSON line each (keep it outside the database's machine). */
  AUDIT_CHECKPOINT_FILE: optionalText,
  AUDIT_CHECKPOINT_INTERVAL_SECONDS: seconds(86_400).default(300),
  /** Request limits per window, shared through Redis when REDIS_URL is set. */
  RATE_LIMIT_WINDOW_SECONDS: seconds(3600).default(60),
  RATE_LIMIT_TRPC_PER_CLIENT: z.coerce.number().int().positive().default(600),
  RATE_LIMIT_TRPC_PER_USER: z.coerce.number().int().positive().default(300),
  RATE_LIMIT_AUTH_PER_CLIENT: z.coerce.number().int().positive().default(30),
  RATE_LIMIT_BACKCHANNEL_PER_CLIENT: z.coerce.number().int().positive().default(600),
  RATE_LIMIT_NAMESPACE: z.string().trim().min(1).default('nova:rl:'),
  /** Each Redis command's timeout (decision 054): at most 1 s, so an outage never hangs requests. */
  REDIS_COMMAND_TIMEOUT_MS: z.coerce.number().int().min(50).max(1000).default(1000),
  /**
   * Live updates (decision 106): the channel every instance publishes on and listens to (Redis
   * pub/sub or PostgreSQL NOTIFY), open streams per session at most, and the presence heartbeat
   * (an announcement lives three heartbeats; a stream checks its session once a heartbeat).
   */
  LIVE_CHANNEL: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9_:.-]{0,62}$/, 'muss ein Kanalname aus Kleinbuchstaben, Ziffern und _:.- sein')
    .default('nova:live'),
  LIVE_STREAMS_PER_SESSION: z.coerce.number().int().min(1).max(50).default(6),
  LIVE_HEARTBEAT_SECONDS: z.coerce.number().min(0.2).max(300).default(10),
  /** Pending sign-ins of all instances at most (decision 054). */
  PENDING_SIGN_INS_MAX: z.coerce.number().int().min(1).max(10_000_000).default(10_000),
  /** What one request may carry (decision 070): body, URL (path and query) and all headers. */
  REQUEST_BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(10_485_760).default(65_536),
  REQUEST_URL_LIMIT_BYTES: z.coerce.number().int().min(1024).max(65_536).default(8192),
  REQUEST_HEADER_LIMIT_BYTES: z.coerce.number().int().min(4096).max(65_536).default(16_384),

  WEB_DIST_DIR: optionalText,
  ASSET_BASE_URL: z.string().trim().min(1).default('/images/'),

  OPERATOR_NAME: optionalText,
  OPERATOR_REPRESENTATIVE: optionalText,
  OPERATOR_STREET: optionalText,
  OPERATOR_POSTAL_CODE: optionalText,
  OPERATOR_CITY: optionalText,
  OPERATOR_COUNTRY: optionalText,
  OPERATOR_EMAIL: optionalText,
  OPERATOR_PHONE: optionalText,

  FORUM_URL: url.default('https://forum.nova-legacy.example/'),
  DISCORD_URL: url.default('https://discord.gg/nova-legacy-example'),
  TEAMSPEAK_URL: z.string().default('ts3server://ts.nova-legacy.example'),
  TEAMSPEAK_DOWNLOAD_URL: url.default('https://www.teamspeak.com/de/downloads/'),
  DISCORD_DOWNLOAD_URL: url.default('https://discord.com/download'),
  /** Discord OAuth application for account linking; both or neither. */
  DISCORD_CLIENT_ID: optionalText,
  DISCORD_CLIENT_SECRET: optionalText,
  DISCORD_AUTHORIZE_URL: url.default('https://discord.com/oauth2/authorize'),
  /** Discord's API base; the token, revoke and users/@me endpoints are below it. */
  DISCORD_API_URL: url.default('https://discord.com/api/v10'),
  BACKGROUND_CREDIT_TEXT: z.string().default('Hintergrundbild: Nova Legacy'),
  BACKGROUND_CREDIT_URL: z.string().default('/imprint#bildnachweis'),
});

const PRODUCTION_REQUIRED = [
  'PUBLIC_URL',
  'OIDC_ISSUER',
  'OIDC_CLIENT_SECRET',
  'GAME_API_URL',
  'SESSION_SECRET',
  'OPERATOR_NAME',
  'OPERATOR_REPRESENTATIVE',
  'OPERATOR_STREET',
  'OPERATOR_POSTAL_CODE',
  'OPERATOR_CITY',
  'OPERATOR_EMAIL',
] as const;

function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  if (value === undefined || value === '' || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function withSlash(value: string): string {
  return value.endsWith('/') ? value : `${value}/`;
}

// Long on purpose: its one returned object literal is the `Env` type (ReturnType below).
export function parseEnv(source: Record<string, string | undefined>) {
  const result = Raw.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Ungültige Konfiguration:\n${lines.join('\n')}`);
  }
  const raw = result.data;
  const production = raw.NODE_ENV === 'production';
  if (production) {
    const missing = PRODUCTION_REQUIRED.filter((key) => raw[key] === undefined);
    if (missing.length > 0) {
      throw new ConfigError(
        `Ungültige Konfiguration:\n${missing.map((k) => `  ${k}: fehlt (in production erforderlich)`).join('\n')}`,
      );
    }
  }
  const publicUrl = new URL(raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`);
  const local = ['localhost', '127.0.0.1', '[::1]'].includes(publicUrl.hostname);
  if (production && publicUrl.protocol !== 'https:' && !local) {
    // Without https the session cookie could not be Secure nor carry the __Host- prefix.
    throw new ConfigError('Ungültige Konfiguration:\n  PUBLIC_URL: muss in production eine https-URL sein');
  }
  if (raw.METRICS_PORT !== undefined && raw.METRICS_PORT === raw.PORT) {
    // The metrics are never served next to the site (decision 074).
    throw new ConfigError('Ungültige Konfiguration:\n  METRICS_PORT: muss sich von PORT unterscheiden');
  }
  if (Boolean(raw.DISCORD_CLIENT_ID) !== Boolean(raw.DISCORD_CLIENT_SECRET)) {
    throw new ConfigError(
      'Ungültige Konfiguration:\n  DISCORD_CLIENT_ID, DISCORD_CLIENT_SECRET: nur beide zusammen oder keines',
    );
  }
  // Without a Discord application, linking is off (in production too: never a demo fallback).
  const discord =
    raw.DISCORD_CLIENT_ID && raw.DISCORD_CLIENT_SECRET
      ? {
          clientId: raw.DISCORD_CLIENT_ID,
          clientSecret: raw.DISCORD_CLIENT_SECRET,
          authorizeUrl: raw.DISCORD_AUTHORIZE_URL,
          apiUrl: raw.DISCORD_API_URL.replace(/\/+$/, ''),
        }
      : null;
  const demoOperator = 'Nova Legacy Projektteam (Demo-Angaben, bitte konfigurieren)';
  return {
    production,
    nodeEnv: raw.NODE_ENV,
    host: raw.HOST,
    port: raw.PORT,
    publicUrl: publicUrl.origin,
    secureCookies:
      publicUrl.protocol === 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(publicUrl.hostname),
    httpsCookies: publicUrl.protocol === 'https:',
    trustProxy: parseTrustProxy(raw.TRUST_PROXY),
    logLevel: raw.LOG_LEVEL,
    logFormat: raw.LOG_FORMAT,
    shutdown: { drainMs: raw.SHUTDOWN_DRAIN_MS, timeoutMs: raw.SHUTDOWN_TIMEOUT_MS },
    metrics:
      raw.METRICS_PORT === undefined ? null : { port: raw.METRICS_PORT, host: raw.METRICS_HOST ?? raw.HOST },
    tracing: raw.OTEL_EXPORTER_OTLP_ENDPOINT
      ? {
          endpoint: raw.OTEL_EXPORTER_OTLP_ENDPOINT,
          serviceName: raw.OTEL_SERVICE_NAME,
          sampleRatio: raw.OTEL_TRACES_SAMPLER_ARG,
        }
      : null,
    oidc: {
      issuer: raw.OIDC_ISSUER ?? DEMO_ISSUER,
      clientId: raw.OIDC_CLIENT_ID,
      // The demo identity provider's secret; production requires its own (checked above).
      clientSecret: raw.OIDC_CLIENT_SECRET ?? 'nova-web-dev-secret',
      adminUserUrl: raw.IDP_ADMIN_USER_URL,
      machineClientIds: raw.MACHINE_CLIENT_IDS.split(',')
        .map((id) => id.trim())
        .filter((id) => id !== ''),
    },
    gameApi: {
      baseUrl: withSlash(raw.GAME_API_URL ?? DEMO_GAME_API),
      timeoutMs: raw.GAME_API_TIMEOUT_MS,
      callsPerRequest: raw.GAME_API_CALLS_PER_REQUEST,
      breaker: {
        failures: raw.GAME_API_BREAKER_FAILURES,
        cooldownMs: Math.round(raw.GAME_API_BREAKER_COOLDOWN_SECONDS * 1000),
      },
      publicCacheSeconds: raw.PUBLIC_CACHE_SECONDS,
    },
    calendarEventMinutes: raw.CALENDAR_EVENT_MINUTES,
    redisUrl: raw.REDIS_URL,
    redisCommandTimeoutMs: raw.REDIS_COMMAND_TIMEOUT_MS,
    pendingSignInsMax: raw.PENDING_SIGN_INS_MAX,
    live: {
      channel: raw.LIVE_CHANNEL,
      streamsPerSession: raw.LIVE_STREAMS_PER_SESSION,
      heartbeatMs: Math.round(raw.LIVE_HEARTBEAT_SECONDS * 1000),
    },
    requestLimits: {
      bodyBytes: raw.REQUEST_BODY_LIMIT_BYTES,
      urlBytes: raw.REQUEST_URL_LIMIT_BYTES,
      headerBytes: raw.REQUEST_HEADER_LIMIT_BYTES,
    },
    session: {
      secret: raw.SESSION_SECRET ?? DEV_SESSION_SECRET,
      encryptionKey: raw.SESSION_ENCRYPTION_KEY ?? raw.SESSION_SECRET ?? DEV_SESSION_SECRET,
      idleSeconds: raw.SESSION_IDLE_TIMEOUT_SECONDS,
      absoluteSeconds: Math.max(raw.SESSION_ABSOLUTE_TIMEOUT_SECONDS, raw.SESSION_IDLE_TIMEOUT_SECONDS),
    },
    database: raw.DATABASE_URL
      ? ({ kind: 'postgres', url: raw.DATABASE_URL, migrationUrl: raw.DATABASE_MIGRATION_URL } as const)
      : ({
          kind: 'pglite',
          // Tests keep nothing unless they name a folder.
          dataDir: raw.DATA_DIR ?? (raw.NODE_ENV === 'test' ? 'memory://' : 'data'),
        } as const),
    databaseTimeouts: { connectMs: raw.DB_CONNECT_TIMEOUT_MS, statementMs: raw.DB_STATEMENT_TIMEOUT_MS },
    auditIntentMaxAgeSeconds: raw.AUDIT_INTENT_MAX_AGE_SECONDS,
    auditRetentionDays: raw.AUDIT_RETENTION_DAYS,
    webhooks: {
      allowPrivateTargets: raw.WEBHOOKS_ALLOW_PRIVATE_TARGETS === 'true',
      timeoutMs: raw.WEBHOOKS_TIMEOUT_MS,
      leaseMs: raw.WEBHOOKS_LEASE_SECONDS * 1000,
      retryBaseMs: raw.WEBHOOKS_RETRY_BASE_MS,
    },
    auditExportsMax: raw.AUDIT_EXPORTS_MAX,
    privacy: {
      pollMs: raw.PRIVACY_POLL_MS,
      leaseMs: raw.PRIVACY_LEASE_SECONDS * 1000,
      exportValidHours: PRIVACY_EXPORT_VALID_HOURS,
      requestRetentionDays: raw.PRIVACY_REQUEST_RETENTION_DAYS,
    },
    stepUpMaxAgeSeconds: raw.STEP_UP_MAX_AGE_SECONDS,
    auditPersonMasterKey: raw.AUDIT_PERSON_MASTER_KEY ?? null,
    auditCheckpoints: {
      key: raw.AUDIT_SIGNING_KEY ?? null,
      file: raw.AUDIT_CHECKPOINT_FILE ?? null,
      everyMs: raw.AUDIT_CHECKPOINT_INTERVAL_SECONDS * 1000,
    },
    rateLimits: {
      windowSeconds: raw.RATE_LIMIT_WINDOW_SECONDS,
      trpcPerClient: raw.RATE_LIMIT_TRPC_PER_CLIENT,
      trpcPerUser: raw.RATE_LIMIT_TRPC_PER_USER,
      authPerClient: raw.RATE_LIMIT_AUTH_PER_CLIENT,
      backchannelPerClient: raw.RATE_LIMIT_BACKCHANNEL_PER_CLIENT,
      namespace: raw.RATE_LIMIT_NAMESPACE,
    },
    webDistDir: raw.WEB_DIST_DIR,
    discord,
    publicConfig: {
      publicUrl: publicUrl.origin,
      assetBaseUrl: withSlash(raw.ASSET_BASE_URL),
      links: {
        forum: raw.FORUM_URL,
        discord: raw.DISCORD_URL,
        teamspeak: raw.TEAMSPEAK_URL,
        teamspeakDownload: raw.TEAMSPEAK_DOWNLOAD_URL,
        discordDownload: raw.DISCORD_DOWNLOAD_URL,
      },
      operator: {
        name: raw.OPERATOR_NAME ?? demoOperator,
        representative: raw.OPERATOR_REPRESENTATIVE ?? 'Max Mustermann (Demo)',
        street: raw.OPERATOR_STREET ?? 'Musterstraße 1',
        postalCode: raw.OPERATOR_POSTAL_CODE ?? '12345',
        city: raw.OPERATOR_CITY ?? 'Musterstadt',
        country: raw.OPERATOR_COUNTRY ?? 'Deutschland',
        email: raw.OPERATOR_EMAIL ?? 'kontakt@nova-legacy.example',
        phone: raw.OPERATOR_PHONE ?? null,
      },
      discordLinking: discord !== null,
      // What the privacy policy states is what the code enforces (decision 102).
      retention: {
        sessionIdleMinutes: Math.round(raw.SESSION_IDLE_TIMEOUT_SECONDS / 60),
        sessionAbsoluteHours:
          Math.round(
            (Math.max(raw.SESSION_ABSOLUTE_TIMEOUT_SECONDS, raw.SESSION_IDLE_TIMEOUT_SECONDS) / 3600) * 10,
          ) / 10,
        auditDays: raw.AUDIT_RETENTION_DAYS,
        exportHours: PRIVACY_EXPORT_VALID_HOURS,
        privacyRequestDays: raw.PRIVACY_REQUEST_RETENTION_DAYS,
      },
      backgroundCredit: { text: raw.BACKGROUND_CREDIT_TEXT, url: raw.BACKGROUND_CREDIT_URL },
    },
  };
}

export type Env = ReturnType<typeof parseEnv>;

/** The one read of process.env. */
export function loadEnv(): Env {
  return parseEnv(process.env);
}
