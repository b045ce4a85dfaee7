/**
 * Architecture §1, §5: several BFF instances share sessions and the refresh lock through Redis. A
 * session started at one instance works at the other, and 20 concurrent calls spread over both with
 * an expiring token make exactly one token request.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { SessionStore } from '../src/session/types';
import { expireTokens, stackSessionStore } from './session-tools';
import { HttpBrowser, signIn } from './http-browser';
import { startStack, type Bff, type Stack } from './stack';
import { SPA } from './helpers';

describe('two BFF instances sharing Redis', () => {
  let stack: Stack;
  let a: Bff;
  let b: Bff;
  let inspector: SessionStore;

  beforeAll(async () => {
    const redisUrl = inject('redisUrl');
    stack = await startStack({ bffCount: 2 });
    a = await stack.startBff(0, { env: { REDIS_URL: redisUrl } });
    b = await stack.startBff(1, { env: { REDIS_URL: redisUrl } });
    inspector = await stackSessionStore(redisUrl);
  });
  afterAll(async () => {
    await inspector.close();
    await stack.close();
  });

  it('a session started at one instance is valid at the other', async () => {
    const browser = new HttpBrowser();
    await signIn(browser, a.url, 'beta');
    const answer = await browser.request(`${b.url}/trpc/session.me`, { headers: SPA });
    expect(JSON.parse(answer.body)).toMatchObject({ result: { data: { signedIn: true, username: 'beta' } } });
  });

  it('20 concurrent calls over both instances with an expiring token make exactly one token request', async () => {
    const browser = new HttpBrowser();
    await signIn(browser, a.url, 'spieler');
    await expireTokens(inspector, browser);
    a.counter.reset();
    b.counter.reset();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        browser.request(`${(i % 2 === 0 ? a : b).url}/trpc/player.user`, { headers: SPA }),
      ),
    );
    expect(answers.map((x) => x.status)).toEqual(Array(20).fill(200));
    expect(a.counter.refreshes() + b.counter.refreshes()).toBe(1);
  });

  it('logout at one instance ends the session at the other', async () => {
    const browser = new HttpBrowser();
    await signIn(browser, a.url, 'spieler');
    const cookie = browser.cookies.get('nova_session')?.value ?? '';
    expect(cookie).not.toBe('');
    await browser.request(`${a.url}/auth/logout`, { method: 'POST', headers: { origin: a.url } });
    const answer = await fetch(`${b.url}/trpc/session.me`, {
      headers: { ...SPA, cookie: `nova_session=${cookie}` },
    });
    expect(await answer.json()).toMatchObject({ result: { data: { signedIn: false } } });
  });
});
