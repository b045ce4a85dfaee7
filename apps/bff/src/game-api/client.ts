/**
 * Typed client of the game API (ARCHITECTURE §4): the user's bearer token relayed (never the browser's
 * cookie), bounded timeouts, one retry for idempotent GETs, every answer parsed against
 * @nova/contracts. Anything else is a GameApiError, logged with the path and the zod issues.
 *
 * The calls go through a pooled undici client (kept-alive connections to the game API, no WHATWG
 * Request/Response or web streams per call): it halves what a call costs the BFF against the global
 * `fetch` (issue 11, docs/bench-issue-11.md). Tests may still hand in a `fetch`.
 */
import { PUBLIC_GAME_API_PATHS, ValidationErrorBody } from '@nova/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { Pool, errors as undiciErrors } from 'undici';
import type { z } from 'zod';
import { GameApiError, type GameApiFailure } from './errors';

export interface GameApiOptions {
  baseUrl: string;
  timeoutMs: number;
  log: FastifyBaseLogger;
  /** Instead of the pooled client (tests, fault injection). */
  fetch?: typeof fetch;
  /** Open connections to the game API at most (pooled client only). */
  connections?: number;
}

export interface CallOptions {
  /** The user's access token; omitted only for the public calls. */
  token?: string | undefined;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** No answer of the contract comes near this; a larger one is refused rather than buffered. */
const MAX_ANSWER_BYTES = 5 * 1024 * 1024;

class AnswerTooLargeError extends Error {
  override name = 'AnswerTooLargeError';
}

/** Why a transport could not deliver an answer. */
class TransportError extends Error {
  constructor(
    readonly kind: 'timeout' | 'network' | 'too-large',
    options: { cause?: unknown },
  ) {
    super(`game API transport: ${kind}`, options);
  }
}

interface RawAnswer {
  status: number;
  text: string;
}

type Transport = (
  method: Method,
  url: URL,
  headers: Record<string, string>,
  body: string | null,
) => Promise<RawAnswer>;

async function readLimited(response: Response, limit: number): Promise<string> {
  if (!response.body) return '';
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let size = 0;
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new AnswerTooLargeError(`the answer exceeds ${limit} bytes`);
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}

const isTimeout = (cause: unknown) => cause instanceof DOMException && cause.name === 'TimeoutError';

/** The injected `fetch` (tests): one AbortSignal.timeout bounds the whole call. */
function fetchTransport(fetchImpl: typeof fetch, timeoutMs: number): Transport {
  return async (method, url, headers, body) => {
    let response: Response;
    try {
      response = await fetchImpl(url, {
        method,
        headers,
        body,
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      });
    } catch (cause) {
      throw new TransportError(isTimeout(cause) ? 'timeout' : 'network', { cause });
    }
    try {
      return { status: response.status, text: await readLimited(response, MAX_ANSWER_BYTES) };
    } catch (cause) {
      if (cause instanceof AnswerTooLargeError) throw new TransportError('too-large', { cause });
      throw new TransportError(isTimeout(cause) ? 'timeout' : 'network', { cause });
    }
  };
}

/**
 * undici's pool: kept-alive connections; one timer bounds the whole call (headers and body); the
 * answer is read as bytes with the size limit and decoded once.
 */
function pooledTransport(pool: Pool, timeoutMs: number): Transport {
  return async (method, url, headers, body) => {
    // Aborted only by this timer: an aborted signal means the call timed out.
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), timeoutMs);
    try {
      const answer = await pool.request({
        method,
        path: url.pathname + url.search,
        headers,
        body,
        signal: abort.signal,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of answer.body as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > MAX_ANSWER_BYTES) {
          answer.body.destroy();
          throw new TransportError('too-large', {});
        }
        chunks.push(chunk);
      }
      const text = Buffer.concat(chunks, size).toString('utf8');
      return { status: answer.statusCode, text };
    } catch (cause) {
      if (cause instanceof TransportError) throw cause;
      const timeout =
        abort.signal.aborted ||
        cause instanceof undiciErrors.HeadersTimeoutError ||
        cause instanceof undiciErrors.BodyTimeoutError;
      throw new TransportError(timeout ? 'timeout' : 'network', { cause });
    } finally {
      clearTimeout(timer);
    }
  };
}

export class GameApiClient {
  readonly #base: URL;
  readonly #log: FastifyBaseLogger;
  readonly #transport: Transport;
  readonly #pool: Pool | undefined;

