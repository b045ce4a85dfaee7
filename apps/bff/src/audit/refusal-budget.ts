/**
 * The budget of refusal records (decision 060): per client address and per instance and minute, so
 * that a flood of refused requests is counted, not written row by row (refusals.ts records them);
 * and one person's repeats of the same refusal, counted into one summary (decision 105).
 */
import { REFUSAL_SUMMARY_MINUTES } from '@nova/domain';
import type { AuditEntry } from './entry';

export const DROPPED_ACTION = 'audit.refusals-dropped';

/** Enough for any person's mistakes; a script's flood is counted, not written row by row. */
export const REFUSAL_BUDGET = { perClientPerMinute: 30, perInstancePerMinute: 300 } as const;

export interface RefusalBudgetOptions {
  perClientPerMinute: number;
  perInstancePerMinute: number;
  now: () => number;
}

const MINUTE = 60_000;

/** A per-minute budget of refusal records: per client address and for the whole instance. */
export class RefusalBudget {
  #window = -1;
  #total = 0;
  #perClient = new Map<string, number>();
  #dropped = 0;

  constructor(private readonly options: RefusalBudgetOptions) {}

  /**
   * Whether this refusal may be recorded; `dropped` counts this minute's refusals not recorded,
   * `closed` those of a minute that has just ended (reported once, by the first call after it).
   */
  take(client: string | null): { record: boolean; closed: number; dropped: number } {
    const window = Math.floor(this.options.now() / MINUTE);
    let closed = 0;
    if (window !== this.#window) {
      closed = this.#dropped;
      this.#window = window;
      this.#total = 0;
      this.#dropped = 0;
      this.#perClient.clear();
    }
    const key = client ?? '';
    const used = this.#perClient.get(key) ?? 0;
    if (used >= this.options.perClientPerMinute || this.#total >= this.options.perInstancePerMinute) {
      this.#dropped++;
      return { record: false, closed, dropped: this.#dropped };
    }
    this.#perClient.set(key, used + 1);
    this.#total++;
    return { record: true, closed, dropped: this.#dropped };
  }
}

/** A repeated refusal: the first is recorded at once, the repeats of its window counted. */
interface OpenSummary {
  /** The newest repeat (its request id and address go into the summary). */
  last: Omit<AuditEntry, 'outcome'>;
  since: number;
  lastAt: number;
  repeats: number;
}

/** A window's repeats, as one record: the refusal's own fields, the count as its detail. */
export interface RefusalSummary {
  entry: Omit<AuditEntry, 'outcome'>;
  at: Date;
}

export const REFUSAL_SUMMARY = { windowMs: REFUSAL_SUMMARY_MINUTES * 60_000, maxOpen: 1000 } as const;

/**
 * One person's same refusal (procedure, target and reason) repeated within a window (decision 105):
 * the first is recorded at once as before, the repeats are only counted, and when the window ends
 * they are one record "`n` repeated" (timed at the last repeat). Refusals of nobody known (no
 * sign-in, a bad token) are not summarised here: the budget per address covers them. The count is
 * this instance's; a restart writes what it has counted (`all`), a crash loses at most the count.
 */
export class RefusalSummaries {
  readonly #open = new Map<string, OpenSummary>();

  constructor(private readonly options: { windowMs: number; maxOpen: number; now: () => number }) {}

  /** `counted`: a repeat within its window, not to be recorded on its own. */
  take(entry: Omit<AuditEntry, 'outcome'>): 'record' | 'counted' {
    const key = summaryKeyOf(entry);
    if (key === null) return 'record';
    const now = this.options.now();
    const open = this.#open.get(key);
    if (open && now - open.since < this.options.windowMs) {
      open.repeats++;
      open.last = entry;
      open.lastAt = now;
      return 'counted';
    }
    // A window that ended is written by `due` before; a full table only stops summarising.
    if (open || this.#open.size < this.options.maxOpen)
      this.#open.set(key, { last: entry, since: now, lastAt: now, repeats: 0 });
    return 'record';
  }

  /** The summaries of the windows that have ended (all of them at shutdown), each given once. */
  due(all = false): RefusalSummary[] {
    const now = this.options.now();
    const summaries: RefusalSummary[] = [];
    for (const [key, open] of this.#open) {
      if (!all && now - open.since < this.options.windowMs) continue;
      this.#open.delete(key);
      if (open.repeats > 0)
        summaries.push({
          entry: { ...open.last, detail: `${open.repeats} repeated` },
          at: new Date(open.lastAt),
        });
    }
    return summaries;
  }

  /** Milliseconds until the first window with repeats ends; null when none waits. */
  nextDueIn(): number | null {
    const now = this.options.now();
    let soonest: number | null = null;
    for (const open of this.#open.values()) {
      if (open.repeats === 0) continue;
      const left = Math.max(0, open.since + this.options.windowMs - now);
      soonest = soonest === null ? left : Math.min(soonest, left);
    }
    return soonest;
  }
}

/** Same person, same procedure, same target, same reason; null for refusals of nobody known. */
function summaryKeyOf(entry: Omit<AuditEntry, 'outcome'>): string | null {
  if (!entry.actor) return null;
  return JSON.stringify([
    entry.actor.id,
    entry.clientId ?? null,
    entry.action,
    entry.target?.type ?? null,
    entry.target?.id ?? null,
    entry.detail ?? null,
  ]);
}
