/**
 * A Kysely dialect for PGlite (embedded PostgreSQL in WebAssembly): Kysely's own PostgreSQL adapter,
 * query compiler and introspector, with a driver that talks to one PGlite instance. PGlite has a
 * single connection, so the driver hands it to one query or transaction at a time (a FIFO lock);
 * concurrent requests wait their turn instead of interleaving statements inside a transaction.
 * Ours rather than kysely-pglite-dialect: decision 084.
 */
import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly pglite: PGlite) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.pglite.query<R>(query.sql, [...query.parameters], { rowMode: 'object' });
    const affected = result.affectedRows;
    return {
      rows: result.rows,
      ...(affected !== undefined && query.query.kind !== 'SelectQueryNode'
        ? { numAffectedRows: BigInt(affected) }
        : {}),
    };
  }

  streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite dialect: streaming queries are not supported');
  }
}

class PGliteDriver implements Driver {
  readonly #connection: PGliteConnection;
  #queue: Promise<void> = Promise.resolve();
  #release: (() => void) | null = null;

  constructor(private readonly pglite: PGlite) {
    this.#connection = new PGliteConnection(pglite);
  }

  async init(): Promise<void> {
    await this.pglite.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.#queue;
    let release!: () => void;
    this.#queue = new Promise<void>((resolve) => (release = resolve));
    await previous;
    this.#release = release;
    return this.#connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const modes = [
      settings.isolationLevel ? `isolation level ${settings.isolationLevel}` : '',
      settings.accessMode ?? '',
    ].filter(Boolean);
    await connection.executeQuery(CompiledQuery.raw(`begin${modes.length ? ` ${modes.join(', ')}` : ''}`));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  releaseConnection(): Promise<void> {
    const release = this.#release;
    this.#release = null;
    release?.();
    return Promise.resolve();
  }

  async destroy(): Promise<void> {
    await this.#queue;
    await this.pglite.close();
  }
}

export class PGliteDialect implements Dialect {
  constructor(private readonly pglite: PGlite) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.pglite);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
}
