/**
 * A game API answer is bounded before it is validated. Nesting deeper than any
 * answer of the contract is refused before JSON.parse and the recursive schemas (the audit: a deeply
 * nested 2 MB answer blocked the event loop for 3.6 s), and a contract violation is logged as a
 * bounded summary (the audit: 7.4 MB log lines), without the answer's values.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_ANSWER_DEPTH, nestsDeeperThan } from '../src/game-api/client';
import { callerFor, principal } from './caller';
import { reportFigure } from './figures';
import { SPA, testApp } from './helpers';
import { startMockGameApi, type MockGameApi } from './mock-game-api';

/** Achievements nested `levels` deep in all (the innermost object is one level). */
const nested = (levels: number) => `${'['.repeat(levels - 1)}{"id":7}${']'.repeat(levels - 1)}`;

describe('bounded game API answers', () => {
  let api: MockGameApi;
  beforeAll(async () => {
    api = await startMockGameApi();
  });
  afterAll(() => api.close());
  beforeEach(() => {
    api.reset();
    api.on('GET', 'achievements', {
      body: [{ id: 7, exp: 10, name: 'Tief', description: 'Ganz unten', money: 0 }],
    });
  });

  it(`the depth check counts brackets outside strings only`, () => {
    expect(nestsDeeperThan('[[1]]', 2)).toBe(false);
    expect(nestsDeeperThan('[[[1]]]', 2)).toBe(true);
    expect(nestsDeeperThan('["[[[[", {"a": "{{{{\\"[["}]', 2)).toBe(false);
  });

  it(`answers nested ${MAX_ANSWER_DEPTH} levels are served, deeper ones refused before validation`, async () => {
    const caller = callerFor(principal('u-1'), api.url);
    api.on('GET', 'user/u-1/achievements', { raw: nested(MAX_ANSWER_DEPTH) });
    const served = await caller.player.achievements({});
    expect(JSON.stringify(served)).toContain('Tief');

    api.on('GET', 'user/u-1/achievements', { raw: nested(MAX_ANSWER_DEPTH + 1) });
    await expect(caller.player.achievements({})).rejects.toMatchObject({
      code: 'BAD_GATEWAY',
      cause: { failure: { kind: 'too-large', reason: 'depth' } },
    });
  });

  it('a deeply nested 2 MB answer is refused quickly', async () => {
    const caller = callerFor(principal('u-1'), api.url, { timeoutMs: 20_000 });
    api.on('GET', 'user/u-1/achievements', { raw: nested(1_000_000) });
    const started = performance.now();
    await expect(caller.player.achievements({})).rejects.toMatchObject({
      code: 'BAD_GATEWAY',
      cause: { failure: { kind: 'too-large', reason: 'depth' } },
    });
    const ms = Math.round(performance.now() - started);
    reportFigure(`deeply nested 2 MB game API answer refused in ${ms} ms (audit: blocked 3.6 s)`);
    expect(ms).toBeLessThan(2000);
  });
});

describe('contract violations in the log', () => {
  let api: MockGameApi;
  let app: FastifyInstance;
  const lines: string[] = [];

  beforeAll(async () => {
    api = await startMockGameApi();
    app = await testApp(
      { GAME_API_URL: api.url, GAME_API_TIMEOUT_MS: '10000' },
      { logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } } },
    );
  });
  afterAll(async () => {
    await app.close();
    await api.close();
  });

  it('are a bounded summary with the count, paths and messages, and no values of the answer', async () => {
    const rows = Array.from({ length: 50_000 }, (_, i) => ({
      name: `Geheim-${i}`,
      timestamp: `morgen-${i}`,
    }));
    api.on('GET', 'calendar', { body: rows });
    const response = await app.inject({ method: 'GET', url: '/trpc/calendar.list', headers: SPA });
    expect(response.statusCode).toBe(502);
    const line = lines.find((l) => l.includes('game API answer violates the contract')) ?? '';
    reportFigure(`contract violation of a 50 000-row answer logged in ${line.length} bytes (audit: 7.4 MB)`);
    expect(line.length).toBeGreaterThan(0);
    expect(line.length).toBeLessThan(4096);
    const entry = JSON.parse(line) as { issueCount: number; issues: { path: string; code: string }[] };
    expect(entry.issueCount).toBe(50_000);
    expect(entry.issues[0]).toMatchObject({ path: '0.timestamp', code: 'invalid_type' });
    expect(line).not.toContain('morgen');
    expect(line).not.toContain('Geheim');
  });
});
