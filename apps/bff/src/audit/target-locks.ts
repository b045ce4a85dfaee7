/**
 * One lock per write target that every instance honours (decision 066): a conditional write holds
 * the locks of every target it changes from its compare step to its audit completion, so that of two
 * saves of one row the second compares with what the first wrote. A create's idempotency key is
 * held the same way while its create runs.
 *
 * Two layers: in this process a keyed queue (async-lock), so that waiters of one instance hold no
 * database connection; with PostgreSQL then session-level advisory locks on a connection of the
 * locks' own pool (db/postgres-pool.ts `lockPool`), named by `hashtextextended` of the lock's name.
 * Names are taken in sorted order (no two writes wait for each other crosswise), each wait bounded
 * by the database timeout; a lock dies with its connection, so a crashed instance or a lost
 * connection holds nothing. Embedded PGlite has one process only: the queue is the lock.
 */
import AsyncLock from 'async-lock';
import type { Database } from '../db/database';
import type { LockClient } from '../db/postgres-pool';

/** Another write holds one of the locks (longer than the wait allows, or at all when only tried). */
export class LockBusy extends Error {}

/** The locks could not be had: the database is away, or all lock connections are in use. */
export class LockUnavailable extends Error {}

/**
 * PostgreSQL's `lock_not_available` (`lock_timeout` ran out) and `query_canceled` (the statement
 * timeout, as long, came first): either way the lock was not had in time.
 */
const WAITED_TOO_LONG = new Set(['55P03', '57014']);

export const targetLockName = (target: { type: string; id: string | number }) =>
  `target:${target.type}:${String(target.id)}`;

export class TargetLocks {
  readonly #local: AsyncLock;

  /** `waitMs`: how long a write waits in this process for a lock another write holds. */
  constructor(
    private readonly database: Pick<Database, 'locks'>,
    private readonly waitMs: number,
  ) {
    this.#local = new AsyncLock({ timeout: waitMs, maxPending: 10_000 });
  }

  /**
   * Runs `work` holding every named lock. `wait`: waits for a lock another write holds (bounded);
   * `try`: throws LockBusy at once when one is held.
   */
  async hold<T>(names: readonly string[], mode: 'wait' | 'try', work: () => Promise<T>): Promise<T> {
    const sorted = [...new Set(names)].sort();
    if (sorted.length === 0) return work();
    if (mode === 'try' && sorted.some((name) => this.#local.isBusy(name))) throw new LockBusy();
    let entered = false as boolean;
    try {
      return await this.#local.acquire(sorted, () => {
        entered = true;
        return this.#inDatabase(sorted, mode, work);
      });
    } catch (error) {
      // async-lock's own errors (the wait ran out, too many waiting) come before `work` started.
      if (!entered) throw new LockBusy('waited too long for a write lock', { cause: error });
      throw error;
    }
  }

  async #inDatabase<T>(names: string[], mode: 'wait' | 'try', work: () => Promise<T>): Promise<T> {
    let client: LockClient | null;
    try {
      client = (await this.database.locks()?.connect()) ?? null;
    } catch (error) {
      throw new LockUnavailable('no connection for the write locks', { cause: error });
    }
    if (!client) return work();
    let broken = false;
    try {
      for (const name of names) {
        if (mode === 'wait') {
          await client.query('select pg_advisory_lock(hashtextextended($1, 0))', [name]);
        } else {
          const [row] = await client.query<{ locked: boolean }>(
            'select pg_try_advisory_lock(hashtextextended($1, 0)) as locked',
            [name],
          );
          if (row?.locked !== true) throw new LockBusy();
        }
      }
    } catch (error) {
      await unlockAll(client).catch(() => (broken = true));
      client.release(broken);
      if (error instanceof LockBusy) throw error;
      if (WAITED_TOO_LONG.has(String((error as { code?: unknown }).code)))
        throw new LockBusy('waited too long for a write lock', { cause: error });
      throw new LockUnavailable('the write locks could not be taken', { cause: error });
    }
    try {
      return await work();
    } finally {
      // A connection whose unlock failed is closed: the server frees its locks with it.
      await unlockAll(client).catch(() => (broken = true));
      client.release(broken);
    }
  }
}

async function unlockAll(client: LockClient): Promise<void> {
  await client.query('select pg_advisory_unlock_all()', []);
}
