/**
 * The BFF's database (decision 020): PostgreSQL when DATABASE_URL is set, otherwise embedded PGlite
 * persisting under DATA_DIR (in memory when DATA_DIR is `memory://`), so `pnpm start` needs nothing
 * installed. One schema and one query layer (Kysely) for both; migrations run when it opens.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, Migrator, PostgresDialect, sql, type Dialect } from 'kysely';
import pg from 'pg';
import { migrationProvider } from './migrations';
import { PGliteDialect } from './pglite-dialect';
import { loadTemplate } from './pglite-template';
import {
  DEFAULT_TIMEOUTS,
  lockPool,
  resilientPool,
  type LockPool,
  type PoolStats,
  type PostgresTimeouts,
} from './postgres-pool';
import type { Schema } from './schema';

export interface DatabaseOptions {
  timeouts?: PostgresTimeouts;
  log?: { warn(object: object, message: string): void };
  /**
   * The audit purge's floor (decision 058), written by the owner at open: the purge function refuses
   * a cut-off younger than this retention.
   */
  auditRetentionDays?: number;
}

/**
 * PostgreSQL: `url` is the runtime's connection; `migrationUrl` (DATABASE_MIGRATION_URL) the
 * owner's, for migrations and grants only. Without it the runtime's role migrates itself.
 */
export type DatabaseConfig =
  { kind: 'postgres'; url: string; migrationUrl?: string | undefined } | { kind: 'pglite'; dataDir: string };

/**
 * The database, opened (and migrated) on first use or by `open()` at start-up; the server calls
 * `open()` before it listens, tests that never touch the database never pay for it.
 */
/** What opening is doing, for the start's progress (start-progress.ts). */
export type OpenPhase = 'creating-database' | 'opening-database' | 'migrating';

export interface Database {
  readonly kind: DatabaseConfig['kind'];
  /**
   * Opens and migrates once; every later call returns the same instance. `onPhase` hears the phases
   * of the call that opens.
   */
  open(onPhase?: (phase: OpenPhase) => void): Promise<Kysely<Schema>>;
  /** Rejects when the database cannot be reached. */
  ping(): Promise<void>;
  /**
   * PostgreSQL: the connections that hold the write locks every instance honours (decision 066);
   * null for embedded PGlite, which only this process uses.
   */
  locks(): LockPool | null;
  /**
   * Why audited writes could not be recorded now (empty when they can): a read-only database or
   * transaction mode, or the connection's role missing INSERT on the audit log or EXECUTE on an
   * audit function it calls. Rejects when the database cannot be reached.
   */
  auditWriteProblems(): Promise<string[]>;
  close(): Promise<void>;
  /** The PostgreSQL pool's connections once open (null for PGlite or before opening). */
  poolStats?(): PoolStats | null;
  /** PostgreSQL: where a dedicated connection LISTENs for the live updates (decision 106). */
  readonly listenUrl?: string | null;
}

/** What every PGlite of the BFF loads: the audit log's keyword and person indexes (migration 012, decision 104). */
export const PGLITE_EXTENSIONS = { pg_trgm };

/**
 * PGlite, ready: a data directory without PG_VERSION (and `memory://`) is created first, from the
 * build's template when there is one (pglite-template.ts), else by PGlite's initdb.
 */
async function pglite(dataDir: string, onPhase: (phase: OpenPhase) => void): Promise<Dialect> {
  const memory = dataDir === 'memory://';
  if (!memory) mkdirSync(dataDir, { recursive: true });
  const exists = !memory && existsSync(join(dataDir, 'PG_VERSION'));
  onPhase(exists ? 'opening-database' : 'creating-database');
  const template = exists ? null : loadTemplate();
  const instance = new PGlite({
    extensions: PGLITE_EXTENSIONS,
    ...(memory ? {} : { dataDir }),
    ...(template ? { loadDataDir: template } : {}),
  });
  await instance.waitReady;
  return new PGliteDialect(instance);
}

