/**
 * The budget of refusal records (decision 060): per client address and per instance and minute, so
 * that a flood of refused requests is counted, not written row by row (refusals.ts records them).
 */

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
