/**
 * Decision 031: tokens are encrypted at rest. After a real sign-in against dev-idp
 * with two BFF instances on Redis, nothing in Redis contains a token (nor anything that looks like a
 * JWT), while both instances still use the session; a value copied into another session, or altered,
 * does not decrypt, and the session is unknown rather than served with garbage.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { EncryptedSessionStore, tokenEncryptionKey } from '../src/session/encrypted-store';
import { MemorySessionStore } from '../src/session/memory-store';
import type { SessionStore } from '../src/session/types';
import { HttpBrowser, signIn } from './http-browser';
import { stackSessionStore } from './session-tools';
import { startStack, TEST_SESSION_SECRET, type Bff, type Stack } from './stack';
import { createHmac } from 'node:crypto';
import { SPA, recordWithTokens } from './helpers';

async function dumpRedis(redis: Redis): Promise<string> {
  const parts: string[] = [];
  for (const key of await redis.keys('*')) {
    const type = await redis.type(key);
    if (type === 'hash') parts.push(JSON.stringify(await redis.hgetall(key)));
    else if (type === 'string') parts.push((await redis.get(key)) ?? '');
    else if (type === 'set') parts.push(JSON.stringify(await redis.smembers(key)));
  }
  return parts.join('\n');
}

describe('tokens at rest in Redis', () => {
  let stack: Stack;
  let a: Bff;
  let b: Bff;
  let redis: Redis;
  let inspector: SessionStore;

  beforeAll(async () => {
    const redisUrl = inject('redisUrl');
    stack = await startStack({ bffCount: 2 });
    a = await stack.startBff(0, { env: { REDIS_URL: redisUrl } });
    b = await stack.startBff(1, { env: { REDIS_URL: redisUrl } });
    redis = new Redis(redisUrl);
    inspector = await stackSessionStore(redisUrl);
  });
  afterAll(async () => {
    redis.disconnect();
    await inspector.close();
    await stack.close();
  });

  it('Redis holds no access, refresh or ID token after a sign-in, and both instances serve the session', async () => {
    const browser = new HttpBrowser();
    await signIn(browser, a.url, 'beta');
    const key = createHmac('sha256', TEST_SESSION_SECRET)
      .update(browser.cookies.get('nova_session')?.value ?? '')
      .digest('base64url');
    const record = await inspector.get(key);
    const tokens = [record?.auth.accessToken, record?.auth.refreshToken, record?.auth.idToken];
    expect(tokens.every((t) => typeof t === 'string' && t.length > 20)).toBe(true);

    const dump = await dumpRedis(redis);
    expect(dump).toContain(key); // the session is there …
    for (const token of tokens) expect(dump).not.toContain(token); // … its tokens are not
    expect(dump).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}\./); // nor any JWT

    const me = await browser.request(`${b.url}/trpc/session.me`, { headers: SPA });
    expect(JSON.parse(me.body)).toMatchObject({ result: { data: { signedIn: true, username: 'beta' } } });
    const data = await browser.request(`${b.url}/trpc/player.user`, { headers: SPA });
    expect(data.status).toBe(200);
  });
});

describe('the encrypting store', () => {
  it('keeps ciphertext in the store it wraps, and the code verifier of a pending login too', async () => {
    const inner = new MemorySessionStore();
    const store = new EncryptedSessionStore(inner, tokenEncryptionKey('x'.repeat(32)));
    await store.create('k1', recordWithTokens(), 60_000);
    const raw = JSON.stringify(await inner.get('k1'));
    for (const secret of ['access-secret', 'refresh-secret', 'id-secret']) expect(raw).not.toContain(secret);
    expect((await store.get('k1'))?.auth).toMatchObject({
      accessToken: 'access-secret',
      refreshToken: 'refresh-secret',
      idToken: 'id-secret',
    });
    await store.putPending(
      'st',
      { codeVerifier: 'verifier-secret', nonce: 'n', returnTo: '/', binding: 'b', action: 'login' },
      60_000,
    );
    await inner.putPending('copy', (await inner.takePending('st'))!, 60_000);
    expect(JSON.stringify(await inner.takePending('copy'))).not.toContain('verifier-secret');
    await inner.close();
  });

  it('a value moved to another session, altered, or written under another key makes the session unknown', async () => {
    const inner = new MemorySessionStore();
    const store = new EncryptedSessionStore(inner, tokenEncryptionKey('x'.repeat(32)));
    const other = new EncryptedSessionStore(inner, tokenEncryptionKey('y'.repeat(32)));
    await store.create('k1', recordWithTokens(), 60_000);
    const sealed = (await inner.get('k1'))!;

    await inner.create('k2', sealed, 60_000); // copied into another session
    expect(await store.get('k2')).toBeNull();

    // One character inside the IV changed (every bit of a middle base64url character counts).
    const token = sealed.auth.accessToken;
    const altered = token.slice(0, 10) + (token[10] === 'A' ? 'B' : 'A') + token.slice(11);
    await inner.create('k3', { ...sealed, auth: { ...sealed.auth, accessToken: altered } }, 60_000);
    expect(await store.get('k3')).toBeNull();

    expect(await other.get('k1')).toBeNull(); // another key
    expect(await store.get('k1')).not.toBeNull();
    expect(await store.listByUser('u1')).toHaveLength(1); // only k1 decrypts
    await inner.close();
  });
});
