/**
 * Redis (or Valkey) store shared by several BFF instances. A session is a hash with the fields
 * `core`, `auth` and `seen`, so that a touch and a token refresh never overwrite each other; index
 * sets by identity-provider session and by user serve back-channel logout.
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { failFastRedis, type RedisGuard } from './redis-guard';
import type { AuthState, PendingLogin, SessionCore, SessionRecord, SessionStore } from './types';

const PREFIX = 'nova:';
const INDEX_TTL_MS = 36_000_000; // the absolute session timeout bounds how long an index entry matters

// KEYS[1] session; ARGV[1] field, ARGV[2] value, ARGV[3] ttl ms (or "" to keep the expiry)
const SET_FIELD_IF_EXISTS = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
if ARGV[3] ~= '' then redis.call('PEXPIRE', KEYS[1], ARGV[3]) end
return 1`;

const RELEASE_LOCK = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

/** All instances' pending sign-ins by expiry (epoch ms), for the global cap (decision 054). */
const PENDING_INDEX = `${PREFIX}pending-index`;

// KEYS[1] pending key, KEYS[2] index; ARGV: value, ttl ms, now ms, limit ("" for none), state
const PUT_PENDING = `
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', ARGV[3])
if ARGV[4] ~= '' and redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[4]) then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
redis.call('ZADD', KEYS[2], tonumber(ARGV[3]) + tonumber(ARGV[2]), ARGV[5])
redis.call('PEXPIRE', KEYS[2], ARGV[2])
return 1`;

export class RedisSessionStore implements SessionStore {
  readonly #redis: Redis;

  /** True while the connection is ready (the metrics' nova_redis_connected). */
  get connected(): boolean {
    return this.#redis.status === 'ready';
  }

  /** Commands time out and fail at once while Redis is away (redis-guard.ts, decision 054). */
  constructor(url: string, commandTimeoutMs?: number) {
    this.#redis = failFastRedis(url, commandTimeoutMs);
  }

  /** Resolves once connected; rejects with the connection error. */
  async ready(): Promise<void> {
    await this.#redis.connect();
  }

  async create(key: string, record: SessionRecord, ttlMs: number): Promise<void> {
    const { auth, lastSeenAt, ...core } = record;
    const sessionKey = `${PREFIX}sess:${key}`;
    const multi = this.#redis.multi();
    multi.hset(sessionKey, {
      core: JSON.stringify(core),
      auth: JSON.stringify(auth),
      seen: String(lastSeenAt),
    });
    multi.pexpire(sessionKey, ttlMs);
    if (core.sid) {
      multi.sadd(`${PREFIX}sid:${core.sid}`, key);
      multi.pexpire(`${PREFIX}sid:${core.sid}`, INDEX_TTL_MS);
    }
    multi.sadd(`${PREFIX}user:${core.userId}`, key);
    multi.pexpire(`${PREFIX}user:${core.userId}`, INDEX_TTL_MS);
    await multi.exec();
  }

  async get(key: string): Promise<SessionRecord | null> {
    const fields = await this.#redis.hgetall(`${PREFIX}sess:${key}`);
    if (!fields.core || !fields.auth || !fields.seen) return null;
    const core = JSON.parse(fields.core) as SessionCore;
    const auth = JSON.parse(fields.auth) as AuthState;
    return { ...core, auth, lastSeenAt: Number(fields.seen) };
  }

