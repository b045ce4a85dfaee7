/**
 * A dependency that is down (Redis down once answered a raw 500 in the driver's English, /healthz stayed
 * 200; an unreachable identity provider answered 500 "fetch failed"): 503 with a German message, a
 * readiness endpoint that checks Redis and the identity provider, liveness stays cheap. Redis here is
 * a redis-server of the test's own, stopped mid-test.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDependencyError } from '../src/plugins/dependencies';
import { SPA, testApp } from './helpers';
import { startMockIssuer, type MockIssuer } from './mock-issuer';
import { freePort } from './ports';

async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  // Wait until it answers (a state, bounded in attempts).
  for (let attempt = 0; attempt < 100; attempt++) {
    const probe = new Redis({ port, lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
    probe.on('error', () => undefined);
    try {
      await probe.connect();
      await probe.ping();
      probe.disconnect();
      return child;
    } catch {
      probe.disconnect();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error('redis-server did not start');
}

describe('dependencies down', () => {
  let issuer: MockIssuer;
  let redis: ChildProcess;
  let app: FastifyInstance;

  beforeAll(async () => {
    issuer = await startMockIssuer();
    const port = await freePort();
    redis = await startRedis(port);
    app = await testApp({ OIDC_ISSUER: issuer.issuer, REDIS_URL: `redis://127.0.0.1:${port}` });
  }, 20_000);
  afterAll(async () => {
    await app.close();
    redis.kill('SIGKILL');
    await issuer.close();
  });

  it('recognises driver and network failures, not programming errors', () => {
    expect(isDependencyError(new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } }))).toBe(true);
    expect(isDependencyError(new Error('Connection is closed.'))).toBe(true);
    expect(isDependencyError(Object.assign(new Error('x'), { name: 'MaxRetriesPerRequestError' }))).toBe(
      true,
    );
    expect(isDependencyError(new TypeError('undefined is not a function'))).toBe(false);
  });

  it('with Redis and the identity provider up: ready', async () => {
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ok',
      checks: { sessions: 'ok', database: 'ok', identity: 'ok' },
    });
  });

  it('Redis down: /trpc answers 503 in German without the driver’s text, /readyz 503, /healthz 200', async () => {
    redis.kill('SIGKILL');
    await new Promise((resolve) => redis.once('exit', resolve));
    const answer = await app.inject({
      method: 'GET',
      url: '/trpc/session.me',
      headers: { ...SPA, cookie: 'nova_session=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG' },
    });
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toMatchObject({
      error: {
        message: 'Ein benötigter Dienst ist gerade nicht erreichbar. Bitte versuche es gleich noch einmal.',
      },
    });
    expect(answer.body).not.toMatch(/Connection|ECONN|Redis/i);
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ checks: { sessions: 'nicht erreichbar', identity: 'ok' } });
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  }, 20_000);
});

describe('identity provider unreachable', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp({ OIDC_ISSUER: 'http://127.0.0.1:9/realms/nova' });
  });
  afterAll(async () => {
    await app.close();
  });

  it('the sign-in answers 503 with the German problem page, not 500 "fetch failed"', async () => {
    const answer = await app.inject({ method: 'GET', url: '/auth/login' });
    expect(answer.statusCode).toBe(503);
    expect(answer.headers['content-type']).toContain('text/html');
    expect(answer.body).toContain(
      'Ein benötigter Dienst ist gerade nicht erreichbar. Bitte versuche es gleich noch einmal.',
    );
    expect(answer.body).not.toContain('fetch failed');
  });

  it('/readyz names the identity provider as not reachable', async () => {
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ checks: { sessions: 'ok', identity: 'nicht erreichbar' } });
  });
});
