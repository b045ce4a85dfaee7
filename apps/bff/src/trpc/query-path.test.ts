/**
 * The tRPC route (query path and resolveResponse) answers exactly as tRPC's own Fastify adapter:
 * the same requests against both, over real connections, give the same status, headers and bytes,
 * and the same onError calls (decision 041). The router covers what an answer depends on: inputs,
 * batches, every kind of error, the context, the error formatter (which sees type, path, input and
 * context) and responseMeta (headers as object, list and Headers, a status).
 */
import type { AddressInfo } from 'node:net';
import { initTRPC, TRPCError } from '@trpc/server';
import { fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { trpcRoute } from './fastify-route';

interface Ctx {
  user: string | null;
  meta: string | null;
}

const t = initTRPC.context<Ctx>().create({
  isDev: false,
  errorFormatter: ({ shape, error, type, path, input, ctx }) => ({
    ...shape,
    data: {
      ...shape.data,
      seen: { type, path: path ?? null, input: input ?? null, user: ctx?.user ?? null },
      cause: error.cause instanceof Error ? error.cause.message : null,
    },
  }),
});

const signedIn = t.procedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'sign in' });
  return next({ ctx: { user: ctx.user } });
});

const router = t.router({
  greet: t.procedure
    .input(z.object({ name: z.string() }).optional())
    .query(({ input, ctx }) => ({ hello: input?.name ?? ctx.user ?? 'world' })),
  whoami: signedIn.query(({ ctx }) => ctx.user),
  forbidden: t.procedure.query(() => {
    throw new TRPCError({ code: 'FORBIDDEN', message: 'no' });
  }),
  crash: t.procedure.query(() => {
    throw new Error('internal detail');
  }),
  unavailable: t.procedure.query(() => {
    throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: 'later' });
  }),
  badOutput: t.procedure
    .output(z.object({ n: z.number() }))
    .query(() => ({ n: 'x' }) as unknown as { n: number }),
  nothing: t.procedure.query(() => undefined),
  list: t.procedure.input(z.array(z.number())).query(({ input }) => input.map((n) => n * 2)),
  streamy: t.procedure.query(() => ({ later: Promise.resolve(1) })),
  nested: t.router({ deep: t.procedure.query(() => 'deep') }),
  change: t.procedure.input(z.object({ n: z.number() })).mutation(({ input }) => input.n + 1),
});

interface Reference {
  url: string;
  app: FastifyInstance;
  errors: string[];
}

const contextOf = (request: FastifyRequest): Ctx => {
  if (request.headers['x-context'] === 'throws') throw new Error('context failed');
  if (request.headers['x-context'] === 'refuses')
    throw new TRPCError({ code: 'UNAUTHORIZED', message: 'no context' });
  return {
    user: typeof request.headers['x-user'] === 'string' ? request.headers['x-user'] : null,
    meta: typeof request.headers['x-meta'] === 'string' ? request.headers['x-meta'] : null,
  };
};

const responseMeta = ({ ctx, errors }: { ctx?: Ctx; errors: TRPCError[] }) => {
  if (errors.some((error) => error.code === 'SERVICE_UNAVAILABLE'))
    return { headers: { 'retry-after': '7' } };
  if (ctx?.meta === 'list') return { headers: { 'x-list': ['a', 'b'], vary: 'x-user' } };
  if (ctx?.meta === 'instance')
    return {
      headers: new Headers([
        ['x-instance', '1'],
        ['vary', 'x-meta'],
      ]),
    };
  if (ctx?.meta === 'status') return { status: 299 };
  return {};
};

async function start(kind: 'adapter' | 'route'): Promise<Reference> {
  const errors: string[] = [];
  const app = Fastify();
  const onError = ({ error, path }: { error: TRPCError; path: string | undefined }) =>
    errors.push(`${error.code}@${path ?? '-'}`);
  if (kind === 'adapter') {
    await app.register(fastifyTRPCPlugin, {
      prefix: '/trpc',
      trpcOptions: {
        router,
        maxBatchSize: 3,
        createContext: ({ req }: { req: FastifyRequest }) => contextOf(req),
        responseMeta,
        onError,
      },
    });
  } else {
    await app.register((scope, _options, done) => {
      trpcRoute(scope, {
        prefix: '/trpc',
        router,
        maxBatchSize: 3,
        createContext: (request) => contextOf(request),
        responseMeta,
        onError,
      });
      done();
    });
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, app, errors };
}

const input = (value: unknown) => encodeURIComponent(JSON.stringify(value));

