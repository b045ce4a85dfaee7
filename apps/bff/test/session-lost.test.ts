/**
 * Signed out, said so (decision 071): after a Redis restart without persistence the BFF no longer
 * has the sessions its cookies name. It tells that apart from no cookie at all: `session.me` says
 * the session expired, a call that needs a sign-in answers 401 with the reason SESSION_EXPIRED and
 * "Deine Sitzung ist abgelaufen – bitte melde dich erneut an", and the stale cookie is cleared, so
 * the next call is an ordinary signed-out one.
 */
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPA } from './helpers';
import { HttpBrowser, signIn } from './http-browser';
import { freePort } from './ports';
import { startRedisServer, stopRedisServer } from './redis-server';
import { startStack, type Bff, type Stack } from './stack';
import { query } from './trpc-http';

describe('a session lost with Redis', () => {
  let redisPort: number;
  let redis: ChildProcess;
  let stack: Stack;
  let bff: Bff;
  const player = new HttpBrowser();
  const other = new HttpBrowser();

  beforeAll(async () => {
    redisPort = await freePort();
    redis = await startRedisServer(redisPort);
    stack = await startStack();
    bff = await stack.startBff(0, { env: { REDIS_URL: `redis://127.0.0.1:${redisPort}` } });
    await signIn(player, bff.url, 'spieler');
    await signIn(other, bff.url, 'spieler');
  });
  afterAll(async () => {
    await stack.close();
    await stopRedisServer(redis);
  });

  it('is told apart from no cookie: expired, once, then signed out', async () => {
    expect((await query(player, bff.url, 'session.me')).body.result?.data).toMatchObject({ signedIn: true });

    // Redis restarts without persistence: every session is gone.
    await stopRedisServer(redis);
    redis = await startRedisServer(redisPort);
    await expect
      .poll(async () => (await fetch(`${bff.url}/readyz`)).status, { timeout: 15_000, interval: 200 })
      .toBe(200);

    const url = `${bff.url}/trpc/session.me`;
    const me = await fetch(url, { headers: { ...SPA, cookie: player.cookieHeader(url) } });
    expect(await me.json()).toEqual({ result: { data: { signedIn: false, sessionExpired: true } } });
    // The stale cookie is cleared with that answer.
    expect(me.headers.getSetCookie()).toEqual([
      expect.stringMatching(/^nova_session=; .*Expires=Thu, 01 Jan 1970 00:00:00 GMT/),
    ]);
    const lost = await query(other, bff.url, 'player.profile', {});
    expect(lost.status).toBe(401);
    expect(lost.body.error?.message).toBe('Deine Sitzung ist abgelaufen – bitte melde dich erneut an');
    expect(lost.body.error?.data.reason).toBe('SESSION_EXPIRED');

    // Without a cookie: an ordinary signed-out caller.
    const visitor = new HttpBrowser();
    expect((await query(visitor, bff.url, 'session.me')).body.result?.data).toEqual({ signedIn: false });
    const signedOut = await query(visitor, bff.url, 'player.profile', {});
    expect(signedOut.status).toBe(401);
    expect(signedOut.body.error?.message).toBe('Bitte melde dich an.');
    expect(signedOut.body.error?.data.reason).toBeNull();
  });
});
