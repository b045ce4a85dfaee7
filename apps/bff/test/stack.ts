/** A real stack for integration tests: dev-idp, game-api-sim and BFF instances on free ports. */
import { randomUUID } from 'node:crypto';
import { startDevIdp, silentLogger, type DevIdp } from '@nova/dev-idp';
import { startGameApiSim } from '@nova/game-api-sim';
import type { FastifyInstance } from 'fastify';
import { sharedTestDatabase } from './helpers';
import { buildApp } from '../src/app';
import type { Database } from '../src/db/database';
import { parseEnv } from '../src/env';
import { fetchTransport } from './game-api-fetch';
import type { SessionStore } from '../src/session/types';
import { freePort } from './ports';

export { freePort };

export const TEST_SESSION_SECRET = 'integration-test-session-secret-0123456789';

/** Counts the token endpoint's refresh grants a BFF instance makes. */
export function countingFetch(): { fetch: typeof fetch; refreshes: () => number; reset: () => void } {
  let refreshes = 0;
  const counted: typeof fetch = async (input, init) => {
    const body =
      typeof init?.body === 'string'
        ? init.body
        : init?.body instanceof URLSearchParams
          ? init.body.toString()
          : '';
    if (
      String(input instanceof Request ? input.url : input).endsWith('/token') &&
      body.includes('grant_type=refresh_token')
    ) {
      refreshes++;
    }
    return fetch(input, init);
  };
  return { fetch: counted, refreshes: () => refreshes, reset: () => (refreshes = 0) };
}

export interface Bff {
  url: string;
  app: FastifyInstance;
  counter: ReturnType<typeof countingFetch>;
}

export interface Stack {
  idp: DevIdp;
  gameApiUrl: string;
  bffUrls: string[];
  startBff(
    index: number,
    options?: {
      store?: SessionStore;
      env?: Record<string, string>;
      /** Fault injection: wraps the BFF's fetch to the identity provider. */
      wrapOidcFetch?: (inner: typeof fetch) => typeof fetch;
      /** Fault injection and counting: the BFF's fetch to the game API. */
      gameApiFetch?: typeof fetch;
      /** Another database than the tests' shared one (behind a proxy, another role). */
      database?: Database;
    },
  ): Promise<Bff>;
  close(): Promise<void>;
}

export async function startStack(
  options: { bffCount?: number; accessTokenTtlSeconds?: number } = {},
): Promise<Stack> {
  const ports = await Promise.all(Array.from({ length: options.bffCount ?? 1 }, () => freePort()));
  const bffUrls = ports.map((port) => `http://localhost:${port}`);
  const rateLimitNamespace = `nova-test:${randomUUID()}:`;
  const idp = await startDevIdp({
    port: 0,
    bffUrl: bffUrls,
    logger: silentLogger,
    accessTokenTtlSeconds: options.accessTokenTtlSeconds ?? 300,
  });
  const sim = await startGameApiSim({ port: 0, host: '127.0.0.1', issuer: idp.issuer, syncDelayMs: 0 });
  const bffs: FastifyInstance[] = [];
  return {
    idp,
    gameApiUrl: sim.url,
    bffUrls,
    async startBff(index, bffOptions = {}) {
      const url = bffUrls[index] ?? '';
      const counter = countingFetch();
      const env = parseEnv({
        NODE_ENV: 'test',
        PUBLIC_URL: url,
        OIDC_ISSUER: idp.issuer,
        GAME_API_URL: sim.url,
        WEB_DIST_DIR: '/nonexistent-web-dist',
        SESSION_SECRET: TEST_SESSION_SECRET,
        // Every test signs in from 127.0.0.1 as the same demo users: the limits are tested in
        // rate-limits.test.ts. The stack's own namespace keeps other test files' counts in a shared
        // Redis out of this stack's (both instances count together).
        RATE_LIMIT_AUTH_PER_CLIENT: '100000',
        RATE_LIMIT_TRPC_PER_CLIENT: '100000',
        RATE_LIMIT_TRPC_PER_USER: '100000',
        RATE_LIMIT_NAMESPACE: rateLimitNamespace,
        ...bffOptions.env,
      });
      const app = await buildApp(env, {
        logger: false,
        oidcFetch: bffOptions.wrapOidcFetch ? bffOptions.wrapOidcFetch(counter.fetch) : counter.fetch,
        database: bffOptions.database ?? sharedTestDatabase(),
        ...(bffOptions.store ? { store: bffOptions.store } : {}),
        ...(bffOptions.gameApiFetch
          ? { gameApiTransport: fetchTransport(bffOptions.gameApiFetch, env.gameApi.timeoutMs) }
          : {}),
      });
      await app.listen({ port: ports[index] ?? 0, host: 'localhost' });
      bffs.push(app);
      return { url, app, counter };
    },
    async close() {
      for (const app of bffs) await app.close();
      await sim.close();
      await idp.close();
    },
  };
}
