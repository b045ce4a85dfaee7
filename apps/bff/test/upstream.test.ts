import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SPA, testApp, type TrpcErrorBody } from './helpers';
import { startMockGameApi, type MockGameApi } from './mock-game-api';

const toplist = {
  players: {
    most_crimes: { player: 'Jonas_Weber', value: 42 },
    most_prestige: { player: 'Lena_Hoffmann', value: 7 },
    most_login_streak: null,
  },
  list: {
    most_crimes: [
      { player: 'Jonas_Weber', value: 42 },
      { player: 'Mehmet_Yilmaz', value: 17 },
    ],
    most_prestige: [{ player: 'Lena_Hoffmann', value: 7 }],
    most_login_streak: [],
    most_playtime: [{ player: 'Sophie_Krause', value: 12_345 }],
  },
};

describe('public procedures against a game API with faults', () => {
  let api: MockGameApi;
  let app: FastifyInstance;
  const logs: string[] = [];

  beforeAll(async () => {
    api = await startMockGameApi();
    app = await testApp(
      { GAME_API_URL: api.url, GAME_API_TIMEOUT_MS: '300' },
      { logger: { level: 'info', stream: { write: (line: string) => logs.push(line) } } },
    );
  });
  afterAll(async () => {
    await app.close();
    await api.close();
  });
  beforeEach(() => {
    api.reset();
    logs.length = 0;
  });

  const get = (path: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url: `/trpc/${path}`, headers: { ...SPA, ...headers } });

  it('maps the toplist: ranks by order, playtime minutes as hours, missing top players as null', async () => {
    api.on('GET', 'toplist', { body: toplist });
    const response = await get('toplist.get');
    expect(response.statusCode).toBe(200);
    const data = response.json<{ result: { data: unknown } }>().result.data;
    expect(data).toEqual({
      top: {
        most_crimes: { player: 'Jonas_Weber', value: 42 },
        most_prestige: { player: 'Lena_Hoffmann', value: 7 },
        most_login_streak: null,
      },
      tables: {
        most_crimes: [
          { rank: 1, player: 'Jonas_Weber', value: 42 },
          { rank: 2, player: 'Mehmet_Yilmaz', value: 17 },
        ],
        most_prestige: [{ rank: 1, player: 'Lena_Hoffmann', value: 7 }],
        most_login_streak: [],
        most_playtime: [{ rank: 1, player: 'Sophie_Krause', value: 205.75 }],
      },
    });
  });

  it('calls the public game API paths without a token and never forwards the browser cookie', async () => {
    api.on('GET', 'calendar', { body: [{ name: 'Boxturnier', timestamp: 1_795_000_000 }] });
    const response = await get('calendar.list', { cookie: 'nova_session=abc; other=1' });
    expect(response.statusCode).toBe(200);
    expect(api.requests).toEqual([
      { method: 'GET', path: 'calendar', authorization: undefined, cookie: undefined, body: '' },
    ]);
  });

  it('a timeout becomes GATEWAY_TIMEOUT with a German message after one retry', async () => {
    api.on('GET', 'toplist', { body: toplist, delayMs: 1000 });
    const response = await get('toplist.get');
    expect(response.statusCode).toBe(504);
    const body = response.json<TrpcErrorBody>();
    expect(body.error.data.code).toBe('GATEWAY_TIMEOUT');
    expect(body.error.message).toBe(
      'Der Spielserver antwortet gerade nicht. Bitte versuche es später erneut.',
    );
    expect(api.requests).toHaveLength(2);
  });

  it('a 500 becomes BAD_GATEWAY and is not shown as data', async () => {
    api.on('GET', 'toplist', { status: 500, body: { error: 'kaputt' } });
    const response = await get('toplist.get');
    expect(response.statusCode).toBe(502);
    expect(response.json<TrpcErrorBody>().error.data.code).toBe('BAD_GATEWAY');
    expect(response.body).not.toContain('kaputt');
  });

  it('a 503 is retried once, and a second success is served', async () => {
    let calls = 0;
    api.on('GET', 'calendar', () => (++calls === 1 ? { status: 503 } : { body: [] }));
    const response = await get('calendar.list');
    expect(response.statusCode).toBe(200);
    expect(calls).toBe(2);
  });

  it('invalid JSON becomes BAD_GATEWAY', async () => {
    api.on('GET', 'calendar', { raw: '{"name": "Boxturnier", ' });
    const response = await get('calendar.list');
    expect(response.statusCode).toBe(502);
    expect(response.json<TrpcErrorBody>().error.data.code).toBe('BAD_GATEWAY');
  });

  it('an answer that breaks the contract becomes BAD_GATEWAY and is logged with path and issues', async () => {
    api.on('GET', 'calendar', { body: [{ name: 'Boxturnier', timestamp: 'morgen' }] });
    const response = await get('calendar.list');
    expect(response.statusCode).toBe(502);
    expect(response.body).not.toContain('morgen');
    const entry = logs
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((l) => l.msg === 'game API answer violates the contract');
    expect(entry).toMatchObject({ path: 'calendar', failure: 'contract' });
    expect(JSON.stringify(entry?.issues)).toContain('timestamp');
  });

  it('a batch naming the toplist many times costs one game API call while it is shared', async () => {
    const shared = await testApp({ GAME_API_URL: api.url, PUBLIC_CACHE_SECONDS: '15' });
    try {
      api.on('GET', 'toplist', { body: toplist, delayMs: 50 });
      const paths = Array(8).fill('toplist.get').join(',');
      const input = encodeURIComponent(JSON.stringify({}));
      const response = await shared.inject({
        method: 'GET',
        url: `/trpc/${paths}?batch=1&input=${input}`,
        headers: SPA,
      });
      expect(response.statusCode).toBe(200);
      expect(api.requests.filter((r) => r.path === 'toplist')).toHaveLength(1);
    } finally {
      await shared.close();
    }
  });

  it('refuses batches of more than 20 procedures', async () => {
    const paths = Array(21).fill('session.me').join(',');
    const response = await app.inject({
      method: 'GET',
      url: `/trpc/${paths}?batch=1&input=%7B%7D`,
      headers: SPA,
    });
    expect(response.statusCode).toBe(400);
    expect(api.requests).toHaveLength(0);
  });

  it('refuses an answer larger than 5 MB instead of buffering it', async () => {
    api.on('GET', 'calendar', {
      raw: `[${'{"name":"x","timestamp":1},'.repeat(200_000)}{"name":"x","timestamp":1}]`,
    });
    // Its own instance with a generous timeout: on a busy machine reading 5 MB can outlast the
    // suite's 300 ms, which would make this a 504 (a timeout) instead of the refusal under test.
    const patient = await testApp({ GAME_API_URL: api.url, GAME_API_TIMEOUT_MS: '20000' });
    try {
      const response = await patient.inject({ method: 'GET', url: '/trpc/calendar.list', headers: SPA });
      expect(response.statusCode).toBe(502);
    } finally {
      await patient.close();
    }
  }, 30_000);

  it('an unreachable game API becomes BAD_GATEWAY and the process keeps serving', async () => {
    const dead = await testApp({ GAME_API_URL: 'http://127.0.0.1:9/', GAME_API_TIMEOUT_MS: '300' });
    try {
      const response = await dead.inject({ method: 'GET', url: '/trpc/toplist.get', headers: SPA });
      expect(response.statusCode).toBe(502);
      expect((await dead.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await dead.close();
    }
  });
});
