import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOverrides } from '../src/app';
import { parseEnv } from '../src/env';

export function testEnv(overrides: Record<string, string | undefined> = {}) {
  return parseEnv({
    NODE_ENV: 'test',
    PUBLIC_URL: 'http://localhost:3000',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    LOG_LEVEL: 'silent',
    PUBLIC_CACHE_SECONDS: '0',
    ...overrides,
  });
}

export async function testApp(
  env: Record<string, string | undefined>,
  overrides: AppOverrides = {},
): Promise<FastifyInstance> {
  return buildApp(testEnv(env), { logger: false, ...overrides });
}

/** Headers of a same-origin SPA request. */
export const SPA = { 'x-csrf': '1' } as const;

export interface TrpcErrorBody {
  error: {
    message: string;
    data: { code: string; httpStatus: number; validationErrors?: unknown; issues?: unknown };
  };
}
