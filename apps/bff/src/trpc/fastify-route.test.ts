/**
 * The tRPC route over a real connection (trpc/fastify-route.ts, decision 041): tRPC's answer goes
 * out as one buffer of known length with tRPC's status and headers, bodies reach tRPC as before, and
 * a procedure's abort signal fires when the client leaves before the answer, not after it.
 */
import { once } from 'node:events';
import { request as httpRequest, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { initTRPC } from '@trpc/server';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { trpcRoute } from './fastify-route';

const t = initTRPC.context<{ caller: string }>().create();

/** Signals the procedures saw, the responses they were answered on, and a way to wait for one. */
const seen: AbortSignal[] = [];
const responses: ServerResponse[] = [];
let waiting: ((signal: AbortSignal) => void) | null = null;

const router = t.router({
  hello: t.procedure.input(z.object({ name: z.string() }).optional()).query(({ input, ctx, signal }) => {
    if (signal) seen.push(signal);
    return { text: `hello ${input?.name ?? ctx.caller}` };
  }),
  echo: t.procedure.input(z.object({ n: z.number() })).mutation(({ input }) => input.n * 2),
  /** Answers only when its signal aborts (the client left). */
  hang: t.procedure.query(
    ({ signal }) =>
      new Promise<string>((resolve) => {
        if (!signal) return;
        waiting?.(signal);
        signal.addEventListener('abort', () => resolve('aborted'));
      }),
  ),
  unavailable: t.procedure.query(() => {
    throw new Error('down');
  }),
});

describe('the tRPC route', () => {
  let app: FastifyInstance;
  let port: number;

  beforeAll(async () => {
    app = Fastify();
    await app.register((scope, _options, done) => {
      trpcRoute(scope, {
        prefix: '/trpc',
        router,
        maxBatchSize: 3,
        createContext: (request, reply) => {
          responses.push(reply.raw);
          return { caller: String(request.headers['x-caller'] ?? 'nobody') };
        },
        responseMeta: ({ errors }) =>
          errors.length > 0 ? { headers: { 'retry-after': String(errors.length) } } : {},
      });
      done();
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await app.close();
  });

  const call = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(`http://127.0.0.1:${port}/trpc/${path}`, init);
    return { response, body: await response.text() };
  };

  it("answers with tRPC's body, status and headers, as one buffer with a Content-Length", async () => {
    const { response, body } = await call('hello', { headers: { 'x-caller': 'jonas' } });
    expect(response.status).toBe(200);
    expect(JSON.parse(body)).toEqual({ result: { data: { text: 'hello jonas' } } });
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('vary')).toBe('trpc-accept, accept');
    expect(response.headers.get('content-length')).toBe(String(Buffer.byteLength(body)));
    expect(response.headers.get('transfer-encoding')).toBeNull();
  });

  it('keeps batching, input, error status codes and responseMeta headers', async () => {
    const input = encodeURIComponent(JSON.stringify({ 0: { name: 'a' }, 1: {} }));
    const batch = await call(`hello,unavailable?batch=1&input=${input}`);
    expect(batch.response.status).toBe(207);
    expect(batch.response.headers.get('retry-after')).toBe('1');
    const [first, second] = JSON.parse(batch.body) as [unknown, { error: { data: { code: string } } }];
    expect(first).toEqual({ result: { data: { text: 'hello a' } } });
    expect(second.error.data.code).toBe('INTERNAL_SERVER_ERROR');

    const tooMany = await call(`hello,hello,hello,hello?batch=1&input=${encodeURIComponent('{}')}`);
    expect(tooMany.response.status).toBe(400);
    expect((await call('nothing')).response.status).toBe(404);
    expect((await call('echo')).response.status).toBe(405);
  });

  it('hands a JSON body to tRPC as text', async () => {
    const { response, body } = await call('echo', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ n: 21 }),
    });
    expect(response.status).toBe(200);
    expect(JSON.parse(body)).toEqual({ result: { data: 42 } });
    const broken = await call('echo', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"n":',
    });
    expect(broken.response.status).toBe(400);
  });

  it("aborts the procedure's signal when the client leaves before the answer", async () => {
    const started = new Promise<AbortSignal>((resolve) => (waiting = resolve));
    const client = httpRequest({ host: '127.0.0.1', port, path: '/trpc/hang' });
    client.on('error', () => undefined); // the connection is cut on purpose
    client.end();
    const signal = await started;
    expect(signal.aborted).toBe(false);
    const aborted = new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
    client.destroy();
    await aborted;
    expect(signal.aborted).toBe(true);
  });

  it('leaves the signal alone after a complete answer', async () => {
    seen.length = 0;
    responses.length = 0;
    const { response } = await call('hello');
    expect(response.status).toBe(200);
    // The server's response is closed after the answer: the route's own 'close' listener has run.
    const [raw] = responses;
    if (raw && !raw.closed) await once(raw, 'close');
    expect(raw?.closed).toBe(true);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.aborted).toBe(false);
  });
});