export async function migrate(db: Kysely<unknown>): Promise<void> {
  const { error, results } = await new Migrator({ db, provider: migrationProvider }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`database migration failed${failed ? ` at ${failed.migrationName}` : ''}`, {
      cause: error,
    });
  }
}

/** Migrates through a database of its own; it is destroyed when the migration failed. */
async function migrated(db: Kysely<unknown>): Promise<void> {
  try {
    await migrate(db);
  } catch (error) {
    await db.destroy().catch(() => undefined);
    throw error;
  }
}

/** The owner's settings after migrating: the purge's floor, and the runtime role's grants when it differs. */
async function configure(
  db: Kysely<unknown>,
  options: DatabaseOptions,
  runtimeRole: string | null,
): Promise<void> {
  if (options.auditRetentionDays !== undefined) {
    await sql`update audit_chain set min_retention_days = ${options.auditRetentionDays} where id = 1`.execute(
      db,
    );
  }
  if (!runtimeRole) return;
  // The runtime may read and append audit records, use the three bounded functions, and keep the
  // Discord names and the creates' idempotency keys; it can neither change nor delete a record, nor
  // alter the table.
  const role = sql.id(runtimeRole);
  await sql`grant usage on schema public to ${role}`.execute(db);
  await sql`revoke all on audit_log, audit_chain, audit_purged from ${role}`.execute(db);
  await sql`grant select, insert on audit_log to ${role}`.execute(db);
  await sql`grant select on audit_chain, audit_purged to ${role}`.execute(db);
  await sql`grant select, insert, update, delete on discord_names to ${role}`.execute(db);
  await sql`grant select, insert, update, delete on idempotency_keys to ${role}`.execute(db);
  // The data exports and privacy requests (decisions 101, 102).
  await sql`grant select, insert, update, delete on privacy_exports, privacy_export_parts,
    privacy_export_chunks, privacy_requests
    to ${role}`.execute(db);
  // The persons of the audit log (decision 099): made at first sight, their names kept current, and
  // forgotten (key deleted) or held (decision 100) by the runtime; the move's history read only.
  await sql`grant select, insert, update, delete on audit_persons, audit_person_keys, audit_legal_holds
    to ${role}`.execute(db);
  await sql`grant select on audit_rechained, audit_legacy_hashes to ${role}`.execute(db);
  // Webhooks (decision 097): subscriptions, the outbox and its attempts are the runtime's to keep.
  await sql`grant select, insert, update, delete on webhook_subscriptions, webhook_deliveries,
    webhook_attempts to ${role}`.execute(db);
  await sql`grant execute on function audit_complete(bigint, text, jsonb, int, text, text),
    audit_close_abandoned(timestamptz, text), audit_purge(timestamptz) to ${role}`.execute(db);
  // And the chain's linker (decision 068).
  await sql`grant execute on function audit_link(int) to ${role}`.execute(db);
}

/** The role a connection URL signs in as, when it is another than the owner's. */
function runtimeRoleOf(url: string, migrationUrl: string | undefined): string | null {
  if (!migrationUrl) return null;
  const runtime = decodeURIComponent(new URL(url).username);
  const owner = decodeURIComponent(new URL(migrationUrl).username);
  return runtime && runtime !== owner ? runtime : null;
}

/**
 * PostgreSQL: migrations through one connection without the statement timeout (a migration may
 * take longer than any request should), then the request pool with all timeouts (postgres-pool.ts).
 * PGlite: one instance for both.
 */
