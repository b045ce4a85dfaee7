import { randomUUID } from 'node:crypto';
import type { AuthState, PendingLogin, SessionRecord, SessionStore } from './types';

interface Expiring<T> {
  value: T;
  expiresAt: number;
}

/**
 * A deep copy of plain data (strings, numbers, booleans, null, arrays and plain objects: what a
 * session record is). A fraction of structuredClone's cost, which every authenticated request paid
 * for its session (decision 041).
 */
export function copyPlain<T>(value: T): T {
  if (Array.isArray(value)) return value.map(copyPlain) as T;
  if (value !== null && typeof value === 'object') {
    const copy: Record<string, unknown> = {};
    for (const key of Object.keys(value)) copy[key] = copyPlain((value as Record<string, unknown>)[key]);
    return copy as T;
  }
  return value;
}

/**
 * Single-instance store; expired entries vanish on read and in a periodic sweep. Records go in and
 * out as copies, as they would through Redis.
 */
export class MemorySessionStore implements SessionStore {
  readonly #sessions = new Map<string, Expiring<SessionRecord>>();
  readonly #pending = new Map<string, Expiring<PendingLogin>>();
  readonly #markers = new Map<string, number>();
  readonly #locks = new Map<string, Expiring<string>>();
  readonly #sweeper: NodeJS.Timeout;

  constructor(private readonly now: () => number = Date.now) {
    this.#sweeper = setInterval(() => this.#sweep(), 60_000);
    this.#sweeper.unref();
  }

  /** Sessions held (expired ones until the next sweep): the metrics' nova_sessions. */
  get size(): number {
    return this.#sessions.size;
  }

  #live<T>(map: Map<string, Expiring<T>>, key: string): T | null {
    const entry = map.get(key);
    if (!entry) return null;
    if (entry.expiresAt <= this.now()) {
      map.delete(key);
      return null;
    }
    return entry.value;
  }

  #sweep(): void {
    const now = this.now();
    for (const map of [this.#sessions, this.#pending, this.#locks] as Map<string, Expiring<unknown>>[]) {
      for (const [key, entry] of map) if (entry.expiresAt <= now) map.delete(key);
    }
    for (const [key, expiresAt] of this.#markers) if (expiresAt <= now) this.#markers.delete(key);
  }

  create(key: string, record: SessionRecord, ttlMs: number): Promise<void> {
    this.#sessions.set(key, { value: copyPlain(record), expiresAt: this.now() + ttlMs });
    return Promise.resolve();
  }

  get(key: string): Promise<SessionRecord | null> {
    const record = this.#live(this.#sessions, key);
    return Promise.resolve(record ? copyPlain(record) : null);
  }

  touch(key: string, lastSeenAt: number, ttlMs: number): Promise<void> {
    const record = this.#live(this.#sessions, key);
    if (record) this.#sessions.set(key, { value: { ...record, lastSeenAt }, expiresAt: this.now() + ttlMs });
    return Promise.resolve();
  }

  setAuth(key: string, auth: AuthState): Promise<boolean> {
    const entry = this.#sessions.get(key);
    if (!entry || !this.#live(this.#sessions, key)) return Promise.resolve(false);
    entry.value = { ...entry.value, auth: copyPlain(auth) };
    return Promise.resolve(true);
  }

  destroy(key: string): Promise<void> {
    this.#sessions.delete(key);
    return Promise.resolve();
  }

  #destroyWhere(match: (record: SessionRecord) => boolean): number {
    let count = 0;
    for (const [key, entry] of this.#sessions) {
      if (match(entry.value)) {
        this.#sessions.delete(key);
        count++;
      }
    }
    return count;
  }

  destroyBySid(sid: string, userId?: string): Promise<number> {
    return Promise.resolve(
      this.#destroyWhere((r) => r.sid === sid && (userId === undefined || r.userId === userId)),
    );
  }

  destroyByUser(userId: string): Promise<number> {
    return Promise.resolve(this.#destroyWhere((r) => r.userId === userId));
  }

  listByUser(userId: string): Promise<{ key: string; record: SessionRecord }[]> {
    const found: { key: string; record: SessionRecord }[] = [];
    for (const key of [...this.#sessions.keys()]) {
      const record = this.#live(this.#sessions, key);
      if (record?.userId === userId) found.push({ key, record: copyPlain(record) });
    }
    return Promise.resolve(found);
  }

  putPending(state: string, pending: PendingLogin, ttlMs: number, limit?: number): Promise<boolean> {
    if (limit !== undefined && this.#pending.size >= limit) {
      for (const key of [...this.#pending.keys()]) this.#live(this.#pending, key); // drops the expired
      if (this.#pending.size >= limit) return Promise.resolve(false);
    }
    this.#pending.set(state, { value: { ...pending }, expiresAt: this.now() + ttlMs });
    return Promise.resolve(true);
  }

  takePending(state: string): Promise<PendingLogin | null> {
    const pending = this.#live(this.#pending, state);
    this.#pending.delete(state);
    return Promise.resolve(pending);
  }

  markOnce(marker: string, ttlMs: number): Promise<boolean> {
    const expiresAt = this.#markers.get(marker);
    if (expiresAt !== undefined && expiresAt > this.now()) return Promise.resolve(false);
    this.#markers.set(marker, this.now() + ttlMs);
    return Promise.resolve(true);
  }

  acquireLock(name: string, ttlMs: number): Promise<string | null> {
    if (this.#live(this.#locks, name)) return Promise.resolve(null);
    const token = randomUUID();
    this.#locks.set(name, { value: token, expiresAt: this.now() + ttlMs });
    return Promise.resolve(token);
  }

  releaseLock(name: string, token: string): Promise<void> {
    if (this.#locks.get(name)?.value === token) this.#locks.delete(name);
    return Promise.resolve();
  }

  close(): Promise<void> {
    clearInterval(this.#sweeper);
    return Promise.resolve();
  }
}
