/**
 * Draining before a graceful shutdown (decision 078): after `drain()`, `/readyz` answers 503 so that
 * a load balancer takes the instance out, while every other request is still served.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from './helpers';
import { startMockIssuer, type MockIssuer } from './mock-issuer';

describe('draining', () => {
  let issuer: MockIssuer;
  let app: FastifyInstance;
  beforeAll(async () => {
    issuer = await startMockIssuer();
    app = await testApp({ OIDC_ISSUER: issuer.issuer });
  });
  afterAll(async () => {
    await app.close();
    await issuer.close();
  });

  it('ready before; after drain() /readyz is 503 and names the shutdown, the rest still answers', async () => {
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    app.drain();
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.headers['cache-control']).toBe('no-store');
    expect(ready.json()).toEqual({ status: 'nicht bereit', checks: { shutdown: 'wird beendet' } });
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    const config = await app.inject({ method: 'GET', url: '/public-config.json' });
    expect(config.statusCode).toBe(200);
  });
});
