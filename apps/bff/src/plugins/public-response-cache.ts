/**
 * Public procedures (toplist, calendar) answered from a response cache: the first successful tRPC
 * answer for a URL is kept with its hash and its brotli and gzip forms, all computed once per
 * lifetime; until it expires every GET of that URL is answered with those bytes before any session
 * lookup, tRPC or validation runs. `ETag` and a shared `Cache-Control` let browsers and a CDN reuse
 * the answer; `If-None-Match` gets a 304.
 *
 * Only requests whose procedures are all public and carry no input are cached; errors, answers that
 * set a cookie and everything else go through tRPC unchanged. A cached answer still needs what the
 * tRPC endpoint demands of a browser request (X-CSRF, same origin). Register before
 * @fastify/compress, so the answer is captured before it is compressed, and before the other
 * onRequest hooks (cookies, rate limits), which a hit does not need.
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { csrfProblem } from '../trpc/request-auth';

export interface PublicResponseCacheOptions {
  /** The tRPC prefix, e.g. `/trpc`. */
  prefix: string;
  /** Public procedures without input whose answers are the same for every caller. */
  procedures: readonly string[];
  ttlMs: number;
  publicUrl: string;
  /** Headers every answer carries (the security headers); a hit bypasses the hooks that set them. */
  headers: Record<string, string>;
  now?: () => number;
}

type Headers = Record<string, string>;

interface Entry {
  expiresAt: number;
  etag: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  /** The complete header sets of a hit, per form (built once per entry). */
  head: { identity: Headers; br: Headers; gzip: Headers; notModified: Headers };
}

/** At most this many distinct URLs (combinations of the public procedures) are kept. */
const MAX_ENTRIES = 32;

declare module 'fastify' {
  interface FastifyRequest {
    publicCacheKey?: string;
  }
}
function encodingFor(accept: string | undefined): 'br' | 'gzip' | null {
  if (!accept) return null;
  const offered = accept
    .toLowerCase()
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => !q || !/^q=0(\.0*)?$/.test(q.trim()))
    .map(([name]) => name?.trim());
  if (offered.includes('br')) return 'br';
  if (offered.includes('gzip')) return 'gzip';
  return null;
}

/** True when the batch input names no input for any call (`{}` or `{"0":{}}` …). */
function inputIsEmpty(raw: string | null): boolean {
  if (raw === null) return true;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return false;
    return Object.values(parsed as Record<string, unknown>).every(
      (value: unknown) =>
        value === null ||
        (typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0),
    );
  } catch {
    return false;
  }
}

/** What a hit needs of a request: Fastify's request and Node's IncomingMessage both have it. */
interface RequestLike {
  method?: string | undefined;
  url?: string | undefined;
  headers: IncomingHttpHeaders;
}

export interface PublicResponseCache {
  /**
   * Answers a request from a live entry straight on Node's response (the server's request handler
   * calls it before Fastify routes the request); false when it is no hit.
   */
  answer(request: IncomingMessage, response: ServerResponse): boolean;
  /** The Fastify hooks: hits of requests that did not pass `answer` (inject), misses stored. */
  register(app: FastifyInstance): void;
}

