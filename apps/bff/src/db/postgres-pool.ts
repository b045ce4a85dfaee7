/**
 * The PostgreSQL pool the BFF survives its database with (decision 043):
 * - every client has an 'error' listener for its whole life (pg's pool listens only while a client
 *   is idle; a connection terminated during a query emitted an unhandled 'error' and ended the
 *   process), and the pool's own 'error' is logged: a lost connection is a log line, never a crash;
 * - connect, statement and idle-in-transaction timeouts, and a client-side read timeout for a
 *   connection that answers nothing at all (a frozen network); a client that failed that way is
 *   destroyed on release instead of going back to the pool;
 * - new connections are made on demand, so the pool reconnects by itself when the database is back.
 */
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import pg from 'pg';

export interface PostgresTimeouts {
  /** Waiting for a new connection (TCP, TLS, authentication). */
  connectMs: number;
  /** One statement; the server cancels it, the client gives up shortly after. */
  statementMs: number;
}

export const DEFAULT_TIMEOUTS: PostgresTimeouts = { connectMs: 2000, statementMs: 2500 };

interface Logger {
  warn(object: object, message: string): void;
}

/** Errors after which a connection is not reused. */
function breaksConnection(error: unknown): boolean {
  const message = error instanceof Error ? error.message : '';
  return /timeout|terminat|Connection|ECONN|EPIPE/i.test(message);
}

function guarded(client: pg.PoolClient): PostgresPoolClient {
  let broken = false;
  return {
    // Kysely calls it with text and parameters only (no cursors: the dialect has none configured).
    query: (async (text: string, values: readonly unknown[]) => {
      try {
        return await client.query(text, [...values]);
      } catch (error) {
        if (breaksConnection(error)) broken = true;
        throw error;
      }
    }) as unknown as PostgresPoolClient['query'],
    // A truthy argument makes pg's pool destroy the client instead of keeping it.
    release: () => client.release(broken || undefined),
  };
}

/** pg's pool with the timeouts above and an `error` listener on it and on every client. */
function listenedPool(
  url: string,
  timeouts: PostgresTimeouts,
  log: Logger | undefined,
  name: string,
): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: timeouts.connectMs,
    idleTimeoutMillis: 30_000,
    statement_timeout: timeouts.statementMs,
    lock_timeout: timeouts.statementMs,
    idle_in_transaction_session_timeout: timeouts.statementMs * 4,
    query_timeout: timeouts.statementMs + 500,
    keepAlive: true,
    application_name: name,
  });
  const warn = (error: unknown, message: string) => {
    if (log) log.warn({ err: error }, message);
    else process.stderr.write(`${message}: ${String(error)}\n`);
  };
  pool.on('error', (error) => warn(error, 'database connection lost (idle)'));
  pool.on('connect', (client) => {
    client.on('error', (error) => warn(error, 'database connection lost'));
  });
  return pool;
}

/** The pool's connections for the metrics (decision 074). */
export interface PoolStats {
  total: number;
  idle: number;
  /** Callers waiting for a connection. */
  waiting: number;
}

export function resilientPool(
  url: string,
  timeouts: PostgresTimeouts,
  log?: Logger,
): PostgresPool & { stats(): PoolStats } {
  const pool = listenedPool(url, timeouts, log, 'nova-bff');
  return {
    connect: async () => guarded(await pool.connect()),
    end: () => pool.end(),
    stats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

/** A connection that holds session-level advisory locks (decision 066). */
export interface LockClient {
  query<Row extends object>(text: string, values: unknown[]): Promise<Row[]>;
  /** `destroy`: the connection is closed (and every lock it held freed) instead of kept. */
  release(destroy: boolean): void;
}

export interface LockPool {
  connect(): Promise<LockClient>;
  end(): Promise<void>;
}

/**
 * The write locks' own connections (decision 066): a write holds one from before its compare step
 * to its audit completion, so they must not come out of the request pool, whose connections the same
 * write needs for its audit records meanwhile. Same timeouts: a lock is waited for at most
 * `statementMs` (its `lock_timeout`).
 */
export function lockPool(url: string, timeouts: PostgresTimeouts, log?: Logger): LockPool {
  const pool = listenedPool(url, timeouts, log, 'nova-bff-locks');
  return {
    connect: async () => {
      const client = await pool.connect();
      return {
        query: async <Row extends object>(text: string, values: unknown[]) =>
          (await client.query<Row>(text, values)).rows,
        release: (destroy) => client.release(destroy || undefined),
      };
    },
    end: () => pool.end(),
  };
}
