/**
 * Sign-in records while the database is away (decision 068): signing in needs no database
 * (decision 043), yet every sign-in is accountable. A record that cannot be written is kept in
 * memory, in order and with its time, and written in that order when the database is back; the
 * log says when records are kept, when they were written, and how many a shutdown lost. At most
 * HELD_MAX are kept: beyond that a sign-in is refused as before.
 */
import type { AuditEntry } from './entry';

export const HELD_MAX = 1000;
const RETRY_MS = 2000;

export interface HeldLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export class HoldFullError extends Error {
  constructor() {
    super('the database is away and the held audit records are at their limit');
  }
}

export class HeldRecords {
  readonly #queue: { entry: AuditEntry; at: Date }[] = [];
  #flushing: Promise<void> | undefined;
  #timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly write: (entry: AuditEntry, at?: Date) => Promise<unknown>,
    public log: HeldLog | undefined,
    private readonly max = HELD_MAX,
  ) {}

  get size(): number {
    return this.#queue.length;
  }

  /**
   * Written now, or kept; rejects only when the database is away and the hold is full. `when`: the
   * record's time when it is not now (a summary of repeated refusals, decision 105).
   */
  async record(entry: AuditEntry, when?: Date): Promise<'written' | 'held'> {
    const at = when ?? new Date();
    // Behind records already kept, never before them.
    if (this.#queue.length === 0) {
      try {
        await this.write(entry, when);
        return 'written';
      } catch (error) {
        this.#warnFirst(error);
      }
    }
    if (this.#queue.length >= this.max) {
      this.log?.error({ held: this.#queue.length }, 'held audit records at their limit; sign-in refused');
      throw new HoldFullError();
    }
    this.#queue.push({ entry, at });
    this.#timer ??= setTimeout(() => {
      this.#timer = undefined;
      void this.flush();
    }, RETRY_MS).unref();
    return 'held';
  }

  /** Said once per outage: another sign-in may have failed and been kept meanwhile. */
  #warnFirst(error: unknown): void {
    if (this.#queue.length > 0) return;
    this.log?.warn(
      { err: error, limit: this.max },
      'audit database away: sign-in records kept in memory until it is back',
    );
  }

  /** Writes what is kept, in order, until the first failure; tried again later. */
  flush(): Promise<void> {
    this.#flushing ??= this.#drain().finally(() => {
      this.#flushing = undefined;
    });
    return this.#flushing;
  }

  async #drain(): Promise<void> {
    let written = 0;
    for (let next = this.#queue[0]; next; next = this.#queue[0]) {
      try {
        await this.write(next.entry, next.at);
      } catch {
        this.#timer ??= setTimeout(() => {
          this.#timer = undefined;
          void this.flush();
        }, RETRY_MS).unref();
        return;
      }
      this.#queue.shift();
      written++;
    }
    if (written > 0) this.log?.info({ written }, 'audit records kept during the database outage written');
  }

  /** One last attempt; what is still kept then is lost, and the log says so. */
  async close(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#queue.length > 0) await this.flush();
    clearTimeout(this.#timer);
    if (this.#queue.length > 0)
      this.log?.error(
        { lost: this.#queue.length, first: this.#queue[0]?.at.toISOString() },
        'held audit records lost: the database did not come back before shutdown',
      );
  }
}
