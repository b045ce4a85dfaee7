/**
 * Traces for a request that is not sampled (decision 074): tracing runs with a ratio of 0, so no
 * span is recorded or exported; the request still has a trace id, and it is the same in its log
 * line, in its audit record and in the `traceparent` the game API receives (flags 00: not sampled).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTracedBff, type TracedBff } from './traced-bff';

let traced: TracedBff;

beforeAll(async () => {
  traced = await startTracedBff({ sampleRatio: 0, user: 'verwalter' });
});

afterAll(() => traced.close());

describe('tracing of an unsampled request', () => {
  it('records no span, and its log line, audit record and game API call share one trace id', async () => {
    const { bff, tracing, exporter, lines, sessionCookie } = traced;
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
