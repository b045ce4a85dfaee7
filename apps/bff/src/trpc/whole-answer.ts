/**
 * tRPC's Fastify adapter sends a fetch Response, which Fastify unwraps only after the onSend hooks.
 * This hook turns it into status, headers and one Buffer first, so the hooks after it (the public
 * answer cache, @fastify/etag, @fastify/compress's threshold) see plain bytes and the answer goes out
 * with a Content-Length.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

export async function wholeAnswer(
  _request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  if (!(payload instanceof Response)) return payload;
  reply.code(payload.status);
  for (const [name, value] of payload.headers) {
    // A streamed batch's chunked encoding does not apply to bytes of known length.
    if (name !== 'set-cookie' && name !== 'transfer-encoding') reply.header(name, value);
  }
  const cookies = payload.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  return Buffer.from(await payload.arrayBuffer());
}
