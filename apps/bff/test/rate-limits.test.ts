/**
 * Limits that hold (once 600 anonymous /trpc calls in 4.8 s got no 429; the sign-in limiter counted per
 * instance): /trpc per client and per user (every procedure of a batch counts), /auth/* per client,
 * the back-channel logout apart, German 429 with Retry-After, and the counters shared by two
 * instances through Redis.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { procedureCount } from '../src/plugins/rate-limits';
import { MemorySessionStore } from '../src/session/memory-store';
import { SPA, testApp } from './helpers';
import { startMockIssuer, type MockIssuer } from './mock-issuer';

const LIMITS = {
  RATE_LIMIT_TRPC_PER_CLIENT: '6',
  RATE_LIMIT_TRPC_PER_USER: '5',
  RATE_LIMIT_AUTH_PER_CLIENT: '4',
  RATE_LIMIT_BACKCHANNEL_PER_CLIENT: '50',
};

describe('rate limits', () => {
  let issuer: MockIssuer;
  let app: FastifyInstance;

  beforeAll(async () => {
    issuer = await startMockIssuer();
    app = await testApp({ OIDC_ISSUER: issuer.issuer, ...LIMITS });
  });
  afterAll(async () => {
    await app.close();
    await issuer.close();
  });

  const me = (remoteAddress: string, headers: Record<string, string> = SPA, url = '/trpc/session.me') =>
    app.inject({ method: 'GET', url, headers, remoteAddress });

  it('counts the procedures of a batch path', () => {
    expect(procedureCount('/trpc/session.me')).toBe(1);
    expect(procedureCount('/trpc/session.me,player.user,player.profile?batch=1&input={}')).toBe(3);
  });

  it('/trpc per client: the 7th anonymous call in the window is 429 in German with Retry-After', async () => {
    const answers = [];
    for (let i = 0; i < 7; i++) answers.push(await me('198.51.100.1'));
    expect(answers.slice(0, 6).map((a) => a.statusCode)).toEqual(Array(6).fill(200));
    const refused = answers[6]!;
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({
      error: {
        message: 'Zu viele Anfragen in kurzer Zeit. Bitte warte einen Moment und versuche es erneut.',
        data: { code: 'TOO_MANY_REQUESTS', httpStatus: 429 },
      },
    });
    expect((await me('198.51.100.2')).statusCode).toBe(200);
  });

  it('/trpc per user: a bearer subject is limited from any address, every batched procedure counts', async () => {
    const token = await issuer.sign(
      { sub: `user-${randomUUID()}`, azp: 'nova-web', typ: 'Bearer' },
      { expiresIn: '5m' },
    );
    const bearer = { authorization: `Bearer ${token}` };
    const batch = '/trpc/session.me,session.me,session.me,session.me?batch=1&input={}';
    expect((await me('198.51.100.10', bearer, batch)).statusCode).toBe(200);
    const second = await me('198.51.100.11', bearer, '/trpc/session.me,session.me?batch=1&input={}');
    expect(second.statusCode).toBe(429);
    expect(second.json()).toMatchObject({
      error: {
        message: 'Zu viele Anfragen in kurzer Zeit. Bitte warte einen Moment und versuche es erneut.',
      },
    });
  });

  it('/auth/* per client: the 5th request is the German problem page; back-channel logout has its own budget', async () => {
    const address = '198.51.100.20';
    const starts = [];
    for (let i = 0; i < 5; i++)
      starts.push(await app.inject({ method: 'GET', url: '/auth/logout', remoteAddress: address }));
    expect(starts.slice(0, 4).map((r) => r.statusCode)).toEqual(Array(4).fill(200));
    expect(starts[4]?.statusCode).toBe(429);
    expect(starts[4]?.headers['retry-after']).toBeDefined();
    expect(starts[4]?.body).toContain('Zu viele Anmeldeversuche');
    const backchannel = await app.inject({
      method: 'POST',
      url: '/auth/backchannel-logout',
      remoteAddress: address,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'logout_token=x',
    });
    expect(backchannel.statusCode).toBe(400);
  });
});

describe('rate limits across two instances (Redis)', () => {
  const apps: FastifyInstance[] = [];
  const stores: MemorySessionStore[] = [];

  beforeAll(async () => {
    const env = {
      ...LIMITS,
      REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      RATE_LIMIT_NAMESPACE: `nova-trust-test:${randomUUID()}:`,
    };
    for (let i = 0; i < 2; i++) {
      const store = new MemorySessionStore();
      stores.push(store);
      apps.push(await testApp(env, { store }));
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const store of stores) await store.close();
  });

  it('the /auth budget of a client is shared: 2 + 2 requests on two instances, the 5th is refused on either', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const start = (app: FastifyInstance) =>
      app.inject({ method: 'GET', url: '/auth/logout', remoteAddress: '198.51.100.30' });
    const codes = [];
    for (const app of [a, b, a, b]) codes.push((await start(app)).statusCode);
    expect(codes).toEqual([200, 200, 200, 200]);
    expect((await start(a)).statusCode).toBe(429);
    expect((await start(b)).statusCode).toBe(429);
  });
});
