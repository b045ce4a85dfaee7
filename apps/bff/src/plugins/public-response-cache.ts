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
 * @fastify/compress, so the answer is captured before it is compressed.
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { csrfProblem } from '../trpc/request-auth';

export interface PublicResponseCacheOptions {
  /** The tRPC prefix, e.g. `/trpc`. */
  prefix: string;
  /** Public procedures without input whose answers are the same for every caller. */
  procedures: readonly string[];
  ttlMs: number;
  publicUrl: string;
  now?: () => number;
}

interface Entry {
  expiresAt: number;
  etag: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
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

export function publicResponseCache(app: FastifyInstance, options: PublicResponseCacheOptions): void {
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
    const entry: Entry = {
      expiresAt: now() + options.ttlMs,
      etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
      identity,
      br: brotliCompressSync(identity, {
        params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length },
      }),
      gzip: gzipSync(identity, { level: 9 }),
    };
    entries.set(key, entry);
    return entry;
  };

  const matches = (request: FastifyRequest, entry: Entry) => {
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

  app.addHook('onRequest', (request, reply, done) => {
    const key = keyOf(request);
    if (key === null || csrfProblem(request, options.publicUrl)) {
      done();
      return;
    }
    const entry = entries.get(key);
    if (entry && entry.expiresAt > now()) {
      // Answered here: the hook does not call done(), so nothing after it runs.
      void reply.send(prepare(request, reply, entry));
      return;
    }
    request.publicCacheKey = key;
    done();
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const key = request.publicCacheKey;
    // tRPC's Fastify adapter sends a fetch Response; Fastify copies its status and headers later.
    if (key === undefined || !(payload instanceof Response)) return payload;
    if (
      payload.status !== 200 ||
      payload.headers.has('set-cookie') ||
      payload.headers.has('content-encoding') ||
      reply.hasHeader('set-cookie')
    ) {
      return payload;
    }
    return prepare(request, reply, store(key, Buffer.from(await payload.arrayBuffer())));
  });
}
