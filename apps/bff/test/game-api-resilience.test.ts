/**
 * Decision 030: one request cannot fan out into an unbounded number of game API
 * calls (the audit: a batch of 20 procedures against a failing game API made 80), and a game API that
 * keeps failing is not hammered: the circuit opens, calls are refused at once with a German 503, and
 * after the cooldown one probe decides whether it closes again.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { reportFigure } from './figures';
import { SPA, testApp, type TrpcErrorBody } from './helpers';
import { startMockGameApi, type MockGameApi } from './mock-game-api';
import { startMockIssuer, type MockIssuer } from './mock-issuer';

const CLIENT_ID = 'nova-web';

describe('game API calls per request and the circuit breaker', () => {
  let api: MockGameApi;
  let issuer: MockIssuer;
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    api = await startMockGameApi();
    issuer = await startMockIssuer();
  });
  afterAll(async () => {
    await api.close();
    await issuer.close();
  });
  beforeEach(() => api.reset());
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
  });

  async function app(env: Record<string, string>) {
    const built = await testApp({
      GAME_API_URL: api.url,
      // Generous: these tests count answers of the game API, not timeouts, and a loaded machine can
      // take seconds for an answer (a timeout would be another code and another retry).
      GAME_API_TIMEOUT_MS: '30000',
      OIDC_ISSUER: issuer.issuer,
      OIDC_CLIENT_ID: CLIENT_ID,
      ...env,
    });
    apps.push(built);
    return built;
  }

  const bearer = () =>
    issuer.sign(
      { sub: 'u-1', preferred_username: 'spieler', typ: 'Bearer', azp: CLIENT_ID },
      { expiresIn: '5m' },
    );

  it('a batch of 20 procedures against a failing game API makes at most the budget of calls', async () => {
    // Each achievements procedure makes two GETs, each retried once: 80 calls without a budget.
    api.on('GET', 'achievements', { status: 503 });
    api.on('GET', 'user/u-1/achievements', { status: 503 });
    const bff = await app({ GAME_API_CALLS_PER_REQUEST: '30', GAME_API_BREAKER_FAILURES: '1000' });
    const paths = Array(20).fill('player.achievements').join(',');
    const input = encodeURIComponent(
      JSON.stringify(Object.fromEntries(Array.from({ length: 20 }, (_, i) => [i, {}]))),
    );
    const response = await bff.inject({
      method: 'GET',
      url: `/trpc/${paths}?batch=1&input=${input}`,
      headers: { authorization: `Bearer ${await bearer()}` },
    });
    const results = response.json<TrpcErrorBody[]>();
    expect(results).toHaveLength(20);
    const codes = results.map((r) => r.error.data.code);
    expect(codes.every((code) => code === 'BAD_GATEWAY' || code === 'TOO_MANY_REQUESTS')).toBe(true);
    // A procedure answers when the first of its two calls fails; the other may still be on its way.
    await vi.waitFor(() => expect(api.requests.length).toBe(30), { timeout: 30_000 });
    await bff.inject({ method: 'GET', url: '/healthz' });
    expect(api.requests.length).toBe(30);
    reportFigure(`batch of 20 procedures against a failing game API: ${api.requests.length} calls`);
  });

  it('a request within its budget is served in full', async () => {
    api.on('GET', 'calendar', { body: [] });
    const bff = await app({ GAME_API_CALLS_PER_REQUEST: '3' });
    const paths = Array(4).fill('calendar.list').join(',');
    const response = await bff.inject({
      method: 'GET',
      url: `/trpc/${paths}?batch=1&input=%7B%7D`,
      headers: SPA,
    });
    const results = response.json<({ result: unknown } | TrpcErrorBody)[]>();
    // Three are served; the fourth is refused without a call, with the German rate-limit message.
    expect(results.filter((r) => 'result' in r)).toHaveLength(3);
    const refused = results.filter((r): r is TrpcErrorBody => 'error' in r);
    expect(refused.map((r) => [r.error.data.code, r.error.message])).toEqual([
      [
        'TOO_MANY_REQUESTS',
        'Zu viele Anfragen in kurzer Zeit. Bitte warte einen Moment und versuche es erneut.',
      ],
    ]);
    expect(api.requests).toHaveLength(3);
  });

  it('consecutive faults open the circuit: refused at once with a German 503, then one probe closes it', async () => {
    let healthy = false;
    api.on('GET', 'calendar', () => (healthy ? { body: [] } : { status: 503 }));
    const bff = await app({ GAME_API_BREAKER_FAILURES: '4', GAME_API_BREAKER_COOLDOWN_SECONDS: '0.5' });
    const get = () => bff.inject({ method: 'GET', url: '/trpc/calendar.list', headers: SPA });

    // Two calls with one retry each: four consecutive faults.
    expect((await get()).statusCode).toBe(502);
    expect((await get()).statusCode).toBe(502);
    expect(api.requests).toHaveLength(4);

    const refused = await get();
    expect(refused.statusCode).toBe(503);
    expect(refused.json<TrpcErrorBody>().error.message).toBe(
      'Der Spielserver ist gerade nicht erreichbar. Bitte versuche es in ein paar Sekunden erneut.',
    );
    expect(refused.headers['retry-after']).toBe('1');
    expect(api.requests).toHaveLength(4);

    // After the cooldown one probe passes; it succeeds and the circuit closes.
    healthy = true;
    await vi.waitFor(
      async () => {
        expect((await get()).statusCode).toBe(200);
      },
      { timeout: 30_000, interval: 100 },
    );
    expect(api.requests).toHaveLength(5);
    expect((await get()).statusCode).toBe(200);
    expect(api.requests).toHaveLength(6);
  });

  it('a failed probe opens the circuit again for a longer cooldown', async () => {
    api.on('GET', 'calendar', { status: 503 });
    const bff = await app({ GAME_API_BREAKER_FAILURES: '2', GAME_API_BREAKER_COOLDOWN_SECONDS: '0.3' });
    const get = () => bff.inject({ method: 'GET', url: '/trpc/calendar.list', headers: SPA });
    expect((await get()).statusCode).toBe(502); // two faults: open
    const opened = Date.now();
    // Wait for the probe (one more call), which fails and opens the circuit again.
    await vi.waitFor(
      async () => {
        await get();
        expect(api.requests).toHaveLength(3);
      },
      { timeout: 30_000, interval: 50 },
    );
    const probed = Date.now();
    expect(probed - opened).toBeGreaterThanOrEqual(250);
    // The next probe comes no earlier than the doubled cooldown (0.6 s) after the failed one.
    await vi.waitFor(
      async () => {
        await get();
        expect(api.requests).toHaveLength(4);
      },
      { timeout: 30_000, interval: 50 },
    );
    expect(Date.now() - probed).toBeGreaterThanOrEqual(500);
  });
});
