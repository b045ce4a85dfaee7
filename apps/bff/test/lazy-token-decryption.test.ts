/**
 * Decision 041: a loaded session decrypts its access token only; the refresh and ID token are
 * decrypted when read. What must stay (decision 031): no token rests in plain text, and a token that
 * does not decrypt is never used. A refresh token that does not decrypt reads as absent: the session
 * serves while its access token is fresh, then the refresh ends it (401, cookie cleared) without
 * sending anything to the identity provider, and signing out ends it without the server-side logout.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EncryptedSessionStore, tokenEncryptionKey } from '../src/session/encrypted-store';
import { MemorySessionStore } from '../src/session/memory-store';
import { SPA, expectTokenlessLogout, recordWithTokens } from './helpers';
import { HttpBrowser, signIn } from './http-browser';
import { startStack, TEST_SESSION_SECRET, type Bff, type Stack } from './stack';

/** One character of the sealed value changed: it no longer decrypts. */
const alter = (sealed: string) => {
  const at = Math.floor(sealed.length / 2);
  return sealed.slice(0, at) + (sealed[at] === 'A' ? 'B' : 'A') + sealed.slice(at + 1);
};

describe('the encrypting store, lazily', () => {
  it('loads a session whose refresh or ID token does not decrypt; that token reads as absent', async () => {
    const inner = new MemorySessionStore();
    const store = new EncryptedSessionStore(inner, tokenEncryptionKey('x'.repeat(32)));
    await store.create('k1', recordWithTokens(), 60_000);
    const sealed = (await inner.get('k1'))!;
    await inner.setAuth('k1', { ...sealed.auth, refreshToken: alter(sealed.auth.refreshToken!) });

    const loaded = await store.get('k1');
    expect(loaded).not.toBeNull();
    expect(loaded?.auth.accessToken).toBe('access-secret');
    expect(loaded?.auth.refreshToken).toBeNull();
    expect(loaded?.auth.idToken).toBe('id-secret');

    await inner.setAuth('k1', { ...sealed.auth, idToken: alter(sealed.auth.idToken!) });
    const again = await store.get('k1');
    expect(again?.auth.refreshToken).toBe('refresh-secret');
    expect(again?.auth.idToken).toBeNull();
    await inner.close();
  });

  it('a loaded record spreads, clones and stores again with its tokens decrypted', async () => {
    const inner = new MemorySessionStore();
    const store = new EncryptedSessionStore(inner, tokenEncryptionKey('x'.repeat(32)));
    const original = recordWithTokens();
    await store.create('k1', original, 60_000);
    const loaded = (await store.get('k1'))!;
    expect({ ...loaded.auth }).toMatchObject({ refreshToken: 'refresh-secret', idToken: 'id-secret' });
    expect(structuredClone(loaded.auth)).toEqual(original.auth);
    expect(JSON.parse(JSON.stringify(loaded.auth))).toEqual(original.auth);

    // A refresh stores the auth state again (keeping the refresh token it did not get anew).
    await store.setAuth('k1', { ...loaded.auth, accessToken: 'access-2' });
    const raw = JSON.stringify(await inner.get('k1'));
    for (const secret of ['access-2', 'refresh-secret', 'id-secret']) expect(raw).not.toContain(secret);
    expect((await store.get('k1'))?.auth).toMatchObject({
      accessToken: 'access-2',
      refreshToken: 'refresh-secret',
      idToken: 'id-secret',
    });
    await inner.close();
  });
});

describe('a session whose refresh token does not decrypt', () => {
  let stack: Stack;
  let bff: Bff;
  const inner = new MemorySessionStore();
  const store = new EncryptedSessionStore(inner, tokenEncryptionKey(TEST_SESSION_SECRET));

  beforeAll(async () => {
    stack = await startStack();
    bff = await stack.startBff(0, { store });
  });
  afterAll(async () => {
    await stack.close();
    await inner.close();
  });

  /** Signs in and alters the stored refresh token; optionally lets the access token expire. */
  async function brokenSession(options: { expire: boolean }): Promise<HttpBrowser> {
    const browser = new HttpBrowser();
    await signIn(browser, bff.url, 'spieler');
    const key = createHmac('sha256', TEST_SESSION_SECRET)
      .update(browser.cookies.get('nova_session')?.value ?? '')
      .digest('base64url');
    const sealed = await inner.get(key);
    if (!sealed?.auth.refreshToken) throw new Error('no stored session with a refresh token');
    await inner.setAuth(key, {
      ...sealed.auth,
      refreshToken: alter(sealed.auth.refreshToken),
      ...(options.expire ? { accessTokenExpiresAt: Date.now() + 5000 } : {}),
    });
    return browser;
  }

  it('is served while its access token is fresh', async () => {
    const browser = await brokenSession({ expire: false });
    const answer = await browser.request(`${bff.url}/trpc/player.user`, { headers: SPA });
    expect(answer.status).toBe(200);
  });

  it('ends at the refresh: 401, cookie cleared, nothing sent to the identity provider', async () => {
    const browser = await brokenSession({ expire: true });
    bff.counter.reset();
    const answer = await browser.request(`${bff.url}/trpc/player.user`, { headers: SPA });
    expect(answer.status).toBe(401);
    expect(answer.setCookies.some((c) => c.startsWith('nova_session=;'))).toBe(true);
    expect(bff.counter.refreshes()).toBe(0);
    const me = await browser.request(`${bff.url}/trpc/session.me`, { headers: SPA });
    expect(JSON.parse(me.body)).toMatchObject({ result: { data: { signedIn: false } } });
  });

  it('signs out through the identity provider’s logout page, without any token', async () => {
    const browser = await brokenSession({ expire: false });
    const logout = await browser.request(`${bff.url}/auth/logout`, {
      method: 'POST',
      headers: { origin: bff.url },
    });
    expectTokenlessLogout(logout, stack.idp.issuer);
    expect(logout.setCookies.some((c) => c.startsWith('nova_session=;'))).toBe(true);
  });
});
