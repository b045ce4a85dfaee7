import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type AppOverrides } from '../src/app';
import { createDatabase, type Database } from '../src/db/database';
import { parseEnv } from '../src/env';
import { SessionManager } from '../src/session/manager';
import type { SessionStore } from '../src/session/types';

let shared: Database | undefined;
/**
 * The tests' PostgreSQL database (global-setup.ts made and migrated it), shared by the apps of a
 * test file; test/database.test.ts runs the same checks against embedded PGlite. Records of
 * different test files mix, so tests look for their own (request id, actor, target).
 */
export function sharedTestDatabase(): Database {
  shared ??= createDatabase({ kind: 'postgres', url: inject('databaseUrl') });
  return shared;
}

export function testEnv(overrides: Record<string, string | undefined> = {}) {
  return parseEnv({
    NODE_ENV: 'test',
    PUBLIC_URL: 'http://localhost:3000',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    LOG_LEVEL: 'silent',
    PUBLIC_CACHE_SECONDS: '0',
    // Each app counts its own requests: test files share one Redis and the same demo users.
    RATE_LIMIT_NAMESPACE: `nova-test:${randomUUID()}:`,
    ...overrides,
  });
}

export async function testApp(
  env: Record<string, string | undefined>,
  overrides: AppOverrides = {},
): Promise<FastifyInstance> {
  return buildApp(testEnv(env), { logger: false, database: sharedTestDatabase(), ...overrides });
}

/** A session manager over an app's store with the tests' secret, to make signed-in sessions directly. */
export function testSessionManager(store: SessionStore): SessionManager {
  return new SessionManager({
    store,
    secret: testEnv().session.secret,
    idleSeconds: 1800,
    absoluteSeconds: 36000,
    secure: true,
    https: false,
  });
}

/** Headers of a same-origin SPA request. */
export const SPA = { 'x-csrf': '1' } as const;

export interface TrpcErrorBody {
  error: {
    message: string;
    /** The one error shape of the SPA (decision 006): German field errors and a reason. */
    data: {
      code: string;
      httpStatus: number;
      fieldErrors: Record<string, string> | null;
      reason?: string | null;
    };
  };
}
