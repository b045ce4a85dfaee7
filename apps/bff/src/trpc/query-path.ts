/**
 * The query path of the tRPC route (decision 041): a GET naming query procedures, answered with
 * tRPC's public building blocks (`callTRPCProcedure`, `getTRPCErrorShape`, `getTRPCErrorFromUnknown`,
 * `getHTTPStatusCode`) in the order and with the results of tRPC's own `resolveResponse`, but
 * without the fetch `Request`, `Response`, web streams and abort controllers per call that
 * `resolveResponse` needs (they were a fifth of an authenticated call's cost in the BFF).
 *
 * Only requests whose handling is fully known take this path: GET, no multipart or octet-stream
 * content type, no streaming (`trpc-accept`, `accept: application/jsonl`), no connection params, a
 * path that decodes, a batch within the limit, and every named procedure an existing query. Anything
 * else (mutations, unknown procedures, HEAD, streaming, malformed paths …) goes to `resolveResponse`,
 * which answers it as before. `query-path.test.ts` compares both answer for answer.
 *
 * Mirrored from tRPC 11.19.0 (`resolveResponse`, `getRequestInfo` for JSON): the input is parsed on
 * first use and memoised (a bad one is BAD_REQUEST with the parser's message); the context is created
 * once, and its failure is each call's error; calls run concurrently; errors go to `onError` with
 * their path and input; the status is `getHTTPStatusCode` of the answers (207 for a mixed batch)
 * unless `responseMeta` sets one; `responseMeta` headers are appended or set as tRPC does.
 */
import {
  callTRPCProcedure,
  getTRPCErrorFromUnknown,
  getTRPCErrorShape,
  TRPCError,
  type AnyTRPCProcedure,
  type AnyTRPCRouter,
  type inferRouterContext,
} from '@trpc/server';
import { getHTTPStatusCode, type ResponseMetaFn, type TRPCRequestInfo } from '@trpc/server/http';
import type { IncomingHttpHeaders } from 'node:http';

/** What tRPC reads of a request that takes the query path. */
export interface QueryRequest {
  url: URL;
  isBatchCall: boolean;
  paths: string[];
  procedures: AnyTRPCProcedure[];
}

export interface QueryAnswer {
  status: number;
  headers: Headers;
  body: string;
}

type CallResult = [error: TRPCError, data: undefined] | [error: undefined, data: unknown];
type RpcItem = { result: { data: unknown } } | { error: unknown };

const isObject = (value: unknown): value is Record<string, unknown> =>
  !!value && !Array.isArray(value) && typeof value === 'object';
const isAsyncIterable = (value: unknown) => isObject(value) && Symbol.asyncIterator in value;
const isPromise = (value: unknown) =>
  (isObject(value) || typeof value === 'function') &&
  typeof (value as { then?: unknown }).then === 'function' &&
  typeof (value as { catch?: unknown }).catch === 'function';
/** tRPC's test for data that only a streaming answer can carry. */
const isDataStream = (value: unknown) =>
  isObject(value) &&
  (isAsyncIterable(value) ||
    Object.values(value).some(isPromise) ||
    Object.values(value).some(isAsyncIterable));

/**
 * The request's query calls, or null when the request is not one the query path answers exactly
 * like `resolveResponse` (nothing has run then). `path` is the route parameter as Fastify gives it.
 */
export function queryRequestOf(
  router: AnyTRPCRouter,
  request: { method: string; headers: IncomingHttpHeaders },
  path: string,
  url: () => URL,
  maxBatchSize: number | undefined,
): QueryRequest | null {
  if (request.method !== 'GET') return null;
  const { headers } = request;
  const contentType = headers['content-type'];
  if (
    contentType !== undefined &&
    (contentType.startsWith('multipart/form-data') || contentType.startsWith('application/octet-stream'))
  )
    return null;
  if (headers['trpc-accept'] !== undefined) return null;
  if (headers.accept?.split(',').some((type) => type.trim() === 'application/jsonl')) return null;
  let parsed: URL;
  let decoded: string;
  try {
    parsed = url();
    decoded = decodeURIComponent(path);
  } catch {
    return null;
  }
  if (parsed.searchParams.get('connectionParams') !== null) return null;
  const isBatchCall = parsed.searchParams.get('batch') === '1';
  const paths = isBatchCall ? decoded.split(',') : [decoded];
  if (isBatchCall && maxBatchSize !== undefined && paths.length > maxBatchSize) return null;
  const known = router._def.procedures as Record<string, AnyTRPCProcedure | undefined>;
  const procedures: AnyTRPCProcedure[] = [];
  for (const name of paths) {
    const procedure = Object.hasOwn(known, name) ? known[name] : undefined;
    if (procedure?._def.type !== 'query') return null;
    procedures.push(procedure);
  }
  return { url: parsed, isBatchCall, paths, procedures };
}

