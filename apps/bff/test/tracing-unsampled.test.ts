/**
 * Traces for a request that is not sampled (decision 074): tracing runs with a ratio of 0, so no
 * span is recorded or exported; the request still has a trace id, and it is the same in its log
 * line, in its audit record and in the `traceparent` the game API receives (flags 00: not sampled).
 */
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTracing, type Tracing } from '../src/observability/tracing';
import type { TestBff } from './test-bff';

const exporter = new InMemorySpanExporter();
const lines: string[] = [];
let tracing: Tracing;
let bff: TestBff & { close(): Promise<void> };
let sessionCookie: string;

beforeAll(async () => {
  tracing = await startTracing({
    endpoint: 'http://127.0.0.1:9',
    serviceName: 'nova-bff-test',
    exporter,
    sampleRatio: 0,
  });
  const { startTestBff } = await import('./test-bff');
  bff = await startTestBff({
    env: { LOG_LEVEL: 'info' },
    overrides: { logger: undefined, logStream: { write: (line: string) => lines.push(line) } },
  });
  const { id } = await bff.manager.create({
    userId: 'u-unsampled',
    sid: 'sid-unsampled',
    displayName: 'Verwalter',
    authTime: Math.floor(Date.now() / 1000),
    auth: {
      accessToken: 'eyJ-unsampled',
      refreshToken: 'r',
      idToken: null,
      accessTokenExpiresAt: Date.now() + 3_600_000,
      username: 'verwalter',
      roles: ['web:admin:server-manager', 'web:admin:server-manager:achievement'],
    },
  });
  sessionCookie = `nova_session=${id}`;
});

afterAll(async () => {
  await bff.close();
  await tracing.shutdown();
});

describe('tracing of an unsampled request', () => {
  it('records no span, and its log line, audit record and game API call share one trace id', async () => {
    const values = { name: 'Stiller Angler', description: 'Fange einen Hecht', exp: 20, money: 300 };
    const traceparents: (string | undefined)[] = [];
    bff.api.on('GET', 'achievements/7', { body: { id: 7, ...values, name: 'Alt' } });
    bff.api.on('PUT', 'achievements/7', ({ headers }) => {
      traceparents.push(headers.traceparent as string | undefined);
      return { body: { id: 7, ...values } };
    });
    const response = await bff.app.inject({
      method: 'POST',
      url: '/trpc/catalogue.achievements.update',
      headers: { 'x-csrf': '1', cookie: sessionCookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ id: 7, values, expected: { id: 7, ...values, name: 'Alt' } }),
    });
    expect(response.statusCode).toBe(200);

    const requestLine = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((line) => line.url === '/trpc/catalogue.achievements.update');
    expect(requestLine?.trace_id).toMatch(/^[0-9a-f]{32}$/);
    const traceId = requestLine!.trace_id as string;
    expect(traceparents).toEqual([expect.stringMatching(new RegExp(`^00-${traceId}-[0-9a-f]{16}-00$`))]);

    const { sharedTestDatabase } = await import('./helpers');
    const db = await sharedTestDatabase().open();
    const records = await db
      .selectFrom('audit_log')
      .select(['target_id'])
      .where('request_id', 'like', `${traceId}-%`)
      .execute();
    expect(records).toEqual([{ target_id: '7' }]);

    await tracing.shutdown();
    expect(exporter.getFinishedSpans()).toEqual([]);
  });
});
