/**
 * Issue 9, item 7: two BFF instances on Redis, one killed (SIGKILL, a real process) under load while
 * the sessions' tokens are being refreshed. Counted: sessions lost (must be 0: every browser is still
 * signed in at the surviving instance and gets its data) and failed requests (those in flight at the
 * killed instance; the survivor fails none).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { SessionStore } from '../../src/session/types';
import { reportFigure } from '../figures';
import { HttpBrowser, signIn } from '../http-browser';
import { expireTokens, stackSessionStore } from '../session-tools';
import { startStack, TEST_SESSION_SECRET, type Stack } from '../stack';

const SPA = { 'x-csrf': '1' };
const BFF_DIR = fileURLToPath(new URL('../..', import.meta.url));
const BROWSERS = 12;

/** The real server (src/server.ts) as its own process, so that it can be killed. */
async function startInstance(stack: Stack, index: number, redisUrl: string): Promise<ChildProcess> {
  const url = stack.bffUrls[index] ?? '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: BFF_DIR,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      HOST: 'localhost',
      PORT: new URL(url).port,
      PUBLIC_URL: url,
      OIDC_ISSUER: stack.idp.issuer,
      GAME_API_URL: stack.gameApiUrl,
      REDIS_URL: redisUrl,
      SESSION_SECRET: TEST_SESSION_SECRET,
      DATABASE_URL: inject('databaseUrl'),
      WEB_DIST_DIR: '/nonexistent-web-dist',
      LOG_LEVEL: 'error',
      RATE_LIMIT_TRPC_PER_CLIENT: '1000000',
      RATE_LIMIT_TRPC_PER_USER: '1000000',
      RATE_LIMIT_AUTH_PER_CLIENT: '1000000',
    },
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`BFF ${index} exited: ${stderr}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return child;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`BFF ${index} did not start: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('security: two instances on Redis, one killed under load', () => {
  let stack: Stack;
  let store: SessionStore;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    const redisUrl = inject('redisUrl');
    stack = await startStack({ bffCount: 2 });
    children.push(...(await Promise.all([0, 1].map((i) => startInstance(stack, i, redisUrl)))));
    store = await stackSessionStore(redisUrl);
  }, 90_000);
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    await store.close();
    await stack.close();
  });

  it('loses no session; only the requests in flight at the killed instance fail', async () => {
    const [a, b] = stack.bffUrls as [string, string];
    const users = ['spieler', 'beta', 'admin'];
    const browsers = Array.from({ length: BROWSERS }, () => new HttpBrowser());
    for (const [i, browser] of browsers.entries()) await signIn(browser, a, users[i % users.length] ?? '');
    // Every token needs a refresh now: the refreshes (and their locks) run while the instance dies.
    for (const browser of browsers) await expireTokens(store, browser);

    let killed = false;
    let stop = false;
    const stats = { ok: 0, failedAtKilled: 0, failedAtSurvivor: 0, lateAtSurvivorMs: 0 };
    const load = browsers.map(async (browser, i) => {
      for (let n = i; !stop; n++) {
        // A load balancer: both instances until one dies, then only the survivor.
        const url = !killed && n % 2 === 0 ? a : b;
        const started = Date.now();
        try {
          const answer = await browser.request(`${url}/trpc/player.user`, { headers: SPA });
          if (answer.status === 200) stats.ok++;
          else if (url === a) stats.failedAtKilled++;
          else stats.failedAtSurvivor++;
        } catch {
          if (url === a) stats.failedAtKilled++;
          else stats.failedAtSurvivor++;
        }
        if (url === b) stats.lateAtSurvivorMs = Math.max(stats.lateAtSurvivorMs, Date.now() - started);
      }
    });
    // Kill instance A as soon as the first requests are out (its refreshes are in flight), then keep
    // the load on B for a while.
    await new Promise((resolve) => setTimeout(resolve, 15));
    children[0]?.kill('SIGKILL');
    killed = true;
    const surviveUntil = Date.now() + 3000;
    while (Date.now() < surviveUntil) await new Promise((resolve) => setTimeout(resolve, 100));
    stop = true;
    await Promise.all(load);

    let lost = 0;
    for (const browser of browsers) {
      const me = await browser.request(`${b}/trpc/session.me`, { headers: SPA });
      const data = await browser.request(`${b}/trpc/player.user`, { headers: SPA });
      const signedIn = (JSON.parse(me.body) as { result?: { data?: { signedIn?: boolean } } }).result?.data
        ?.signedIn;
      if (signedIn !== true || data.status !== 200) lost++;
    }
    reportFigure(
      `two instances on Redis, one killed under load: ${lost} of ${BROWSERS} sessions lost; ${stats.ok} requests served, ${stats.failedAtKilled} failed at the killed instance, ${stats.failedAtSurvivor} at the survivor (slowest survivor answer ${stats.lateAtSurvivorMs} ms)`,
    );
    expect(lost).toBe(0);
    expect(stats.failedAtSurvivor).toBe(0);
    expect(stats.ok).toBeGreaterThan(BROWSERS);
  }, 60_000);
});
