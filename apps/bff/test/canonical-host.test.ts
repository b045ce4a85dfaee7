/** A page opened as 127.0.0.1 goes to the configured origin, where sign-in works. */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from './helpers';
import { startMockIssuer, type MockIssuer } from './mock-issuer';

describe('canonical host', () => {
  let issuer: MockIssuer;
  let app: FastifyInstance;

  beforeAll(async () => {
    issuer = await startMockIssuer();
    // The tests' PostgreSQL, not the embedded database: its start-up alone took up to 20 s on a busy machine.
    app = await testApp({ OIDC_ISSUER: issuer.issuer, PUBLIC_URL: 'http://localhost:3000' });
  });
  afterAll(async () => {
    await app.close();
    await issuer.close();
  });

  it('sends pages and the sign-in from 127.0.0.1 to the public origin, with path and query', async () => {
    for (const [url, location] of [
      ['/toplist', 'http://localhost:3000/toplist'],
      ['/auth/login?returnTo=%2Fcontrol-panel', 'http://localhost:3000/auth/login?returnTo=%2Fcontrol-panel'],
      ['//evil.example/x', 'http://localhost:3000//evil.example/x'],
    ]) {
      const response = await app.inject({ url, headers: { host: '127.0.0.1:3000' } });
      expect(response.statusCode, url).toBe(308);
      expect(response.headers.location, url).toBe(location);
    }
  });

  it('leaves the public origin itself, probes and the API alone', async () => {
    expect((await app.inject({ url: '/healthz', headers: { host: '127.0.0.1:3000' } })).statusCode).toBe(200);
    const trpc = await app.inject({ url: '/trpc/session.me', headers: { host: '127.0.0.1:3000' } });
    expect(trpc.statusCode).not.toBe(308);
    const page = await app.inject({ url: '/auth/login', headers: { host: 'localhost:3000' } });
    expect(page.statusCode).not.toBe(308);
  });

  it('never redirects when the public origin is not a loopback name (a proxy may send any host)', async () => {
    const production = await testApp({ OIDC_ISSUER: issuer.issuer, PUBLIC_URL: 'https://nova.example' });
    const response = await production.inject({ url: '/toplist', headers: { host: '127.0.0.1:3000' } });
    await production.close();
    expect(response.statusCode).not.toBe(308);
  });
});
