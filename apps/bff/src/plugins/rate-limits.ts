/**
 * Request limits that hold (decisions 012 and 054): fixed windows in Redis when REDIS_URL is set, in
 * each instance's memory while Redis is away (limits per instance, never none). Every procedure of a
 * batch counts; the per-client /trpc limit runs before authentication, so floods never reach the
 * JWKS check. Own counters rather than @fastify/rate-limit: the plugin counts one hit per request
 * and, with its store failing, either lets everything through or fails every request.
 */
import { ERROR_MESSAGES } from '@nova/domain';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { loginProblemPage } from '../auth/pages';
import { clientKey } from '../auth/rate-limit';
import { rateLimitRefusals, watch } from '../observability/metrics';
import { failFastRedis, RedisGuard } from '../session/redis-guard';

export interface RateLimitSettings {
  windowSeconds: number;
  trpcPerClient: number;
  trpcPerUser: number;
  authPerClient: number;
  backchannelPerClient: number;
  /** Prefix of the counters' Redis keys. */
  namespace: string;
}

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply | undefined>;

export interface RateLimitHooks {
  /** onRequest of /trpc, before authentication. */
  trpcPerClient: Hook;
  /** onRequest of /trpc, after authentication (needs `request.auth`). */
  trpcPerUser: Hook;
  /** onRequest of /auth/*. */
  auth: Hook;
}

/** A window's count after this hit and the milliseconds until the window ends. */
interface Count {
  count: number;
  resetMs: number;
}

/** Fixed windows per key in this process, bounded in size. */
export class MemoryCounter {
  readonly #windows = new Map<string, { count: number; start: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  hit(key: string, weight: number, windowMs: number): Count {
    const now = this.now();
    if (this.#windows.size > 50_000) {
      for (const [k, w] of this.#windows) if (now - w.start >= windowMs) this.#windows.delete(k);
    }
    let window = this.#windows.get(key);
    if (!window || now - window.start >= windowMs) {
      window = { count: 0, start: now };
      this.#windows.set(key, window);
    }
    window.count += weight;
    return { count: window.count, resetMs: windowMs - (now - window.start) };
  }
}

// KEYS[1] counter; ARGV[1] weight, ARGV[2] window ms. Returns { count, ms left }.
const HIT = `
local count = redis.call('INCRBY', KEYS[1], ARGV[1])
if count == tonumber(ARGV[1]) then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[2]); ttl = tonumber(ARGV[2]) end
return { count, ttl }`;

/** Counts in Redis (through its circuit); falls back to this instance's memory when Redis fails. */
class Counter {
  readonly #memory = new MemoryCounter();
  readonly guard = new RedisGuard();
  #degraded = false;

  constructor(
    private readonly redis: Redis | undefined,
    private readonly namespace: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  async hit(key: string, weight: number, windowMs: number): Promise<Count> {
    const redis = this.redis;
    if (!redis) return this.#memory.hit(key, weight, windowMs);
    try {
      const [count, resetMs] = (await this.guard.run(() =>
        redis.eval(HIT, 1, `${this.namespace}${key}`, String(weight), String(windowMs)),
      )) as [number, number];
      if (this.#degraded) this.log.info('rate limits counted in Redis again');
      this.#degraded = false;
      return { count, resetMs };
    } catch (error) {
      if (!this.#degraded) this.log.warn({ err: error }, 'Redis unavailable: rate limits per instance');
      this.#degraded = true;
      return this.#memory.hit(key, weight, windowMs);
    }
  }
}

/** Procedures named by a /trpc path: a batch names them comma-separated in one segment. */
export function procedureCount(url: string): number {
  const path = url.split('?')[0] ?? '';
  const segment = path.slice(path.indexOf('/trpc/') + '/trpc/'.length);
  return Math.max(1, segment.split(',').length);
}

/** One budget per person: the subject, whether it calls with the session or a bearer token. */
function personKey(request: FastifyRequest): string | null {
  const auth = request.auth as FastifyRequest['auth'] | undefined;
  if (!auth || auth.kind === 'anonymous') return null;
  return auth.principal.userId;
}

const tooManyJson = (reply: FastifyReply, resetMs: number, limit: string) => {
  rateLimitRefusals.inc({ limit });
  return reply
    .code(429)
    .header('retry-after', String(Math.max(1, Math.ceil(resetMs / 1000))))
    .header('cache-control', 'no-store')
    .send({
      error: {
        message: ERROR_MESSAGES.RATE_LIMITED,
        code: -32029,
        data: { code: 'TOO_MANY_REQUESTS', httpStatus: 429 },
      },
    });
};

export async function rateLimits(
  app: FastifyInstance,
  settings: RateLimitSettings,
  redisUrl: string | undefined,
  commandTimeoutMs?: number,
): Promise<RateLimitHooks> {
  let redis: Redis | undefined;
  if (redisUrl) {
    redis = failFastRedis(redisUrl, commandTimeoutMs);
    await redis.connect();
    const owned = redis;
    app.addHook('onClose', async () => {
      await owned.quit().catch(() => owned.disconnect());
    });
  }
  const counter = new Counter(redis, settings.namespace, app.log);
  if (redis) {
    const connection = redis;
    app.addHook(
      'onClose',
      watch({
        breakers: { 'redis-rate-limits': () => counter.guard.state },
        redis: { 'rate-limits': () => connection.status === 'ready' },
      }),
    );
  }
  const windowMs = settings.windowSeconds * 1000;
  const over = async (key: string, weight: number, max: number): Promise<number | null> => {
    const { count, resetMs } = await counter.hit(key, weight, windowMs);
    return count > max ? resetMs : null;
  };

  return {
    async trpcPerClient(request, reply) {
      const key = `trpc-client:${clientKey(request.ip)}`;
      const resetMs = await over(key, procedureCount(request.url), settings.trpcPerClient);
      return resetMs === null ? undefined : tooManyJson(reply, resetMs, 'trpc-client');
    },
    async trpcPerUser(request, reply) {
      const person = personKey(request);
      if (person === null) return undefined;
      const resetMs = await over(`trpc-user:${person}`, procedureCount(request.url), settings.trpcPerUser);
      return resetMs === null ? undefined : tooManyJson(reply, resetMs, 'trpc-user');
    },
    async auth(request, reply) {
      const backchannel = request.url.startsWith('/auth/backchannel-logout');
      const key = `${backchannel ? 'backchannel' : 'auth'}:${clientKey(request.ip)}`;
      const max = backchannel ? settings.backchannelPerClient : settings.authPerClient;
      const resetMs = await over(key, 1, max);
      if (resetMs === null) return undefined;
      rateLimitRefusals.inc({ limit: backchannel ? 'backchannel' : 'auth' });
      return reply
        .code(429)
        .header('retry-after', String(Math.max(1, Math.ceil(resetMs / 1000))))
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(
          loginProblemPage(
            'Zu viele Anmeldeversuche in kurzer Zeit. Bitte warte einen Moment und versuche es erneut.',
          ),
        );
    },
  };
}