async function openAndMigrate(
  config: DatabaseConfig,
  options: DatabaseOptions,
  onPhase: (phase: OpenPhase) => void,
  onPool: (stats: () => PoolStats) => void,
): Promise<Kysely<Schema>> {
  if (config.kind === 'pglite') {
    const db = new Kysely<Schema>({ dialect: await pglite(config.dataDir, onPhase) });
    onPhase('migrating');
    await migrated(db as unknown as Kysely<unknown>);
    await configure(db as unknown as Kysely<unknown>, options, null);
    return db;
  }
  onPhase('opening-database');
  const timeouts = options.timeouts ?? DEFAULT_TIMEOUTS;
  const pool = new pg.Pool({
    connectionString: config.migrationUrl ?? config.url,
    max: 1,
    connectionTimeoutMillis: timeouts.connectMs,
  });
  pool.on('error', (error) => options.log?.warn({ err: error }, 'database connection lost (migration)'));
  const migrator = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });
  onPhase('migrating');
  await migrated(migrator);
  try {
    await configure(migrator, options, runtimeRoleOf(config.url, config.migrationUrl));
  } finally {
    await migrator.destroy();
  }
  const requests = resilientPool(config.url, timeouts, options.log);
  onPool(() => requests.stats());
  return new Kysely<Schema>({ dialect: new PostgresDialect({ pool: requests }) });
}

/**
 * The audit functions the runtime role calls for audited writes: the completion, the chain's linker
 * (decision 068) and the sweep of abandoned intents.
 */
const AUDIT_FUNCTIONS = ['audit_complete', 'audit_link', 'audit_close_abandoned'];

async function auditWriteProblems(db: Kysely<Schema>): Promise<string[]> {
  // One short query: settings and privileges as the connection's own role sees them.
  const { rows } = await sql<{ readOnly: string; canInsert: boolean; executable: string | null }>`
    select current_setting('transaction_read_only') as "readOnly",
      has_table_privilege('audit_log', 'INSERT') as "canInsert",
      (select string_agg(p.proname, ',') from pg_proc p
        where p.proname in (${sql.join(AUDIT_FUNCTIONS)}) and pg_function_is_visible(p.oid)
          and has_function_privilege(p.oid, 'EXECUTE')) as "executable"`.execute(db);
  const [row] = rows;
  if (!row) return ['keine Antwort'];
  const problems: string[] = [];
  if (row.readOnly === 'on') problems.push('schreibgeschützt (read-only)');
  const missing = [
    ...(row.canInsert ? [] : ['INSERT auf audit_log']),
    ...AUDIT_FUNCTIONS.filter((name) => !(row.executable ?? '').split(',').includes(name)).map(
      (name) => `EXECUTE auf ${name}`,
    ),
  ];
  if (missing.length > 0) problems.push(`fehlende Rechte: ${missing.join(', ')}`);
  return problems;
}

export function createDatabase(config: DatabaseConfig, options: DatabaseOptions = {}): Database {
  let opening: Promise<Kysely<Schema>> | undefined;
  let locks: LockPool | undefined;
  let closed = false;
  let poolStats: (() => PoolStats) | null = null;
  const open = (onPhase: (phase: OpenPhase) => void = () => {}) => {
    if (closed) return Promise.reject(new Error('the database is closed'));
    // A failed open (PostgreSQL not reachable yet) is tried again on the next use.
    opening ??= openAndMigrate(config, options, onPhase, (stats) => (poolStats = stats)).catch(
      (error: unknown) => {
        opening = undefined;
        throw error;
      },
    );
    return opening;
  };
  return {
    kind: config.kind,
    listenUrl: config.kind === 'postgres' ? config.url : null,
    open,
    poolStats: () => poolStats?.() ?? null,
    ping: async () => {
      await sql`select 1`.execute(await open());
    },
    locks: () => {
      if (config.kind === 'pglite') return null;
      if (closed) throw new Error('the database is closed');
      locks ??= lockPool(config.url, options.timeouts ?? DEFAULT_TIMEOUTS, options.log);
      return locks;
    },
    auditWriteProblems: async () => auditWriteProblems(await open()),
    close: async () => {
      closed = true;
      const pending = opening;
      opening = undefined;
      await locks?.end();
      locks = undefined;
      if (pending) await (await pending.catch(() => null))?.destroy();
    },
  };
}
