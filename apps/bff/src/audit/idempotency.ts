/**
 * Creates named by the dialog's key (decision 044): a double click or a retry after a lost answer
 * sends the same key again, and within 10 minutes gets the first create's result instead of a second
 * row. Keys are kept per person and procedure; shared through Redis when REDIS_URL is set, so every
 * instance knows them, else in this process. With Redis away, this instance's memory stands in.
 */
import { IN_PROGRESS_REASON } from '@nova/contracts';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { failFastRedis, RedisGuard } from '../session/redis-guard';
import { ReasonedError } from '../trpc/errors';
import { OutcomeError } from './outcome';

export const IDEMPOTENCY_TTL_MS = 10 * 60_000;
/** A claim whose create never finished (the process ended) frees its key after this. */
const PENDING_TTL_MS = 60_000;

export const IN_PROGRESS_MESSAGE =
  'Dieser Eintrag wird gerade schon gespeichert. Bitte warte einen Moment und lade dann neu.';

/** `new`: the caller does the work; `pending`: another call with the key is doing it; `done`: its result. */
export type Claim = { state: 'new' } | { state: 'pending' } | { state: 'done'; result: unknown };

export interface IdempotencyStore {
  claim(key: string): Promise<Claim>;
  finish(key: string, result: unknown): Promise<void>;
  /** Forgets a key whose work failed, so that a retry runs again. */
  release(key: string): Promise<void>;
}

type Entry = { expires: number } & ({ state: 'pending' } | { state: 'done'; result: unknown });

export class MemoryIdempotency implements IdempotencyStore {
  readonly #entries = new Map<string, Entry>();

  constructor(private readonly now: () => number = Date.now) {}

  claim(key: string): Promise<Claim> {
    const now = this.now();
    if (this.#entries.size > 10_000) {
      for (const [k, entry] of this.#entries) if (entry.expires <= now) this.#entries.delete(k);
    }
    const entry = this.#entries.get(key);
    if (entry && entry.expires > now) {
      return Promise.resolve(entry.state === 'done' ? { state: 'done', result: entry.result } : entry);
    }
    this.#entries.set(key, { state: 'pending', expires: now + PENDING_TTL_MS });
    return Promise.resolve({ state: 'new' });
  }

  finish(key: string, result: unknown): Promise<void> {
    this.#entries.set(key, { state: 'done', result, expires: this.now() + IDEMPOTENCY_TTL_MS });
    return Promise.resolve();
  }

  release(key: string): Promise<void> {
    this.#entries.delete(key);
    return Promise.resolve();
  }
}

const PENDING = 'pending';

/** Keys in Redis (`SET NX` claims one for all instances); this instance's memory while Redis fails. */
export class RedisIdempotency implements IdempotencyStore {
  readonly #guard = new RedisGuard();
  readonly #memory = new MemoryIdempotency();

  constructor(
    private readonly redis: Redis,
    private readonly namespace: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  async #or<T>(work: (redis: Redis) => Promise<T>, fallback: () => Promise<T>): Promise<T> {
    try {
      return await this.#guard.run(() => work(this.redis));
    } catch (error) {
      this.log.warn({ err: error }, 'Redis unavailable: idempotency keys kept per instance');
      return fallback();
    }
  }

  claim(key: string): Promise<Claim> {
    const name = this.namespace + key;
    return this.#or(
      async (redis) => {
        if ((await redis.set(name, PENDING, 'PX', PENDING_TTL_MS, 'NX')) === 'OK') return { state: 'new' };
        const stored = await redis.get(name);
        // Expired between the two commands: taken as pending, the caller's retry claims it.
        if (stored === null || stored === PENDING) return { state: 'pending' };
        return { state: 'done', result: (JSON.parse(stored) as { result: unknown }).result };
      },
      () => this.#memory.claim(key),
    );
  }

  finish(key: string, result: unknown): Promise<void> {
    return this.#or(
      async (redis) => {
        await redis.set(
          this.namespace + key,
          JSON.stringify({ result: result ?? null }),
          'PX',
          IDEMPOTENCY_TTL_MS,
        );
      },
      () => this.#memory.finish(key, result),
    );
  }

  release(key: string): Promise<void> {
    return this.#or(
      async (redis) => {
        await redis.del(this.namespace + key);
      },
      () => this.#memory.release(key),
    );
  }
}

interface IdempotencyContext {
  idempotency?: IdempotencyStore | undefined;
  principal: { userId: string } | null;
}

/**
 * Runs a create once per key: a repeated key answers with the first result, or CONFLICT
 * `in-progress` while the first is still running. A create that failed frees its key; one whose
 * answer never came but whose row the read-back found keeps it, with that row as the result.
 */
export async function idempotent<T>(
  ctx: IdempotencyContext,
  procedure: string,
  key: string | undefined,
  work: () => Promise<T>,
): Promise<T> {
  const store = ctx.idempotency;
  if (!key || !store || !ctx.principal) return work();
  const name = `${ctx.principal.userId}:${procedure}:${key}`;
  const claim = await store.claim(name);
  if (claim.state === 'done') return claim.result as T;
  if (claim.state === 'pending') {
    throw new ReasonedError(IN_PROGRESS_REASON, { code: 'CONFLICT', message: IN_PROGRESS_MESSAGE });
  }
  try {
    const result = await work();
    await store.finish(name, result);
    return result;
  } catch (error) {
    if (error instanceof OutcomeError && error.reason === 'outcome-applied')
      await store.finish(name, error.found);
    // Unclear whether the row exists: the key stays claimed until its pending time ends, so that a
    // quick retry is told to reload instead of perhaps creating a second row.
    else if (!(error instanceof OutcomeError && error.reason === 'outcome-unknown'))
      await store.release(name);
    throw error;
  }
}

/** The app's store: in Redis with REDIS_URL (its own fail-fast client), else in this process. */
export async function idempotencyStore(
  app: FastifyInstance,
  redisUrl: string | undefined,
  commandTimeoutMs: number,
  namespace: string,
): Promise<IdempotencyStore> {
  if (!redisUrl) return new MemoryIdempotency();
  const redis = failFastRedis(redisUrl, commandTimeoutMs);
  await redis.connect();
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  return new RedisIdempotency(redis, namespace, app.log);
}
