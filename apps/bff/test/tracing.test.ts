/**
 * Traces (decision 074) with the SDK's in-memory exporter: tracing starts before the BFF's modules
 * load, as server.ts does it; a catalogue update is then one trace from the HTTP request through the
 * procedure to the game API call and the audit insert, its audit record and log lines carry the
 * trace id, and no span holds the input, the token or the cookie.
 */
import type { ReadableSpan } from '@opentelemetry/sdk-trace-node';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTracedBff, type TracedBff } from './traced-bff';

let traced: TracedBff;

beforeAll(async () => {
  traced = await startTracedBff({ user: 'verwalterin' });
});

afterAll(() => traced.close());

const values = { name: 'Geheimer Angelkönig', description: 'Fange einen Marlin', exp: 250, money: 5000 };

describe('tracing', () => {
  it('makes a catalogue update one trace: request, procedure, game API call, audit insert', async () => {
    const { bff, exporter, lines, sessionCookie } = traced;
    bff.api.on('GET', 'achievements/5', { body: { id: 5, ...values, name: 'Alt' } });
    bff.api.on('PUT', 'achievements/5', { body: { id: 5, ...values } });
    const response = await bff.app.inject({
      method: 'POST',
      url: '/trpc/catalogue.achievements.update',
      headers: {
        'x-csrf': '1',
        cookie: sessionCookie,
        'content-type': 'application/json',
      },
      payload: JSON.stringify({ id: 5, values, expected: { id: 5, ...values, name: 'Alt' } }),
    });
    expect(response.statusCode).toBe(200);

    // Spans end as their work ends; the request's as its answer is sent.
    const spans = await vi.waitFor(() => {
      const finished = exporter.getFinishedSpans();
      expect(finished.some((s) => s.name === 'request')).toBe(true);
      return finished;
    });
    const request = spans.find(
      (s) => s.name === 'request' && s.attributes['url.path'] === '/trpc/catalogue.achievements.update',
    );
    expect(request).toBeDefined();
    // One span for the request: no second one for its route's handler (decision 074).
    expect(spans.filter((s) => s.name.startsWith('handler'))).toEqual([]);
    const traceId = request!.spanContext().traceId;
    const inTrace = spans.filter((s) => s.spanContext().traceId === traceId);
    const procedure = inTrace.find((s) => s.name === 'trpc catalogue.achievements.update');
    expect(procedure?.attributes).toMatchObject({
      'rpc.method': 'catalogue.achievements.update',
      'trpc.type': 'mutation',
      'trpc.outcome': 'ok',
      'nova.call_kind': 'session',
    });
    const gameApiPut = inTrace.find(
      (s) =>
        s.attributes['http.request.method'] === 'PUT' &&
        String(s.attributes['url.full']).endsWith('/achievements/5'),
    );
    expect(gameApiPut).toBeDefined();
    const auditInsert = inTrace.find((s) =>
      /insert into "?audit_log"?/i.test(
        String(s.attributes['db.statement'] ?? s.attributes['db.query.text'] ?? ''),
      ),
    );
    expect(auditInsert).toBeDefined();
    // The procedure's span is the parent's descendant, the calls the procedure's.
    expect(ancestors(gameApiPut!, inTrace)).toContain(procedure!.spanContext().spanId);
    expect(ancestors(auditInsert!, inTrace)).toContain(procedure!.spanContext().spanId);
    expect(ancestors(procedure!, inTrace)).toContain(request!.spanContext().spanId);

    // The audit record names the trace; so does every log line of the request.
    const { sharedTestDatabase } = await import('./helpers');
    const db = await sharedTestDatabase().open();
    const records = await db
      .selectFrom('audit_log')
      .select(['action', 'target_id'])
      .where('request_id', 'like', `${traceId}-%`)
      .execute();
    expect(records).toEqual([expect.objectContaining({ target_id: '5' })]);
    const requestLine = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((line) => line.url === '/trpc/catalogue.achievements.update');
    expect(requestLine).toMatchObject({ trace_id: traceId, status: 200, callKind: 'session' });

    // Neither the input nor the caller's secrets are in any span.
    const everything = JSON.stringify(inTrace.map((s) => s.attributes));
    for (const secret of ['Geheimer', 'SECRET-ACCESS-TOKEN', sessionCookie.split('=')[1]!])
      expect(everything).not.toContain(secret);
  });
});

/** The span ids above a span, up to its trace's root. */
function ancestors(span: ReadableSpan, all: ReadableSpan[]): string[] {
  const ids: string[] = [];
  let parent = span.parentSpanContext?.spanId;
  while (parent) {
    ids.push(parent);
    parent = all.find((s) => s.spanContext().spanId === parent)?.parentSpanContext?.spanId;
  }
  return ids;
}