/** The `input` query parameter, parsed on first use and memoised, per batch index (tRPC's JSON handler). */
function inputsOf(query: QueryRequest, deserialize: (value: unknown) => unknown) {
  let value: Record<number, unknown> | undefined;
  let pending: Promise<Record<number, unknown>> | null = null;
  const load = (): Record<number, unknown> => {
    let inputs: unknown = undefined;
    const raw = query.url.searchParams.get('input');
    if (raw) inputs = JSON.parse(raw);
    const result = Object.create(null) as Record<number, unknown>;
    if (inputs === undefined) return result;
    if (!query.isBatchCall) {
      result[0] = deserialize(inputs);
      return result;
    }
    if (!isObject(inputs)) {
      throw new TRPCError({
        code: 'BAD_REQUEST',
        message: '"input" needs to be an object when doing a batch call',
      });
    }
    for (const index of query.paths.keys()) {
      const input = inputs[index];
      if (input !== undefined) result[index] = deserialize(input);
    }
    return result;
  };
  return {
    read: async (): Promise<Record<number, unknown>> => {
      if (value !== undefined) return value;
      // Parsed at once; a throw becomes the rejection (tRPC's memo around an async function).
      pending ??= new Promise<Record<number, unknown>>((resolve) => resolve(load())).catch(
        (cause: unknown) => {
          if (cause instanceof TRPCError) throw cause;
          throw new TRPCError({
            code: 'BAD_REQUEST',
            message: cause instanceof Error ? cause.message : 'Invalid input',
            cause,
          });
        },
      );
      value = await pending;
      pending = null;
      return value;
    },
    result: (): Record<number, unknown> | undefined => value,
  };
}

export interface QueryOptions<TRouter extends AnyTRPCRouter> {
  router: TRouter;
  signal: AbortSignal;
  createContext: (info: TRPCRequestInfo) => Promise<inferRouterContext<TRouter>>;
  responseMeta?: ResponseMetaFn<TRouter> | undefined;
  onError?: ((opts: { error: TRPCError; path: string | undefined }) => void) | undefined;
}

