/**
 * The game API client's retry (cockatiel's `retry` wrapped around its circuit breaker, decision
 * 030), pinned call by call with a counting transport: an idempotent GET gets exactly one more
 * attempt after a fault that says the game API is unwell, and no other call gets one; a retry spends
 * the request's budget and is not made when the budget is spent; an open circuit is not retried.
 */
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { GameApiClient, TransportError, type RawAnswer, type Transport } from './client';
import { GameApiError } from './errors';

const log = Fastify({ logger: false }).log;
const Named = z.object({ name: z.string() });
const ok: RawAnswer = { status: 200, text: '{"name":"Boxturnier"}' };

/** A transport answering from a script, one entry per call; it records what was asked. */
function scripted(...answers: (RawAnswer | TransportError)[]) {
  const calls: string[] = [];
  const transport: Transport = (method, url) => {
    calls.push(`${method} ${url.pathname}`);
    const next = answers.shift() ?? ok;
    return next instanceof TransportError ? Promise.reject(next) : Promise.resolve(next);
  };
  return { calls, transport };
}

function client(transport: Transport, extra: { callsPerRequest?: number; failures?: number } = {}) {
  return new GameApiClient({
    baseUrl: 'http://game.invalid/api/',
    timeoutMs: 1000,
    log,
    transport,
    callsPerRequest: extra.callsPerRequest ?? 30,
    breaker: { failures: extra.failures ?? 100, cooldownMs: 60_000 },
  }).forRequest();
}

const failureOf = async (call: Promise<unknown>) => {
  const error = await call.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(GameApiError);
  return (error as GameApiError).failure;
};

describe('the game API retry', () => {
  it.each([
    ['a 503', { status: 503, text: '' }],
    ['a 502', { status: 502, text: '' }],
    ['a timeout', new TransportError('timeout', {})],
    ['a network error', new TransportError('network', {})],
  ])('a GET after %s is tried once more and the second answer is served', async (_, first) => {
    const { calls, transport } = scripted(first, ok);
    await expect(client(transport).get('calendar', Named)).resolves.toEqual({ name: 'Boxturnier' });
    expect(calls).toEqual(['GET /api/calendar', 'GET /api/calendar']);
  });

  it('a GET that fails twice is not tried a third time; the second failure is reported', async () => {
    const { calls, transport } = scripted({ status: 503, text: '' }, new TransportError('timeout', {}));
    expect(await failureOf(client(transport).get('calendar', Named))).toEqual({ kind: 'timeout' });
    expect(calls).toHaveLength(2);
  });

  it.each([
    ['a 500', { status: 500, text: '' }],
    ['a 404', { status: 404, text: '' }],
    ['invalid JSON', { status: 200, text: '{' }],
    ['an answer outside the contract', { status: 200, text: '{"name":1}' }],
  ])('a GET after %s is not retried', async (_, first) => {
    const { calls, transport } = scripted(first, ok);
    await failureOf(client(transport).get('calendar', Named));
    expect(calls).toEqual(['GET /api/calendar']);
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)('a %s is never retried', async (method) => {
    const { calls, transport } = scripted({ status: 503, text: '' }, ok);
    const failure = await failureOf(
      client(transport).send(method, 'achievements/1', Named, { name: 'x' }, { token: 't' }),
    );
    expect(failure).toEqual({ kind: 'status', status: 503 });
    expect(calls).toEqual([`${method} /api/achievements/1`]);
  });

  it('the retry spends the request budget; with none left the first failure stands', async () => {
    const { calls, transport } = scripted({ status: 503, text: '' }, ok);
    const perRequest = client(transport, { callsPerRequest: 1 });
    expect(await failureOf(perRequest.get('calendar', Named))).toEqual({ kind: 'status', status: 503 });
    expect(calls).toHaveLength(1);
    // The budget is spent: the next call is refused without reaching the game API.
    expect(await failureOf(perRequest.get('calendar', Named))).toEqual({ kind: 'budget' });
    expect(calls).toHaveLength(1);
  });

  it('a retry counts against the budget of the same request', async () => {
    const { calls, transport } = scripted({ status: 503, text: '' }, ok, ok);
    const perRequest = client(transport, { callsPerRequest: 2 });
    await expect(perRequest.get('calendar', Named)).resolves.toEqual({ name: 'Boxturnier' });
    expect(await failureOf(perRequest.get('calendar', Named))).toEqual({ kind: 'budget' });
    expect(calls).toHaveLength(2);
  });

  it('a fault that opens the circuit is not retried into the open circuit', async () => {
    const { calls, transport } = scripted({ status: 503, text: '' }, ok);
    const failure = await failureOf(client(transport, { failures: 1 }).get('calendar', Named));
    expect(failure).toEqual({ kind: 'unavailable' });
    expect(calls).toHaveLength(1);
  });
});