export function publicResponseCache(options: PublicResponseCacheOptions): PublicResponseCache {
  const now = options.now ?? Date.now;
  const maxAge = Math.max(0, Math.floor(options.ttlMs / 1000));
  const cacheControl = `public, max-age=${maxAge}, s-maxage=${maxAge}, stale-while-revalidate=${maxAge}`;
  const procedures = new Set(options.procedures);
  const entries = new Map<string, Entry>();
  const base = `${options.prefix}/`;

  /** The cache key of a request this cache may answer (its URL), else null. */
  const keyOf = (request: FastifyRequest): string | null => {
    if (request.method !== 'GET' || request.headers.authorization !== undefined) return null;
    const url = request.url;
    if (!url.startsWith(base)) return null;
    const query = url.indexOf('?');
    let paths: string[];
    try {
      paths = decodeURIComponent(url.slice(base.length, query < 0 ? undefined : query)).split(',');
    } catch {
      return null;
    }
    if (!paths.every((path) => procedures.has(path))) return null;
    const params = new URLSearchParams(query < 0 ? '' : url.slice(query + 1));
    for (const name of params.keys()) if (name !== 'batch' && name !== 'input') return null;
    const batch = params.get('batch') === '1';
    if (!batch && (paths.length !== 1 || params.has('input'))) return null;
    if (batch && !inputIsEmpty(params.get('input'))) return null;
    return url;
  };

  const store = (key: string, identity: Buffer): Entry => {
    const oldest = entries.keys().next();
    if (entries.size >= MAX_ENTRIES && !entries.has(key) && !oldest.done) entries.delete(oldest.value);
    const etag = `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`;
    const br = brotliCompressSync(identity, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length },
    });
    const gzip = gzipSync(identity, { level: 9 });
    const common: Headers = {
      ...options.headers,
      'content-type': 'application/json',
      'cache-control': cacheControl,
      etag,
      vary: 'Accept-Encoding',
    };
    const entry: Entry = {
      expiresAt: now() + options.ttlMs,
      etag,
      identity,
      br,
      gzip,
      head: {
        identity: { ...common, 'content-length': String(identity.length) },
        br: { ...common, 'content-encoding': 'br', 'content-length': String(br.length) },
        gzip: { ...common, 'content-encoding': 'gzip', 'content-length': String(gzip.length) },
        notModified: { ...common },
      },
    };
    entries.set(key, entry);
    return entry;
  };

  const matches = (request: RequestLike, entry: Entry) => {
    const header = request.headers['if-none-match'];
    return (
      header !== undefined &&
      header.split(',').some((tag) => tag.trim() === '*' || tag.trim().replace(/^W\//, '') === entry.etag)
    );
  };

  /** Sets status and headers for a cached answer and returns its body (as the browser accepts it). */
  const prepare = (request: FastifyRequest, reply: FastifyReply, entry: Entry): Buffer | string => {
    reply
      .header('cache-control', cacheControl)
      .header('etag', entry.etag)
      .header('vary', 'Accept-Encoding')
      .type('application/json');
    if (matches(request, entry)) {
      reply.code(304);
      return '';
    }
    reply.code(200);
    const encoding = encodingFor(request.headers['accept-encoding']);
    if (!encoding) return entry.identity;
    reply.header('content-encoding', encoding);
    return encoding === 'br' ? entry.br : entry.gzip;
  };

  /**
   * A hit is written straight to the socket: the precomputed headers and bytes, no routing, no hooks,
   * no compression pass, no reply serialisation (as a CDN in front of the BFF would answer it).
   */
  const writeHit = (request: RequestLike, raw: ServerResponse, entry: Entry): void => {
    if (matches(request, entry)) {
      raw.writeHead(304, entry.head.notModified);
      raw.end();
      return;
    }
    const encoding = encodingFor(request.headers['accept-encoding']);
    if (encoding === 'br') {
      raw.writeHead(200, entry.head.br);
      raw.end(entry.br);
    } else if (encoding === 'gzip') {
      raw.writeHead(200, entry.head.gzip);
      raw.end(entry.gzip);
    } else {
      raw.writeHead(200, entry.head.identity);
      raw.end(entry.identity);
    }
  };

  /** The live entry for this request's URL, if the request may be answered from it. */
  const liveEntry = (request: RequestLike): Entry | undefined => {
    if (request.method !== 'GET' || request.url === undefined) return undefined;
    const entry = entries.get(request.url);
    if (
      entry === undefined ||
      entry.expiresAt <= now() ||
      request.headers.authorization !== undefined ||
      csrfProblem(request, options.publicUrl) !== null
    )
      return undefined;
    return entry;
  };

  const answer = (request: IncomingMessage, response: ServerResponse): boolean => {
    const entry = liveEntry(request);
    if (!entry) return false;
    writeHit(request, response, entry);
    return true;
  };

  const register = (app: FastifyInstance): void => {
    app.addHook('onRequest', (request, reply, done) => {
      const entry = liveEntry(request);
      if (entry) {
        // Answered here: the hook does not call done(), so nothing after it runs.
        reply.hijack();
        writeHit(request, reply.raw, entry);
        return;
      }
      const key = keyOf(request);
      if (key === null || csrfProblem(request, options.publicUrl)) {
        done();
        return;
      }
      request.publicCacheKey = key;
      done();
    });

    // A callback hook: most answers pass it unchanged, without a promise per answer.
    app.addHook('onSend', (request, reply, payload, done) => {
      const key = request.publicCacheKey;
      // The tRPC route (trpc/fastify-route.ts) sends its answer as one Buffer, with tRPC's status
      // and headers already on the reply.
      if (
        key === undefined ||
        !Buffer.isBuffer(payload) ||
        reply.statusCode !== 200 ||
        reply.hasHeader('set-cookie') ||
        reply.hasHeader('content-encoding')
      ) {
        done(null, payload);
        return;
      }
      done(null, prepare(request, reply, store(key, payload)));
    });
  };

  return { answer, register };
}
