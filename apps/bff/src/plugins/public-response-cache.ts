/**
 * Public procedures without input (toplist, calendar) answered from memory for their cache lifetime:
 * hooks of the tRPC scope. A hit is sent before rate limits, session lookup and tRPC run; the
 * security headers, @fastify/etag and @fastify/compress treat it like any other answer. The entry
 * keeps the ETag @fastify/etag gave the answer, so the plugin does not hash the same bytes per hit.
 */
import type { FastifyInstance, FastifyRequest, onSendHookHandler } from 'fastify';
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

/** At most this many distinct URLs (combinations of the public procedures) are kept. */
const MAX_ENTRIES = 32;

declare module 'fastify' {
  interface FastifyRequest {
    /** The URL under which this answer is kept, once it is known to be one to keep. */
    publicCacheKey?: string;
    /** The entry this answer was kept in: it gets the answer's ETag once the plugin has set it. */
    publicCacheEntry?: Entry;
  }
}

interface Entry {
  expiresAt: number;
  body: Buffer;
  etag: string | undefined;
}

/** The hook to add after @fastify/etag's: it gives the kept answer its ETag. */
export type KeepHook = onSendHookHandler;

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

/**
 * Registers the hooks in the given (tRPC) scope: the onRequest hook before the scope's others, the
 * onSend hook after the one that makes tRPC's answer a Buffer. Returns the hook that keeps the
 * answer, for the caller to add after @fastify/etag.
 */
export function publicResponseCache(app: FastifyInstance, options: PublicResponseCacheOptions): KeepHook {
  const now = options.now ?? Date.now;
  const maxAge = Math.max(0, Math.floor(options.ttlMs / 1000));
  const cacheControl = `public, max-age=${maxAge}, s-maxage=${maxAge}, stale-while-revalidate=${maxAge}`;
  const procedures = new Set(options.procedures);
  const entries = new Map<string, Entry>();
  const base = `${options.prefix}/`;

  /** The cache key of a request this cache may answer (its URL), else null. */
  const keyOf = (request: FastifyRequest): string | null => {
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

  app.addHook('onRequest', (request, reply, done) => {
    // A cached answer still needs what the tRPC endpoint demands of a browser request.
    if (
      request.method !== 'GET' ||
      request.headers.authorization !== undefined ||
      csrfProblem(request, options.publicUrl) !== null
    ) {
      done();
      return;
    }
    // Only URLs that passed keyOf are ever kept, so a hit needs no second look at the URL.
    const entry = entries.get(request.url);
    if (entry && entry.expiresAt > now()) {
      if (entry.etag !== undefined) reply.header('etag', entry.etag);
      // Answered here: without done(), no later onRequest hook and no handler runs.
      void reply.header('cache-control', cacheControl).type('application/json').send(entry.body);
      return;
    }
    const key = keyOf(request);
    if (key !== null) request.publicCacheKey = key;
    done();
  });

  // Kept before @fastify/etag runs: a miss that the plugin answers with 304 (the browser's copy is
  // still good) fills the cache too.
  app.addHook('onSend', (request, reply, payload, done) => {
    const key = request.publicCacheKey;
    if (
      key !== undefined &&
      Buffer.isBuffer(payload) &&
      reply.statusCode === 200 &&
      !reply.hasHeader('set-cookie')
    ) {
      const oldest = entries.keys().next();
      if (entries.size >= MAX_ENTRIES && !entries.has(key) && !oldest.done) entries.delete(oldest.value);
      const entry: Entry = { expiresAt: now() + options.ttlMs, body: payload, etag: undefined };
      entries.set(key, entry);
      request.publicCacheEntry = entry;
      reply.header('cache-control', cacheControl);
    }
    done(null, payload);
  });

  return (request, reply, payload, done) => {
    const etag = reply.getHeader('etag');
    if (request.publicCacheEntry && typeof etag === 'string') request.publicCacheEntry.etag = etag;
    done(null, payload);
  };
}
