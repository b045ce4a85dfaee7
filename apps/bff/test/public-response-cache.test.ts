/** Public procedures answered from a shared response cache with ETag and Cache-Control. */
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import etag from '@fastify/etag';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { publicResponseCache } from '../src/plugins/public-response-cache';
import { SPA, testApp } from './helpers';
import { startMockGameApi, type MockGameApi } from './mock-game-api';

const toplist = {
  players: {
    most_crimes: { player: 'Jonas_Weber', value: 42 },
    most_prestige: null,
    most_login_streak: null,
  },
  list: {
    most_crimes: [{ player: 'Jonas_Weber', value: 42 }],
    most_prestige: [],
    most_login_streak: [],
    // Enough rows for an answer over compression's 1 KB threshold.
    most_playtime: Array.from({ length: 40 }, (_, i) => ({ player: `Spieler_${i}`, value: 12_345 - i })),
  },
};

describe('public response cache', () => {
  let api: MockGameApi;
  let app: FastifyInstance;
  let clock = 1_000_000;

  beforeAll(async () => {
    api = await startMockGameApi();
    app = await testApp({ GAME_API_URL: api.url, PUBLIC_CACHE_SECONDS: '30' }, { now: () => clock });
  });
  afterAll(async () => {
    await app.close();
    await api.close();
  });
  beforeEach(() => {
    api.reset();
    clock += 60_000; // every test starts after the previous test's entries expired
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { ...SPA, ...headers } });

  it('answers repeated calls from one game API call, with a shared Cache-Control and an ETag', async () => {
    api.on('GET', 'toplist', { body: toplist });
    const first = await get('/trpc/toplist.get');
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=30, s-maxage=30, stale-while-revalidate=30');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9+/=]{20,}"$/);
    const second = await get('/trpc/toplist.get');
    expect(second.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(etag);
    expect(second.headers['content-security-policy']).toContain("script-src 'self'");
    const body = JSON.parse(second.body) as { result: { data: { top: { most_crimes: unknown } } } };
    expect(body.result.data.top.most_crimes).toEqual({ player: 'Jonas_Weber', value: 42 });
    expect(api.requests.filter((r) => r.path === 'toplist')).toHaveLength(1);

    const notModified = await get('/trpc/toplist.get', { 'if-none-match': etag });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    expect(notModified.headers.etag).toBe(etag);
  });

  it('sends brotli or gzip to browsers that accept them', async () => {
    api.on('GET', 'toplist', { body: toplist });
    const plain = await get('/trpc/toplist.get');
    const br = await get('/trpc/toplist.get', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await get('/trpc/toplist.get', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });

  it('keeps an answer whose first caller got it compressed, and answers 304 to a hit', async () => {
    api.on('GET', 'toplist', { body: toplist });
    const br = await get('/trpc/toplist.get', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    const plain = await get('/trpc/toplist.get');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.etag).toBe(br.headers.etag);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const notModified = await get('/trpc/toplist.get', { 'if-none-match': String(plain.headers.etag) });
    expect(notModified.statusCode).toBe(304);
    expect(api.requests.filter((r) => r.path === 'toplist')).toHaveLength(1);
  });

  it('caches a batch of public procedures by its URL and expires it after the lifetime', async () => {
    api.on('GET', 'toplist', { body: toplist });
    api.on('GET', 'calendar', { body: [] });
    const url = `/trpc/toplist.get,calendar.list?batch=1&input=${encodeURIComponent('{}')}`;
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    expect(JSON.parse(first.body)).toHaveLength(2);
    await get(url);
    expect(api.requests).toHaveLength(2);
    clock += 31_000;
    const later = await get(url);
    expect(later.statusCode).toBe(200);
    expect(api.requests).toHaveLength(4);
  });

  it('does not cache failures, calls with input, private procedures or refused requests', async () => {
    api.on('GET', 'toplist', { status: 500, body: { error: 'kaputt' } });
    const failed = await get('/trpc/toplist.get');
    expect(failed.statusCode).toBe(502);
    expect(failed.headers['cache-control']).toBe('no-store');
    api.on('GET', 'toplist', { body: toplist });
    const after = await get('/trpc/toplist.get');
    expect(after.statusCode).toBe(200);
    expect(api.requests.filter((r) => r.path === 'toplist')).toHaveLength(2);
    expect(after.headers['cache-control']).toBe('public, max-age=30, s-maxage=30, stale-while-revalidate=30');

    const me = await get('/trpc/session.me');
    expect(me.headers['cache-control']).toBe('no-store');
    const withInput = await get(`/trpc/toplist.get?batch=1&input=${encodeURIComponent('{"0":{"x":1}}')}`);
    expect(withInput.headers['cache-control']).toBe('no-store');

    // The cached answer still needs the SPA's CSRF proof, like every tRPC call from a browser.
    const foreign = await app.inject({ method: 'GET', url: '/trpc/toplist.get' });
    expect(foreign.statusCode).toBe(403);
  });

  it('sends other tRPC answers whole: with Content-Length, no-store, and small ones uncompressed', async () => {
    const response = await get('/trpc/session.me', { 'accept-encoding': 'gzip, deflate, br' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-length']).toBe(String(response.rawPayload.length));
    expect(response.headers['transfer-encoding']).toBeUndefined();
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.json()).toEqual({ result: { data: { signedIn: false } } });
  });

  it('answers hits over a real connection with the same headers and bytes', async () => {
    api.on('GET', 'toplist', { body: toplist });
    const first = await get('/trpc/toplist.get');
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const hit = await fetch(`http://127.0.0.1:${port}/trpc/toplist.get`, {
      headers: { ...SPA, 'accept-encoding': 'identity' },
    });
    expect(hit.status).toBe(200);
    expect(await hit.text()).toBe(first.body);
    expect(hit.headers.get('etag')).toBe(first.headers.etag);
    expect(hit.headers.get('content-length')).toBe(String(first.rawPayload.length));
    expect(hit.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(hit.headers.get('cache-control')).toBe(first.headers['cache-control']);
    // Without X-CSRF the request is no hit; tRPC's own checks answer it.
    const refused = await fetch(`http://127.0.0.1:${port}/trpc/toplist.get`);
    expect(refused.status).toBe(403);
    expect(api.requests.filter((r) => r.path === 'toplist')).toHaveLength(1);
  });
});

describe('public response cache hooks around @fastify/etag', () => {
  it('keeps an answer whose first caller got a 304 (its copy was still good)', async () => {
    let clock = 0;
    let handled = 0;
    const app = Fastify();
    await app.register(async (scope) => {
      const keep = publicResponseCache(scope, {
        prefix: '/trpc',
        procedures: ['toplist.get'],
        ttlMs: 30_000,
        publicUrl: 'http://localhost:3000',
        now: () => clock,
      });
      await scope.register(etag);
      scope.addHook('onSend', keep);
      scope.get('/trpc/toplist.get', async (_request, reply) => {
        handled++;
        return reply.type('application/json').send(Buffer.from('{"result":{"data":[1,2,3]}}'));
      });
    });
    const get = (headers: Record<string, string> = {}) =>
      app.inject({ method: 'GET', url: '/trpc/toplist.get', headers: { ...SPA, ...headers } });

    const first = await get();
    const tag = String(first.headers.etag);
    expect([first.statusCode, handled]).toEqual([200, 1]);
    clock += 31_000; // the entry expired; the browser revalidates its copy
    const revalidated = await get({ 'if-none-match': tag });
    expect([revalidated.statusCode, handled]).toEqual([304, 2]);
    const hit = await get();
    expect([hit.statusCode, handled]).toEqual([200, 2]);
    expect(hit.body).toBe('{"result":{"data":[1,2,3]}}');
    expect(hit.headers.etag).toBe(tag);
    expect((await get({ 'if-none-match': tag })).statusCode).toBe(304);
    expect(handled).toBe(2);
    await app.close();
  });
});