/** [path and query, request init] */
const CASES: [string, RequestInit?][] = [
  ['greet'],
  [`greet?input=${input({ name: 'Jonas' })}`],
  ['greet', { headers: { 'x-user': 'lena' } }],
  ['greet?input=%7Bnot-json'],
  [`greet?input=${input({ name: 42 })}`],
  [`greet?input=${input(null)}`],
  ['greet?input='],
  [
    `greet?batch=1&input=${input({ 0: { name: 'a' }, 2: { name: 'c' } })}`.replace(
      'greet',
      'greet,greet,greet',
    ),
  ],
  [`greet,forbidden,crash?batch=1&input=${input({})}`],
  ['greet,greet?batch=1'],
  [`greet,greet?batch=1&input=${input([{ name: 'a' }])}`],
  [`greet?batch=1&input=${input('text')}`],
  [`greet?batch=0&input=${input({ name: 'x' })}`],
  ['whoami'],
  ['whoami', { headers: { 'x-user': 'lena' } }],
  ['whoami,greet?batch=1', { headers: { 'x-user': 'lena' } }],
  ['forbidden'],
  ['crash'],
  ['unavailable'],
  ['greet,unavailable?batch=1'],
  ['badOutput'],
  ['nothing'],
  [`list?input=${input([1, 2, 3])}`],
  [`list?input=${input({ 0: 1 })}`],
  ['streamy'],
  ['greet,streamy?batch=1'],
  ['nested.deep'],
  ['nested.deep,greet?batch=1'],
  ['greet', { headers: { 'x-context': 'throws' } }],
  ['greet,whoami?batch=1', { headers: { 'x-context': 'refuses' } }],
  ['greet', { headers: { 'x-meta': 'list' } }],
  ['greet', { headers: { 'x-meta': 'instance' } }],
  ['greet,forbidden?batch=1', { headers: { 'x-meta': 'status' } }],
  ['greet', { headers: { 'content-type': 'application/json' } }],
  ['greet', { headers: { 'content-type': 'text/plain' } }],
  // Not the query path: these go to resolveResponse.
  ['unknown'],
  ['greet,unknown?batch=1'],
  ['change'],
  ['greet,change?batch=1'],
  ['greet,greet,greet,greet?batch=1'],
  ['constructor'],
  ['__proto__'],
  ['greet%E0%A4%A'],
  ['greet', { method: 'HEAD' }],
  ['greet', { headers: { 'content-type': 'multipart/form-data; boundary=x' } }],
  ['greet', { headers: { 'content-type': 'application/octet-stream' } }],
  ['greet', { headers: { 'trpc-accept': 'application/jsonl' } }],
  ['greet,nested.deep?batch=1', { headers: { 'trpc-accept': 'application/jsonl' } }],
  ['greet,nested.deep?batch=1', { headers: { accept: 'text/html, application/jsonl' } }],
  [`greet?connectionParams=${input({ a: 'b' })}`],
  [`greet?connectionParams=${input({ a: 1 })}`],
  ['change', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"n":1}' }],
  ['change', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"n":' }],
  ['greet', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }],
  ['change', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{"n":1}' }],
];

/** Headers that say how the bytes travel, not what the answer is. */
const TRANSPORT = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

async function answer(base: Reference, [path, init]: [string, RequestInit?]) {
  base.errors.length = 0;
  const response = await fetch(`${base.url}/trpc/${path}`, init);
  const body = await response.text();
  const headers = [...response.headers].filter(([name]) => !TRANSPORT.has(name));
  return { status: response.status, headers, body, errors: [...base.errors] };
}

describe('the tRPC route answers as tRPC’s Fastify adapter', () => {
  let adapter: Reference;
  let route: Reference;

  beforeAll(async () => {
    adapter = await start('adapter');
    route = await start('route');
  });
  afterAll(async () => {
    await adapter.app.close();
    await route.app.close();
  });

  it.each(
    CASES.map((c) => [`${c[1]?.method ?? 'GET'} ${c[0]} ${JSON.stringify(c[1]?.headers ?? {})}`, c] as const),
  )('%s', async (_name, request) => {
    const expected = await answer(adapter, request);
    const actual = await answer(route, request);
    expect(actual).toEqual(expected);
  });

  it('covers answers of every kind (the corpus is not all successes)', async () => {
    const statuses = new Set<number>();
    for (const request of CASES) statuses.add((await answer(route, request)).status);
    expect([...statuses].sort()).toEqual(
      expect.arrayContaining([200, 207, 400, 401, 403, 404, 405, 415, 500, 503]),
    );
  });
});
