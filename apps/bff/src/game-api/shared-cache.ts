/**
 * A short-lived cache for the public game API lists (toplist, calendar): many visitors, or a batch
 * naming the same procedure several times, cost one game API call per key and lifetime. Concurrent
 * callers share the call in flight; failures are not cached.
 */
export class SharedCache {
  readonly #entries = new Map<string, { expiresAt: number; value: Promise<unknown> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const entry = this.#entries.get(key);
    if (entry && entry.expiresAt > this.now()) return entry.value as Promise<T>;
    const value = load();
    this.#entries.set(key, { expiresAt: this.now() + this.ttlMs, value });
    value.catch(() => {
      if (this.#entries.get(key)?.value === value) this.#entries.delete(key);
    });
    return value;
  }
}
