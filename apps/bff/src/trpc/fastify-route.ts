/**
 * tRPC under a Fastify route, instead of `@trpc/server/adapters/fastify` (issue 11, decision 041).
 *
 * tRPC decides everything about the answer as before: batching, inputs, procedures, error shapes,
 * status codes, `responseMeta`. What differs is the glue, which cost more per call than the
 * procedure's own work:
 * - GET requests for query procedures (what the SPA sends) take the query path (query-path.ts):
 *   tRPC's public building blocks, in the order and with the answers of tRPC's `resolveResponse`,
 *   without a fetch Request, Response and web streams per call;
 * - everything else goes through `resolveResponse` (the public function every tRPC adapter is built
 *   on) with a fetch `Request` built once here;
 * - the request's abort signal fires only when the client goes away before the answer is complete
 *   (the adapter aborted it after every answer, which built a DOMException and ran the abort
 *   listeners of every call for nothing);
 * - the answer goes to Fastify as one Buffer (the adapter handed it a fetch Response, which an
 *   onSend hook had to buffer): it goes out with Content-Length, compression applies its threshold,
 *   the hooks see plain bytes.
 * Bodies reach tRPC as the adapter passed them: JSON as text, multipart unread.
 */
import { IncomingMessage } from 'node:http';
import { TRPCError, type AnyTRPCRouter, type inferRouterContext } from '@trpc/server';
import { resolveResponse, type ResponseMetaFn, type TRPCRequestInfo } from '@trpc/server/http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { answerQueries, queryRequestOf } from './query-path';

export interface TrpcRouteOptions<TRouter extends AnyTRPCRouter> {
  /** The route is `{prefix}/:path` (a batch names its procedures in that one segment, "a,b"). */
  prefix: string;
  router: TRouter;
  /** Procedures one batched request may name at most. */
  maxBatchSize?: number;
  createContext: (
    request: FastifyRequest,
    reply: FastifyReply,
    info: TRPCRequestInfo,
  ) => inferRouterContext<TRouter> | Promise<inferRouterContext<TRouter>>;
  responseMeta?: ResponseMetaFn<TRouter>;
  onError?: (opts: { error: TRPCError; path: string | undefined; request: FastifyRequest }) => void;
}

/** The request's URL as tRPC's node adapter forms it (scheme from the socket, host from the header). */
function urlOf(raw: IncomingMessage): URL {
  const encrypted = 'encrypted' in raw.socket && Boolean(raw.socket.encrypted);
  const host = raw.headers.host ?? 'localhost';
  try {
    return new URL(raw.url ?? '/', `${encrypted ? 'https' : 'http'}://${host}`);
  } catch (cause) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'Invalid URL', cause });
  }
}

function headersOf(raw: IncomingMessage): Headers {
  const headers = new Headers();
  for (const name in raw.headers) {
    // HTTP/2 pseudo-headers (":path" …) are no headers of the request.
    if (name.startsWith(':')) continue;
    const value = raw.headers[name];
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.append(name, value);
  }
  return headers;
}

/**
 * The body as the content type parsers left it (text, or the unread request for multipart), passed
 * on as tRPC's node adapter passes it.
 */
function bodyOf(body: unknown): RequestInit['body'] {
  if (body === undefined) return undefined;
  if (typeof body === 'string') return body;
  // fetch reads an async iterable of bytes as a streamed body (duplex: 'half').
  if (body instanceof IncomingMessage) return body;
  return JSON.stringify(body);
}

/**
 * Aborted when the client closes the connection before the answer has been written; after a complete
 * answer nothing listens any more, so it is left alone.
 */
function abortSignalOf(request: FastifyRequest, reply: FastifyReply): AbortSignal {
  const raw = request.raw;
  const response = reply.raw;
  const controller = new AbortController();
  const onClose = () => {
    response.off('close', onClose);
    raw.off('aborted', onClose);
    if (!response.writableFinished) controller.abort();
  };
  response.once('close', onClose);
  raw.once('aborted', onClose);
  return controller.signal;
}

/** The fetch Request `resolveResponse` reads. */
function fetchRequestOf(request: FastifyRequest, reply: FastifyReply): Request {
  const raw = request.raw;
  const init: RequestInit & { duplex?: 'half' } = {
    method: raw.method ?? 'GET',
    headers: headersOf(raw),
    signal: abortSignalOf(request, reply),
  };
  if (init.method !== 'GET' && init.method !== 'HEAD') {
    const body = bodyOf(request.body);
    if (body !== undefined) {
      init.body = body;
      init.duplex = 'half';
    }
  }
  return new Request(urlOf(raw), init);
}

/**
 * tRPC's status and headers with the buffered body. `Transfer-Encoding: chunked` (tRPC's streamed
 * batch answer) does not apply to bytes of known length: Fastify sends a Content-Length instead.
 */
function send(reply: FastifyReply, status: number, headers: Headers, body: Buffer): FastifyReply {
  reply.code(status);
  for (const [name, value] of headers) {
    if (name !== 'set-cookie' && name !== 'transfer-encoding') reply.header(name, value);
  }
  const cookies = headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  return reply.send(body);
}

/**
 * Registers the route in the given (encapsulated) context: its hooks apply, and the content type
 * parsers set here stay in it.
 */
export function trpcRoute<TRouter extends AnyTRPCRouter>(
  app: FastifyInstance,
  options: TrpcRouteOptions<TRouter>,
): void {
  const { router, maxBatchSize, responseMeta, onError } = options;
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    done(null, body);
  });
  app.removeContentTypeParser('multipart/form-data');
  app.addContentTypeParser('multipart/form-data', {}, (_request, payload, done) => {
    done(null, payload);
  });

  app.all<{ Params: { path: string } }>(`${options.prefix}/:path`, async (request, reply) => {
    const createContext = async (info: TRPCRequestInfo) => options.createContext(request, reply, info);
    const query = queryRequestOf(
      router,
      request,
      request.params.path,
      () => urlOf(request.raw),
      maxBatchSize,
    );
    if (query) {
      const answer = await answerQueries(query, {
        router,
        signal: abortSignalOf(request, reply),
        createContext,
        responseMeta,
        onError: ({ error, path }) => onError?.({ error, path, request }),
      });
      return send(reply, answer.status, answer.headers, Buffer.from(answer.body));
    }
    const response = await resolveResponse({
      router,
      req: fetchRequestOf(request, reply),
      path: request.params.path,
      error: null,
      ...(maxBatchSize !== undefined ? { maxBatchSize } : {}),
      ...(responseMeta ? { responseMeta } : {}),
      createContext: ({ info }) => createContext(info),
      onError: ({ error, path }) => onError?.({ error, path, request }),
    });
    return send(reply, response.status, response.headers, Buffer.from(await response.arrayBuffer()));
  });
}
