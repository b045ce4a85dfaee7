/**
 * One BFF under test: a signing mock issuer, a programmable mock game API, a memory session store
 * and the app built over them, started before a file's tests and closed after them.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { AppOverrides } from '../src/app';
import { MemorySessionStore } from '../src/session/memory-store';
import type { SessionManager } from '../src/session/manager';
import { SPA, testApp, testSessionManager } from './helpers';
import { startMockGameApi, type MockGameApi } from './mock-game-api';
import { startMockIssuer, type MockIssuer } from './mock-issuer';

export const TEST_CLIENT_ID = 'nova-web';

export interface TestBff {
  app: FastifyInstance;
  api: MockGameApi;
  issuer: MockIssuer;
  store: MemorySessionStore;
  /** Makes signed-in sessions directly in the app's store. */
  manager: SessionManager;
}

export interface TestBffOptions {
  /** More environment, over the issuer, client id and game API address (read when the BFF starts). */
  env?: Record<string, string> | (() => Record<string, string>);
  overrides?: Omit<AppOverrides, 'store'>;
}

export async function startTestBff(
  options: TestBffOptions = {},
): Promise<TestBff & { close(): Promise<void> }> {
  const issuer = await startMockIssuer();
  const api = await startMockGameApi();
  const store = new MemorySessionStore();
  const extra = typeof options.env === 'function' ? options.env() : (options.env ?? {});
  const app = await testApp(
    { OIDC_ISSUER: issuer.issuer, OIDC_CLIENT_ID: TEST_CLIENT_ID, GAME_API_URL: api.url, ...extra },
    { ...options.overrides, store },
  );
  return {
    app,
    api,
    issuer,
    store,
    manager: testSessionManager(store),
    async close() {
      await app.close();
      await store.close();
      await Promise.all([api.close(), issuer.close()]);
    },
  };
}

/**
 * The file's (or describe block's) BFF: filled in before its tests, closed after them; the game
 * API forgets its answers and requests before each test.
 */
export function withTestBff(options: TestBffOptions = {}): TestBff {
  const bff = {} as TestBff;
  let close = () => Promise.resolve();
  beforeAll(async () => {
    const started = await startTestBff(options);
    close = () => started.close();
    Object.assign(bff, started);
  });
  afterAll(() => close());
  beforeEach(() => bff.api.reset());
  return bff;
}

/**
 * The SPA's headers (its CSRF proof and the session cookie) for a session made directly in the BFF's
 * store: a person with these roles, signed in `signedInSecondsAgo` seconds ago (default: now).
 */
export async function sessionHeaders(
  bff: Pick<TestBff, 'manager'>,
  who: { username: string; roles: string[]; displayName?: string; signedInSecondsAgo?: number },
): Promise<Record<string, string>> {
  const session = await bff.manager.create({
    userId: `id-${who.username}`,
    sid: null,
    displayName: who.displayName ?? who.username,
    authTime: Math.floor(Date.now() / 1000) - (who.signedInSecondsAgo ?? 0),
    auth: {
      accessToken: 'eyJ-user-access-token',
      refreshToken: 'r',
      idToken: null,
      accessTokenExpiresAt: Date.now() + 3_600_000,
      username: who.username,
      roles: who.roles,
    },
  });
  return { ...SPA, cookie: `nova_session=${session.id}` };
}
