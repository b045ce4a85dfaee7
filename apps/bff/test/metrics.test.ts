/**
 * Metrics (decision 074) as Prometheus reads them from the BFF's own metrics port: requests by
 * route template, procedures by name and outcome, game API calls by path template (never an id),
 * the circuit breaker, the database pool, open audit intents, unknown outcomes, idempotency hits
 * and rate-limit refusals; the site's port never serves them.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './ports';
import { startTestBff, type TestBff } from './test-bff';
import { SPA } from './helpers';

let bff: TestBff & { close(): Promise<void> };
let metricsUrl: string;

const ROLES = ['web:admin:server-manager', 'web:admin:server-manager:achievement'];
const TOPLIST = {
  players: {
    most_crimes: { player: 'Jonas_Weber', value: 42 },
    most_prestige: null,
    most_login_streak: null,
  },
  list: {
    most_crimes: [{ player: 'Jonas_Weber', value: 42 }],
    most_prestige: [],
    most_login_streak: [],
    most_playtime: [],
  },
};
const ROW = { name: 'Angelkönig', description: 'Fange einen Marlin', exp: 250, money: 5000 };

beforeAll(async () => {
  const port = await freePort();
  metricsUrl = `http://127.0.0.1:${port}/metrics`;
  bff = await startTestBff({
    env: {
      METRICS_PORT: String(port),
      METRICS_HOST: '127.0.0.1',
      GAME_API_TIMEOUT_MS: '300',
      GAME_API_BREAKER_FAILURES: '1000',
      RATE_LIMIT_TRPC_PER_CLIENT: '40',
    },
  });
  await bff.app.ready();
});
afterAll(() => bff.close());

async function scrape(): Promise<string> {
  const response = await fetch(metricsUrl);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.text();
}

/** The value of one series, its labels written in Prometheus' order. */
function valueOf(text: string, series: string): number | null {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : null;
}

async function sessionCookie(userId: string, roles: string[]): Promise<string> {
  const { id } = await bff.manager.create({
    userId,
    sid: null,
    displayName: 'Verwalterin',
    authTime: Math.floor(Date.now() / 1000),
    auth: {
      accessToken: 'eyJ-user-access-token',
      refreshToken: 'r',
      idToken: null,
      accessTokenExpiresAt: Date.now() + 3_600_000,
      username: 'verwalterin',
      roles,
    },
  });
  return `nova_session=${id}`;
}

const post = async (procedure: string, input: unknown, cookie: string) =>
  bff.app.inject({
    method: 'POST',
    url: `/trpc/${procedure}`,
    headers: { ...SPA, cookie, 'content-type': 'application/json' },
    payload: JSON.stringify(input),
  });

