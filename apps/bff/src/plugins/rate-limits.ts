/**
 * Request limits that hold across instances (issue 9): @fastify/rate-limit's counters, in Redis when
 * REDIS_URL is set (shared by every instance), else in memory. Three budgets per window:
 * - /trpc per client address (before authentication, so floods never reach the JWKS check),
 * - /trpc per signed-in user or bearer subject, counting every procedure of a batch,
 * - /auth/* per client address; the identity provider's back-channel logout has its own, larger one.
 * A refused request gets 429 with `Retry-After` and a German message (tRPC-shaped JSON on /trpc, the
 * sign-in problem page on /auth).
 */
import rateLimit from '@fastify/rate-limit';
import { ERROR_MESSAGES } from '@nova/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { loginProblemPage } from '../auth/pages';
import { clientKey } from '../auth/rate-limit';

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

/**
 * The in-memory store (one instance, no REDIS_URL): fixed windows per key, bounded in size. Unlike
 * the plugin's LocalStore it answers a copy of the count, so concurrent requests each see their own.
 */
class MemoryCounterStore {
  readonly #windows = new Map<string, { current: number; start: number }>();

  constructor(
    _options?: unknown,
    private readonly prefix = '',
  ) {}

  incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow: number,
  ): void {
    const now = Date.now();
    if (this.#windows.size > 50_000) {
      for (const [k, w] of this.#windows) if (now - w.start >= timeWindow) this.#windows.delete(k);
    }
    const name = this.prefix + key;
    let window = this.#windows.get(name);
    if (!window || now - window.start >= timeWindow) {
      window = { current: 0, start: now };
      this.#windows.set(name, window);
    }
    window.current++;
    callback(null, { current: window.current, ttl: timeWindow - (now - window.start) });
  }

  child(): this {
    return this;
  }
}

/** Procedures named by a /trpc path: a batch names them comma-separated in one segment. */
export function procedureCount(url: string): number {
  const path = url.split('?')[0] ?? '';
  const segment = path.slice(path.indexOf('/trpc/') + '/trpc/'.length);
  return Math.max(1, segment.split(',').length);
}

function userKey(request: FastifyRequest): string | null {
  const auth = request.auth as FastifyRequest['auth'] | undefined;
  if (!auth || auth.kind === 'anonymous') return null;
  return `${auth.kind}:${auth.principal.userId}`;
}

export async function rateLimits(
  app: FastifyInstance,
  settings: RateLimitSettings,
  redisUrl: string | undefined,
): Promise<RateLimitHooks> {
  let redis: Redis | undefined;
  if (redisUrl) {
    // Fail fast when Redis is away: the request is then let through (skipOnError), the session
    // store answers 503 on its own.
    redis = new Redis(redisUrl, {
      connectTimeout: 1000,
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      lazyConnect: true,
    });
    redis.on('error', () => undefined);
    await redis.connect();
    const owned = redis;
    app.addHook('onClose', async () => {
      await owned.quit().catch(() => owned.disconnect());
    });
  }
  await app.register(rateLimit, {
    global: false,
    skipOnError: true,
    ...(redis ? { redis, nameSpace: settings.namespace } : { store: MemoryCounterStore }),
  });
  const timeWindow = settings.windowSeconds * 1000;
  const byClient = (name: string) => (request: FastifyRequest) => `${name}:${clientKey(request.ip)}`;

  const trpcClient = app.createRateLimit({
    max: settings.trpcPerClient,
    timeWindow,
    keyGenerator: byClient('trpc-client'),
  });
  const trpcUser = app.createRateLimit({
    max: settings.trpcPerUser,
    timeWindow,
    keyGenerator: (request) => `trpc-user:${userKey(request) ?? ''}`,
  });
  const auth = app.createRateLimit({
    max: settings.authPerClient,
    timeWindow,
    keyGenerator: byClient('auth'),
  });
  const backchannel = app.createRateLimit({
    max: settings.backchannelPerClient,
    timeWindow,
    keyGenerator: byClient('backchannel'),
  });

  const tooManyJson = (reply: FastifyReply, retryAfter: number) =>
    reply
      .code(429)
      .header('retry-after', String(Math.max(1, retryAfter)))
      .header('cache-control', 'no-store')
      .send({
        error: {
          message: ERROR_MESSAGES.RATE_LIMITED,
          code: -32029,
          data: { code: 'TOO_MANY_REQUESTS', httpStatus: 429 },
        },
      });

  return {
    async trpcPerClient(request, reply) {
      const result = await trpcClient(request);
      if (!result.isAllowed && result.isExceeded) return tooManyJson(reply, result.ttlInSeconds);
      return undefined;
    },
    async trpcPerUser(request, reply) {
      if (userKey(request) === null) return undefined;
      // Every procedure of a batch counts (a batch of 20 is 20 calls).
      for (let i = 0; i < procedureCount(request.url); i++) {
        const result = await trpcUser(request);
        if (!result.isAllowed && result.isExceeded) return tooManyJson(reply, result.ttlInSeconds);
      }
      return undefined;
    },
    async auth(request, reply) {
      const limiter = request.url.startsWith('/auth/backchannel-logout') ? backchannel : auth;
      const result = await limiter(request);
      if (result.isAllowed || !result.isExceeded) return undefined;
      return reply
        .code(429)
        .header('retry-after', String(Math.max(1, result.ttlInSeconds)))
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
