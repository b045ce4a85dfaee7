/**
 * tRPC's Fastify adapter sends a fetch Response, which Fastify unwraps only after the onSend hooks.
 * This hook turns it into status, headers and one Buffer first, so the hooks after it (the public
 * answer cache, @fastify/etag, @fastify/compress's threshold) see plain bytes and the answer goes out
 * with a Content-Length. Live streams pass as they are.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

// A callback hook: other answers (the cache's hits, the guards' refusals) pass without a promise.
export function wholeAnswer(
  _request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (error: Error | null, payload?: unknown) => void,
): void {
  // A live stream (server-sent events, decision 106) goes out as it is produced.
  if (
    !(payload instanceof Response) ||
    payload.headers.get('content-type')?.startsWith('text/event-stream')
  ) {
    done(null, payload);
    return;
  }
  reply.code(payload.status);
  for (const [name, value] of payload.headers) {
    // A streamed batch's chunked encoding does not apply to bytes of known length.
    if (name !== 'set-cookie' && name !== 'transfer-encoding') reply.header(name, value);
  }
  const cookies = payload.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  payload.arrayBuffer().then(
    (bytes) => {
      done(null, Buffer.from(bytes));
    },
    (error: unknown) => {
      done(error instanceof Error ? error : new Error('the tRPC answer could not be read', { cause: error }));
    },
  );
}
