/**
 * Limits on what a request may carry, checked before any work (decision 070): the URL's length
 * (414), the body's size (413, Fastify's `bodyLimit`, from Content-Length before anything is read),
 * the headers' size (431, Node's HTTP parser: `maxHeaderSize`), and the nesting depth of a JSON
 * input (400) by one linear scan of its text before it is parsed. Every refusal is German and in the
 * tRPC error shape, so the SPA reads it like any other error.
 */
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Containers (objects, arrays) nested at most this deep in any input (decision 070). */
export const MAX_INPUT_DEPTH = 32;

export interface RequestLimits {
  bodyBytes: number;
  urlBytes: number;
  headerBytes: number;
}

export const LIMIT_MESSAGES = {
  TOO_DEEP:
    'Die Anfrage ist zu tief verschachtelt und wurde nicht verarbeitet. Bitte lade die Seite neu und versuche es erneut.',
  BODY_TOO_LARGE: 'Die Anfrage ist zu groß. Bitte kürze deine Eingaben und versuche es erneut.',
  URL_TOO_LONG: 'Die Adresse ist zu lang. Bitte kürze deine Eingaben oder lade die Seite neu.',
  HEADERS_TOO_LARGE:
    'Die Anfrage enthält zu große Kopfzeilen, meist zu viele Cookies. Bitte lösche die Cookies dieser Seite und lade sie neu.',
  CLIENT_ERROR: 'Die Anfrage konnte nicht gelesen werden. Bitte lade die Seite neu.',
  CLIENT_TIMEOUT: 'Die Anfrage kam nicht rechtzeitig vollständig an. Bitte versuche es erneut.',
} as const;

type LimitStatus = 400 | 408 | 413 | 414 | 431;

/** tRPC's names and numbers where it has one (413); otherwise a bad request with the HTTP status. */
const SHAPES: Record<LimitStatus, readonly [string, number]> = {
  400: ['BAD_REQUEST', -32600],
  408: ['TIMEOUT', -32008],
  413: ['PAYLOAD_TOO_LARGE', -32013],
  414: ['BAD_REQUEST', -32600],
  431: ['BAD_REQUEST', -32600],
};

/** The tRPC error shape of a refusal. */
export function limitBody(status: LimitStatus, message: string) {
  const [code, number] = SHAPES[status];
  return { error: { message, code: number, data: { code, httpStatus: status } } };
}

export function refuseOverLimit(reply: FastifyReply, status: LimitStatus, message: string) {
  return reply.code(status).header('cache-control', 'no-store').send(limitBody(status, message));
}

/**
 * True when the JSON text nests containers deeper than `max`: one pass over the characters,
 * brackets inside strings not counted. Text that is not JSON is left to the parser.
 */
export function nestedDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c /* \ */) index++;
      else if (char === 0x22 /* " */) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x7b /* { */ || char === 0x5b /* [ */) {
      if (++depth > max) return true;
    } else if (char === 0x7d /* } */ || char === 0x5d /* ] */) {
      depth--;
    }
  }
  return false;
}

/** The input's allowance: a tRPC batch wraps the procedures' inputs in one more object. */
function depthAllowance(request: FastifyRequest): number {
  const { batch } = request.query as { batch?: unknown };
  return batch === undefined ? MAX_INPUT_DEPTH : MAX_INPUT_DEPTH + 1;
}

/** `onRequest` of /trpc: a GET's `input` (in the query) is checked before tRPC parses it. */
export async function trpcQueryDepth(request: FastifyRequest, reply: FastifyReply) {
  const { input } = request.query as { input?: unknown };
  if (typeof input === 'string' && nestedDeeperThan(input, depthAllowance(request)))
    return refuseOverLimit(reply, 400, LIMIT_MESSAGES.TOO_DEEP);
}

/** `preHandler` of /trpc: tRPC's adapter hands the body on as text; it is checked before tRPC parses it. */
export async function trpcBodyDepth(request: FastifyRequest, reply: FastifyReply) {
  if (typeof request.body === 'string' && nestedDeeperThan(request.body, depthAllowance(request)))
    return refuseOverLimit(reply, 400, LIMIT_MESSAGES.TOO_DEEP);
}

class TooDeepError extends Error {
  readonly statusCode = 400;
  readonly code = 'NOVA_TOO_DEEP';
}

/**
 * The app-wide limits: a URL over the limit is 414 before any other hook runs, and JSON bodies of
 * the other routes are checked for depth before Fastify's own (prototype-safe) parser reads them.
 */
export function inputLimits(app: FastifyInstance, limits: RequestLimits): void {
  // A callback hook: every request passes it, nearly all without an answer (no promise for them).
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url.length > limits.urlBytes) void refuseOverLimit(reply, 414, LIMIT_MESSAGES.URL_TOO_LONG);
    else done();
  });
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (nestedDeeperThan(body as string, MAX_INPUT_DEPTH)) {
      done(new TooDeepError(LIMIT_MESSAGES.TOO_DEEP), undefined);
      return;
    }
    void parseJson(request, body as string, done);
  });
}

/** The German answer to a Fastify error of a limit (413 body, 400 depth); null for other errors. */
export function limitErrorAnswer(error: { code?: string; statusCode?: number }) {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return [413, LIMIT_MESSAGES.BODY_TOO_LARGE] as const;
  if (error.code === 'NOVA_TOO_DEEP') return [400, LIMIT_MESSAGES.TOO_DEEP] as const;
  return null;
}

/**
 * Fastify's `clientErrorHandler`: what Node's HTTP parser refuses before Fastify sees a request
 * (headers over `maxHeaderSize`, a malformed request, a timeout) is answered in German, in the same
 * shape, instead of Fastify's English default.
 */
export function germanClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? ([431, 'Request Header Fields Too Large', LIMIT_MESSAGES.HEADERS_TOO_LARGE] as const)
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? ([408, 'Request Timeout', LIMIT_MESSAGES.CLIENT_TIMEOUT] as const)
        : ([400, 'Bad Request', LIMIT_MESSAGES.CLIENT_ERROR] as const);
  const body = JSON.stringify(limitBody(status, message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
