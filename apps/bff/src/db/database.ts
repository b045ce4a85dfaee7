/**
 * The BFF's database (decision 020): PostgreSQL when DATABASE_URL is set, otherwise embedded PGlite
 * persisting under DATA_DIR (in memory when DATA_DIR is `memory://`), so `pnpm start` needs nothing
 * installed. One schema and one query layer (Kysely) for both; migrations run when it opens.
 */
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, Migrator, PostgresDialect, sql, type Dialect } from 'kysely';
import pg from 'pg';
import { migrationProvider } from './migrations';
import { PGliteDialect } from './pglite-dialect';
import type { Schema } from './schema';

export type DatabaseConfig = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };

/**
 * The database, opened (and migrated) on first use or by `open()` at start-up; the server calls
 * `open()` before it listens, tests that never touch the database never pay for it.
 */
export interface Database {
  readonly kind: DatabaseConfig['kind'];
  /** Opens and migrates once; every later call returns the same instance. */
  open(): Promise<Kysely<Schema>>;
  /** Rejects when the database cannot be reached. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

function dialectFor(config: DatabaseConfig): Dialect {
  if (config.kind === 'postgres') {
    return new PostgresDialect({
      pool: new pg.Pool({
        connectionString: config.url,
        max: 10,
        connectionTimeoutMillis: 3000,
        idleTimeoutMillis: 30_000,
      }),
    });
  }
  if (config.dataDir !== 'memory://') mkdirSync(config.dataDir, { recursive: true });
  return new PGliteDialect(new PGlite(config.dataDir === 'memory://' ? undefined : config.dataDir));
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

async function openAndMigrate(config: DatabaseConfig): Promise<Kysely<Schema>> {
  const db = new Kysely<Schema>({ dialect: dialectFor(config) });
  try {
    await migrate(db as unknown as Kysely<unknown>);
  } catch (error) {
    await db.destroy().catch(() => undefined);
    throw error;
  }
  return db;
}

export function createDatabase(config: DatabaseConfig): Database {
  let opening: Promise<Kysely<Schema>> | undefined;
  let closed = false;
  const open = () => {
    if (closed) return Promise.reject(new Error('the database is closed'));
    // A failed open (PostgreSQL not reachable yet) is tried again on the next use.
    opening ??= openAndMigrate(config).catch((error: unknown) => {
      opening = undefined;
      throw error;
    });
    return opening;
  };
  return {
    kind: config.kind,
    open,
    ping: async () => {
      await sql`select 1`.execute(await open());
    },
    close: async () => {
      closed = true;
      const pending = opening;
      opening = undefined;
      if (pending) await (await pending.catch(() => null))?.destroy();
    },
  };
}
