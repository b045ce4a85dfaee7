/** Test tools that reach into a session or the identity provider directly. */
import { DEMO_INTEGRATOR_CLIENT_ID, DEMO_INTEGRATOR_SECRET } from '@nova/demo';
import { createHmac } from 'node:crypto';
import { EncryptedSessionStore, tokenEncryptionKey } from '../src/session/encrypted-store';
import { RedisSessionStore } from '../src/session/redis-store';
import type { SessionStore } from '../src/session/types';
import type { HttpBrowser } from './http-browser';
import { TEST_SESSION_SECRET } from './stack';

/** Makes the browser's stored access token expire within the refresh leeway (architecture §5: 20 s). */
export async function expireTokens(
  store: SessionStore,
  browser: HttpBrowser,
  patch: { refreshToken?: string } = {},
): Promise<void> {
  const key = createHmac('sha256', TEST_SESSION_SECRET)
    .update(browser.cookies.get('nova_session')?.value ?? '')
    .digest('base64url');
  const record = await store.get(key);
  if (!record) throw new Error('no session for this browser');
  await store.setAuth(key, { ...record.auth, accessTokenExpiresAt: Date.now() + 5000, ...patch });
}

/** A client-credentials token of dev-idp's integrator, with the scopes named (space-separated). */
export async function integratorToken(issuer: string, scope?: string): Promise<string> {
  const response = await fetch(`${issuer}/protocol/openid-connect/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${DEMO_INTEGRATOR_CLIENT_ID}:${DEMO_INTEGRATOR_SECRET}`).toString('base64')}`,
    },
    body: new URLSearchParams({ grant_type: 'client_credentials', ...(scope ? { scope } : {}) }),
  });
  const body = (await response.json()) as { access_token: string };
  return body.access_token;
}

/**
 * The Redis session store as the stack's BFF instances see it: tokens encrypted at rest with the key
 * derived from the stack's session secret (decision 031). For tests that reach into a session.
 */
export async function stackSessionStore(redisUrl: string): Promise<SessionStore> {
  const redis = new RedisSessionStore(redisUrl);
  await redis.ready();
  return new EncryptedSessionStore(redis, tokenEncryptionKey(TEST_SESSION_SECRET));
}