describe('metrics', () => {
  it('are served on the metrics port only', async () => {
    expect(await scrape()).toContain('# TYPE nova_http_request_duration_seconds histogram');
    const site = await bff.app.inject({ url: '/metrics' });
    expect(site.body).not.toContain('nova_http_request_duration_seconds');
  });

  it('count requests, procedures and game API calls by template, never by id', async () => {
    bff.api.on('GET', 'toplist', { body: TOPLIST });
    bff.api.on('GET', 'user/8f14e45f-ceea-4671-9c3f-5e1c0b5b7d2a/profile', { status: 404, body: {} });
    expect((await bff.app.inject({ url: '/trpc/toplist.get', headers: SPA })).statusCode).toBe(200);
    const cookie = await sessionCookie('8f14e45f-ceea-4671-9c3f-5e1c0b5b7d2a', []);
    await bff.app.inject({ url: '/trpc/player.profile', headers: { ...SPA, cookie } });
    await bff.app.inject({ url: '/trpc/player.profile', headers: SPA });
    await bff.app.inject({ url: '/no/such/page/8f14e45f' });

    const text = await scrape();
    expect(
      valueOf(
        text,
        'nova_http_request_duration_seconds_count{method="GET",route="/trpc/:path",status="200"}',
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(
      valueOf(
        text,
        'nova_trpc_procedure_duration_seconds_count{procedure="toplist.get",type="query",outcome="ok"}',
      ),
    ).toBe(1);
    expect(
      valueOf(
        text,
        'nova_trpc_procedure_duration_seconds_count{procedure="player.profile",type="query",outcome="UNAUTHORIZED"}',
      ),
    ).toBe(1);
    expect(
      valueOf(text, 'nova_game_api_request_duration_seconds_count{method="GET",path="toplist",status="200"}'),
    ).toBe(1);
    expect(
      valueOf(
        text,
        'nova_game_api_request_duration_seconds_count{method="GET",path="user/:id/profile",status="404"}',
      ),
    ).toBe(1);
    expect(text).toMatch(
      /nova_http_request_duration_seconds_count\{method="GET",route="unmatched",status="404"\}/,
    );
    expect(text).not.toContain('8f14e45f');
    expect(valueOf(text, 'nova_circuit_breaker_state{breaker="game-api"}')).toBe(0);
    expect(valueOf(text, 'nova_sessions_started_total')).toBeGreaterThanOrEqual(1);
    expect(text).toContain('nodejs_eventloop_lag_p99_seconds');
  });

  it('count idempotency hits, unknown outcomes, open intents and the database pool', async () => {
    const cookie = await sessionCookie('u-metrics', ROLES);
    bff.api.on('POST', 'achievements', { body: { id: 41, ...ROW } });
    const create = { values: ROW, idempotencyKey: 'a7c3e1f0-3d1b-4a9e-9f4e-2b6f7c9d0e11' };
    expect((await post('catalogue.achievements.create', create, cookie)).statusCode).toBe(200);
    expect((await post('catalogue.achievements.create', create, cookie)).statusCode).toBe(200);

    // The game API answers too late: the write's outcome is unknown.
    bff.api.on('GET', 'achievements/42', { body: { id: 42, ...ROW } });
    bff.api.on('PUT', 'achievements/42', { delayMs: 1500, body: { id: 42, ...ROW } });
    const update = { id: 42, values: { ...ROW, exp: 300 }, expected: { id: 42, ...ROW } };
    expect((await post('catalogue.achievements.update', update, cookie)).statusCode).toBe(504);

    const text = await scrape();
    expect(valueOf(text, 'nova_idempotency_hits_total{state="done"}')).toBe(1);
    expect(valueOf(text, 'nova_audit_intents_unknown_total{cause="no-answer"}')).toBe(1);
    expect(valueOf(text, 'nova_audit_intents_open')).toBeGreaterThanOrEqual(0);
    expect(valueOf(text, 'nova_db_pool_connections{state="idle"}')).toBeGreaterThanOrEqual(1);
    expect(valueOf(text, 'nova_db_pool_connections{state="waiting"}')).toBe(0);
  });

  it('count rate-limit refusals by limit', async () => {
    // The limit of 40 procedures per client and window: one batch of 20 twice fits, a third not.
    const batch = `/trpc/${Array.from({ length: 20 }, () => 'toplist.get').join(',')}?batch=1`;
    bff.api.on('GET', 'toplist', { body: TOPLIST });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await bff.app.inject({ url: batch, headers: SPA })).statusCode);
    expect(statuses).toContain(429);
    expect(valueOf(await scrape(), 'nova_rate_limit_refusals_total{limit="trpc-client"}')).toBe(
      statuses.filter((s) => s === 429).length,
    );
  });

  it('name in the dashboard and the alert rules only series the BFF declares', async () => {
    const text = await scrape();
    const declared = new Set(['up']);
    for (const [, name, type] of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
      declared.add(name!);
      if (type === 'histogram' || type === 'summary')
        for (const suffix of ['_bucket', '_count', '_sum']) declared.add(`${name!}${suffix}`);
    }
    const deploy = (file: string) =>
      readFileSync(new URL(`../../../deploy/${file}`, import.meta.url), 'utf8');
    const dashboard = JSON.parse(deploy('grafana/nova-bff.json')) as {
      panels: { targets?: { expr: string }[] }[];
    };
    const expressions = [
      ...dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((target) => target.expr)),
      ...[...deploy('prometheus/alerts.yml').matchAll(/expr: (?:\|\n)?([^\n]+(?:\n {12,}[^\n]+)*)/g)].map(
        (m) => m[1]!,
      ),
    ];
    expect(expressions.length).toBeGreaterThan(20);
    const used = new Set(
      expressions.flatMap((expr) => expr.match(/\b(?:nova|nodejs|process)_[a-z0-9_]+|\bup\b/g) ?? []),
    );
    expect([...used].filter((name) => !declared.has(name))).toEqual([]);
    expect(used).toContain('nova_circuit_breaker_state');
  });
});