  constructor(options: GameApiOptions) {
    this.#base = new URL(options.baseUrl);
    this.#log = options.log;
    if (options.fetch) {
      this.#transport = fetchTransport(options.fetch, options.timeoutMs);
    } else {
      this.#pool = new Pool(this.#base.origin, {
        connections: options.connections ?? 128,
        keepAliveTimeout: 10_000,
      });
      this.#transport = pooledTransport(this.#pool, options.timeoutMs);
    }
  }

  /** Closes the pooled connections (the app's onClose). */
  async close(): Promise<void> {
    await this.#pool?.close();
  }

  get<S extends z.ZodType>(path: string, schema: S, options: CallOptions = {}): Promise<z.output<S>> {
    return this.#call('GET', path, schema, undefined, options);
  }

  send<S extends z.ZodType>(
    method: Exclude<Method, 'GET'>,
    path: string,
    schema: S,
    body: unknown,
    options: CallOptions,
  ): Promise<z.output<S>> {
    return this.#call(method, path, schema, body, options);
  }

  async #call<S extends z.ZodType>(
    method: Method,
    path: string,
    schema: S,
    body: unknown,
    { token }: CallOptions,
  ): Promise<z.output<S>> {
    if (!token && !PUBLIC_GAME_API_PATHS.has(path)) {
      // A programming error: every non-public call relays the user's token.
      throw new Error(`game API ${method} ${path} needs the user's access token`);
    }
    const attempts = method === 'GET' ? 2 : 1;
    let failure: GameApiError | undefined;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      try {
        return await this.#attempt(method, path, schema, body, token);
      } catch (error) {
        if (!(error instanceof GameApiError)) throw error;
        failure = error;
        if (!isRetryable(error.failure) || attempt === attempts) break;
      }
    }
    if (!failure) throw new Error('unreachable: no attempt was made');
    this.#logFailure(failure);
    throw failure;
  }

  async #attempt<S extends z.ZodType>(
    method: Method,
    path: string,
    schema: S,
    body: unknown,
    token: string | undefined,
  ): Promise<z.output<S>> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    let answer: RawAnswer;
    try {
      answer = await this.#transport(
        method,
        new URL(path, this.#base),
        headers,
        body === undefined ? null : JSON.stringify(body),
      );
    } catch (cause) {
      if (!(cause instanceof TransportError)) throw cause;
      const kind = cause.kind === 'too-large' ? 'invalid-json' : cause.kind;
      throw new GameApiError(method, path, { kind }, { cause: cause.cause ?? cause });
    }
    const { status, text } = answer;
    const ok = status >= 200 && status < 300;
    const json = parseJson(text);
    if (!ok) {
      const failure: GameApiFailure = { kind: 'status', status };
      const validation = ValidationErrorBody.safeParse(json.ok ? json.value : undefined);
      if (status === 400 && validation.success) failure.validationErrors = validation.data.validationErrors;
      throw new GameApiError(method, path, failure);
    }
    if (!json.ok) {
      // DELETE and similar may answer without a body; a schema that accepts undefined takes it.
      if (text.trim() === '') {
        const empty = schema.safeParse(undefined);
        if (empty.success) return empty.data;
      }
      throw new GameApiError(method, path, { kind: 'invalid-json' });
    }
    const parsed = schema.safeParse(json.value);
    if (!parsed.success)
      throw new GameApiError(method, path, { kind: 'contract', issues: parsed.error.issues });
    return parsed.data;
  }

  #logFailure(error: GameApiError): void {
    const { failure } = error;
    const fields = { method: error.method, path: error.path, failure: failure.kind };
    if (failure.kind === 'contract') {
      this.#log.error({ ...fields, issues: failure.issues }, 'game API answer violates the contract');
    } else if (failure.kind === 'status' && failure.status < 500 && failure.status !== 401) {
      // 4xx are expected answers (unknown id, missing right, invalid body); no alarm.
      this.#log.info({ ...fields, status: failure.status }, 'game API refused the call');
    } else {
      this.#log.error({ ...fields, status: error.status, err: error.cause }, 'game API call failed');
    }
  }
}

function isRetryable(failure: GameApiFailure): boolean {
  return (
    failure.kind === 'timeout' ||
    failure.kind === 'network' ||
    (failure.kind === 'status' && failure.status >= 502)
  );
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}