/** Answers the query calls of `query` as `resolveResponse` would. */
export async function answerQueries<TRouter extends AnyTRPCRouter>(
  query: QueryRequest,
  options: QueryOptions<TRouter>,
): Promise<QueryAnswer> {
  const { router, signal, responseMeta, onError } = options;
  const config = router._def._config;
  const serialize = (value: unknown): unknown => config.transformer.output.serialize(value);
  const headers = new Headers([['vary', 'trpc-accept, accept']]);
  const inputs = inputsOf(query, (value) => config.transformer.input.deserialize(value));
  const calls = query.paths.map((path, index) => ({
    batchIndex: index,
    path,
    procedure: query.procedures[index] ?? null,
    getRawInput: async () => (await inputs.read())[index],
    result: () => inputs.result()?.[index],
  }));
  const info: TRPCRequestInfo = {
    accept: null,
    type: 'query',
    isBatchCall: query.isBatchCall,
    calls,
    connectionParams: null,
    signal,
    url: query.url,
  };

  let context: [error: TRPCError | undefined, ctx: inferRouterContext<TRouter> | undefined];
  try {
    context = [undefined, await options.createContext(info)];
  } catch (cause) {
    context = [getTRPCErrorFromUnknown(cause), undefined];
  }
  const ctx = () => context[1];

  const shapeOf = (error: TRPCError, path: string | undefined, input: unknown): unknown =>
    getTRPCErrorShape({ config, ctx: ctx(), error, input, path, type: 'query' });

  /** tRPC's initResponse: the status of the answers, then what `responseMeta` adds. */
  const statusOf = (untransformed: RpcItem | RpcItem[], errors: TRPCError[]): number => {
    let status = getHTTPStatusCode(untransformed as Parameters<typeof getHTTPStatusCode>[0]);
    const meta =
      responseMeta?.({
        ctx: ctx(),
        info,
        // eslint-disable-next-line @typescript-eslint/no-deprecated -- tRPC 11's ResponseMetaFn still requires `paths` and resolveResponse passes it; the query path answers as resolveResponse does
        paths: calls.map((call) => call.path),
        data: Array.isArray(untransformed) ? untransformed : [untransformed],
        errors,
        eagerGeneration: false,
        type: 'query',
      }) ?? {};
    if (meta.headers) {
      if (meta.headers instanceof Headers) {
        for (const [name, value] of meta.headers.entries()) headers.append(name, value);
      } else {
        for (const [name, value] of Object.entries(meta.headers)) {
          if (Array.isArray(value)) for (const item of value) headers.append(name, item);
          else if (typeof value === 'string') headers.set(name, value);
        }
      }
    }
    if (meta.status) status = meta.status;
    return status;
  };

  const transform = (item: RpcItem): RpcItem =>
    'error' in item
      ? { ...item, error: serialize(item.error) }
      : { ...item, result: { ...item.result, data: serialize(item.result.data) } };

  const results = calls.map(async (call): Promise<CallResult> => {
    try {
      const [contextError] = context;
      if (contextError) throw contextError;
      const data: unknown = await callTRPCProcedure({
        router,
        path: call.path,
        getRawInput: call.getRawInput,
        ctx: ctx(),
        type: 'query',
        signal,
        batchIndex: call.batchIndex,
      });
      return [undefined, data];
    } catch (cause) {
      const error = getTRPCErrorFromUnknown(cause);
      onError?.({ error, path: call.path });
      return [error, undefined];
    }
  });

  try {
    if (!query.isBatchCall) {
      const [call] = calls;
      const [error, data] = await (results[0] as Promise<CallResult>);
      headers.set('content-type', 'application/json');
      if (!error && isDataStream(data)) {
        throw new TRPCError({
          code: 'UNSUPPORTED_MEDIA_TYPE',
          message: 'Cannot use stream-like response in non-streaming request - use httpBatchStreamLink',
        });
      }
      const item: RpcItem = error
        ? { error: shapeOf(error, call?.path, call?.result()) }
        : { result: { data } };
      const status = statusOf([item], error ? [error] : []);
      return { status, headers, body: JSON.stringify(transform(item)) };
    }
    headers.set('content-type', 'application/json');
    const settled = (await Promise.all(results)).map(([error, data]): CallResult => {
      if (error) return [error, undefined];
      if (isDataStream(data)) {
        return [
          new TRPCError({
            code: 'UNSUPPORTED_MEDIA_TYPE',
            message: 'Cannot use stream-like response in non-streaming request - use httpBatchStreamLink',
          }),
          undefined,
        ];
      }
      return [undefined, data];
    });
    const items = settled.map(([error, data], index): RpcItem => {
      const call = calls[index];
      return error ? { error: shapeOf(error, call?.path, call?.result()) } : { result: { data } };
    });
    const errors = settled.flatMap(([error]) => (error ? [error] : []));
    const status = statusOf(items, errors);
    return { status, headers, body: JSON.stringify(items.map(transform)) };
  } catch (cause) {
    // resolveResponse's last resort: one error answer for the whole request, without a path.
    const error = getTRPCErrorFromUnknown(cause);
    onError?.({ error, path: undefined });
    const item: RpcItem = { error: shapeOf(error, undefined, undefined) };
    const body = JSON.stringify(transform(item));
    const status = statusOf(item, [error]);
    return { status, headers, body };
  }
}