  async touch(key: string, lastSeenAt: number, ttlMs: number): Promise<void> {
    await this.#redis.eval(
      SET_FIELD_IF_EXISTS,
      1,
      `${PREFIX}sess:${key}`,
      'seen',
      String(lastSeenAt),
      String(ttlMs),
    );
  }

  async setAuth(key: string, auth: AuthState): Promise<boolean> {
    const done = await this.#redis.eval(
      SET_FIELD_IF_EXISTS,
      1,
      `${PREFIX}sess:${key}`,
      'auth',
      JSON.stringify(auth),
      '',
    );
    return done === 1;
  }

  async destroy(key: string): Promise<void> {
    const core = await this.#redis.hget(`${PREFIX}sess:${key}`, 'core');
    const multi = this.#redis.multi().del(`${PREFIX}sess:${key}`);
    if (core) {
      const { sid, userId } = JSON.parse(core) as SessionCore;
      if (sid) multi.srem(`${PREFIX}sid:${sid}`, key);
      multi.srem(`${PREFIX}user:${userId}`, key);
    }
    await multi.exec();
  }

  async #destroyIndexed(indexKey: string, match: (core: SessionCore) => boolean): Promise<number> {
    const keys = await this.#redis.smembers(indexKey);
    let count = 0;
    for (const key of keys) {
      const core = await this.#redis.hget(`${PREFIX}sess:${key}`, 'core');
      if (!core) {
        await this.#redis.srem(indexKey, key); // expired meanwhile: drop the stale index entry
        continue;
      }
      if (!match(JSON.parse(core) as SessionCore)) continue;
      await this.destroy(key); // removes the key from this index too
      count++;
    }
    // Only the members read are removed, so a session created meanwhile keeps its index entry.
    return count;
  }

  destroyBySid(sid: string, userId?: string): Promise<number> {
    return this.#destroyIndexed(
      `${PREFIX}sid:${sid}`,
      (core) => userId === undefined || core.userId === userId,
    );
  }

  destroyByUser(userId: string): Promise<number> {
    return this.#destroyIndexed(`${PREFIX}user:${userId}`, () => true);
  }

  async listByUser(userId: string): Promise<{ key: string; record: SessionRecord }[]> {
    const indexKey = `${PREFIX}user:${userId}`;
    const found: { key: string; record: SessionRecord }[] = [];
    for (const key of await this.#redis.smembers(indexKey)) {
      const record = await this.get(key);
      if (record?.userId === userId) found.push({ key, record });
      else if (!record) await this.#redis.srem(indexKey, key); // expired meanwhile
    }
    return found;
  }

  async putPending(state: string, pending: PendingLogin, ttlMs: number, limit?: number): Promise<boolean> {
    const stored = await this.#redis.eval(
      PUT_PENDING,
      2,
      `${PREFIX}pending:${state}`,
      PENDING_INDEX,
      JSON.stringify(pending),
      String(ttlMs),
      String(Date.now()),
      limit === undefined ? '' : String(limit),
      state,
    );
    return stored === 1;
  }

  async takePending(state: string): Promise<PendingLogin | null> {
    const [[, raw]] = (await this.#redis
      .multi()
      .getdel(`${PREFIX}pending:${state}`)
      .zrem(PENDING_INDEX, state)
      .exec()) as [[Error | null, string | null], unknown];
    return raw ? (JSON.parse(raw) as PendingLogin) : null;
  }

  async markOnce(marker: string, ttlMs: number): Promise<boolean> {
    return (await this.#redis.set(`${PREFIX}once:${marker}`, '1', 'PX', ttlMs, 'NX')) === 'OK';
  }

  async acquireLock(name: string, ttlMs: number): Promise<string | null> {
    const token = randomUUID();
    const ok = await this.#redis.set(`${PREFIX}lock:${name}`, token, 'PX', ttlMs, 'NX');
    return ok === 'OK' ? token : null;
  }

  async releaseLock(name: string, token: string): Promise<void> {
    await this.#redis.eval(RELEASE_LOCK, 1, `${PREFIX}lock:${name}`, token);
  }

  async close(): Promise<void> {
    // quit() needs a connection; with Redis away the socket is simply dropped.
    await this.#redis.quit().catch(() => this.#redis.disconnect());
  }
}

/**
 * The store with every call through the circuit (decision 054): while Redis is away, calls fail at
 * once instead of each waiting for its timeout.
 */
export function guardedStore(store: SessionStore, guard: RedisGuard): SessionStore {
  return new Proxy(store, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      if (property === 'close') return (value as () => Promise<void>).bind(target);
      return (...args: unknown[]) =>
        guard.run(() => (value as (...a: unknown[]) => Promise<unknown>).apply(target, args));
    },
  });
}
