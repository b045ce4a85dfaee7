/**
 * Typed client of the game API (architecture §4): the user's bearer token relayed (never the browser's
 * cookie), bounded timeouts, one retry for idempotent GETs, every answer parsed against
 * @nova/contracts, anything else a GameApiError. One circuit breaker per instance and a budget of
 * attempts per request (decision 030); the retry and the breaker are cockatiel's, composed. Calls go through undici's pool and dispatch API, about half
 * of what the global `fetch` cost per call (decisions 019, 041).
 */
import { PUBLIC_GAME_API_PATHS, ValidationErrorBody } from '@nova/contracts';
import {
  BrokenCircuitError,
  circuitBreaker,
  ConsecutiveBreaker,
  ExponentialBackoff,
  handleWhen,
  noJitterGenerator,
  retry,
  wrap,
  type CircuitBreakerPolicy,
  type IPolicy,
} from 'cockatiel';
import type { FastifyBaseLogger } from 'fastify';
import { Pool, errors as undiciErrors, type Dispatcher } from 'undici';
import type { z } from 'zod';
import {
  breakerState,
  gameApiCalls,
  pathTemplate,
  secondsSince,
  type BreakerState,
} from '../observability/metrics';
import { GameApiError, type GameApiFailure } from './errors';

export interface BreakerOptions {
  /** Consecutive upstream faults that open the circuit. */
  failures: number;
  /** How long the circuit stays open before one probe may pass; doubles while probes fail. */
  cooldownMs: number;
  /** Upper bound of the growing cooldown. */
  maxCooldownMs?: number;
}

export interface GameApiOptions {
  baseUrl: string;
  timeoutMs: number;
  log: FastifyBaseLogger;
  /** Instead of the pooled client (tests: fault injection, counting). */
  transport?: Transport;
  /** Open connections to the game API at most (pooled client only). */
  connections?: number;
  /** Attempts (retries included) one incoming request may cause through `forRequest()`. */
  callsPerRequest?: number;
  breaker?: BreakerOptions;
}

const DEFAULT_CALLS_PER_REQUEST = 30;
const DEFAULT_BREAKER: BreakerOptions = { failures: 5, cooldownMs: 10_000 };

/** Faults that say "the game API is unwell" (not: "it refused this one call"). */
function isUpstreamFault(error: Error): boolean {
  if (!(error instanceof GameApiError)) return false;
  const { failure } = error;
  return (
    failure.kind === 'timeout' ||
    failure.kind === 'network' ||
    (failure.kind === 'status' && failure.status >= 500)
  );
}

function createBreaker(options: BreakerOptions): CircuitBreakerPolicy {
  return circuitBreaker(handleWhen(isUpstreamFault), {
    breaker: new ConsecutiveBreaker(options.failures),
    halfOpenAfter: new ExponentialBackoff({
      generator: noJitterGenerator,
      initialDelay: options.cooldownMs,
      maxDelay: Math.max(options.maxCooldownMs ?? 60_000, options.cooldownMs),
    }),
  });
}

interface Shared {
  breaker: CircuitBreakerPolicy;
  /** Attempts left for the request this client belongs to; null: the instance-wide client. */
  budget: { left: number; exhaustedLogged: boolean } | null;
  /** How calls reach the game API; one pool for the instance and all its per-request clients. */
  transport: Transport;
  pool: Pool | undefined;
}

export interface CallOptions {
  /** The user's access token; omitted only for the public calls. */
  token?: string | undefined;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** No answer of the contract comes near this; a larger one is refused rather than buffered. */
export const MAX_ANSWER_BYTES = 5 * 1024 * 1024;
/**
 * No answer of the contract nests deeper than a few levels (nested achievement lists included); a
 * deeper one is refused before JSON.parse and the recursive schemas see it (the audit: a deeply
 * nested 2 MB answer blocked the event loop for 3.6 s).
 */
export const MAX_ANSWER_DEPTH = 32;
/** Contract violations are logged as a bounded summary, never the whole answer. */
const LOGGED_ISSUES = 5;
const LOGGED_TEXT = 200;

/** True when the JSON text nests arrays and objects deeper than `limit` (strings are skipped). */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > limit) return true;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) {
      depth--;
    }
  }
  return false;
}

const clip = (text: string) => (text.length > LOGGED_TEXT ? `${text.slice(0, LOGGED_TEXT)}…` : text);

/** The first few issues with their code, path and message: no values of the answer. */
export function summarizeIssues(issues: readonly z.core.$ZodIssue[]) {
  return {
    issueCount: issues.length,
    issues: issues.slice(0, LOGGED_ISSUES).map((issue) => ({
      code: issue.code,
      path: clip(issue.path.map(String).join('.')),
      message: clip(issue.message),
    })),
  };
}

/** Why a transport could not deliver an answer. */
export class TransportError extends Error {
  constructor(
    readonly kind: 'timeout' | 'network' | 'too-large',
    options: { cause?: unknown },
  ) {
    super(`game API transport: ${kind}`, options);
  }
}

export interface RawAnswer {
  status: number;
  text: string;
}

/** How a call reaches the game API: the pooled client, or a test's own. */
export type Transport = (
  method: Method,
  url: URL,
  headers: Record<string, string>,
  body: string | null,
) => Promise<RawAnswer>;

/**
 * undici's pool through its dispatch API: kept-alive connections; the answer's bytes are collected
 * as they arrive, with the size limit checked per chunk, and decoded once; one timer bounds the whole
 * call (headers and body). No response stream, async iterator or AbortController per call: they were
 * most of what a call cost the BFF beyond the socket (decision 041).
 */
function pooledTransport(pool: Pool, timeoutMs: number): Transport {
  return (method, url, headers, body) =>
    new Promise<RawAnswer>((resolve, reject) => {
      let controller: Dispatcher.DispatchController | null = null;
      let settled = false;
      let status = 0;
      let size = 0;
      const chunks: Buffer[] = [];
      /** Ends the call once: the first outcome counts, and a call still running is aborted. */
      const settle = (outcome: RawAnswer | TransportError) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (outcome instanceof TransportError) {
          if (controller && !controller.aborted) controller.abort(outcome);
          reject(outcome);
        } else {
          resolve(outcome);
        }
      };
      const timer = setTimeout(() => settle(new TransportError('timeout', {})), timeoutMs);
      pool.dispatch(
        {
          method,
          path: url.pathname + url.search,
          headers,
          body,
          headersTimeout: timeoutMs,
          bodyTimeout: timeoutMs,
        },
        {
          onRequestStart(started) {
            controller = started;
            // Timed out while waiting for a connection: it is not sent any more.
            if (settled) started.abort(new TransportError('timeout', {}));
          },
          onResponseStart(_controller, statusCode) {
            status = statusCode;
          },
          onResponseData(_controller, chunk) {
            if (settled) return;
            size += chunk.length;
            if (size > MAX_ANSWER_BYTES) settle(new TransportError('too-large', {}));
            else chunks.push(chunk);
          },
          onResponseEnd() {
            settle({ status, text: Buffer.concat(chunks, size).toString('utf8') });
          },
          onResponseError(_controller, cause) {
            const timeout =
              cause instanceof undiciErrors.HeadersTimeoutError ||
              cause instanceof undiciErrors.BodyTimeoutError;
            settle(new TransportError(timeout ? 'timeout' : 'network', { cause }));
          },
        },
      );
    });
}

/** The pooled client, or the given transport (tests). */
function createTransport(options: GameApiOptions): Pick<Shared, 'transport' | 'pool'> {
  if (options.transport) return { transport: options.transport, pool: undefined };
  const pool = new Pool(new URL(options.baseUrl).origin, {
    connections: options.connections ?? 128,
    keepAliveTimeout: 10_000,
  });
  return { transport: pooledTransport(pool, options.timeoutMs), pool };
}

export class GameApiClient {
  readonly #options: GameApiOptions;
  readonly #base: URL;
  readonly #log: FastifyBaseLogger;
  readonly #shared: Shared;

  constructor(options: GameApiOptions, shared?: Shared, base?: URL) {
    this.#options = options;
    this.#base = base ?? new URL(options.baseUrl);
    this.#log = options.log;
    this.#shared = shared ?? {
      breaker: createBreaker(options.breaker ?? DEFAULT_BREAKER),
      budget: null,
      ...createTransport(options),
    };
  }

  /** Closes the pooled connections (the app's onClose); a per-request client leaves them open. */
  async close(): Promise<void> {
    if (this.#shared.budget === null) await this.#shared.pool?.close();
  }

  /** The circuit breaker's state for the metrics (decision 074). */
  breakerState(): BreakerState {
    return breakerState(this.#shared.breaker.state);
  }

  /**
   * The client one incoming request uses: the same circuit breaker, its own budget of attempts
   * (a tRPC batch shares one context, so one budget), its own logger.
   */
  forRequest(log: FastifyBaseLogger = this.#log): GameApiClient {
    const left = this.#options.callsPerRequest ?? DEFAULT_CALLS_PER_REQUEST;
    return new GameApiClient(
      { ...this.#options, log },
      { ...this.#shared, budget: { left, exhaustedLogged: false } },
      this.#base,
    );
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
    if (!this.#spend(method, path)) {
      const refused = new GameApiError(method, path, { kind: 'budget' });
      this.#logFailure(refused);
      throw refused;
    }
    // Every attempt passes the breaker; an idempotent GET may make a second one (retry outside).
    const policy: IPolicy =
      method === 'GET' ? wrap(this.#retryOnce(method, path), this.#shared.breaker) : this.#shared.breaker;
    try {
      return await policy.execute(() => this.#attempt(method, path, schema, body, token));
    } catch (error) {
      if (error instanceof BrokenCircuitError)
        gameApiCalls.observe({ method, path: pathTemplate(path), status: 'circuit-open' }, 0);
      const failure =
        error instanceof BrokenCircuitError
          ? new GameApiError(method, path, { kind: 'unavailable' }, { cause: error })
          : error;
      if (!(failure instanceof GameApiError)) throw error;
      this.#logFailure(failure);
      throw failure;
    }
  }

  /**
   * cockatiel's retry for one GET: a second attempt right away after a fault that says the game API
   * is unwell (timeout, network, 502 and above), once, and only while the request's budget lasts;
   * otherwise the first failure stands (decision 030). An open circuit is not retried.
   */
  #retryOnce(method: Method, path: string) {
    let retried = false;
    return retry(
      handleWhen((error) => {
        if (retried || !(error instanceof GameApiError) || !isRetryable(error.failure)) return false;
        retried = true;
        return this.#spend(method, path);
      }),
      { maxAttempts: 1 },
    );
  }

  /** Takes one attempt from the request's budget; false when it is spent. */
  #spend(method: Method, path: string): boolean {
    const budget = this.#shared.budget;
    if (!budget) return true;
    if (budget.left > 0) {
      budget.left--;
      return true;
    }
    if (!budget.exhaustedLogged) {
      budget.exhaustedLogged = true;
      this.#log.warn({ method, path }, 'game API budget of this request spent; further calls refused');
    }
    return false;
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
    const start = performance.now();
    try {
      answer = await this.#shared.transport(
        method,
        new URL(path, this.#base),
        headers,
        body === undefined ? null : JSON.stringify(body),
      );
      gameApiCalls.observe(
        { method, path: pathTemplate(path), status: String(answer.status) },
        secondsSince(start),
      );
    } catch (cause) {
      const status = cause instanceof TransportError ? cause.kind : 'error';
      gameApiCalls.observe({ method, path: pathTemplate(path), status }, secondsSince(start));
      if (!(cause instanceof TransportError)) throw cause;
      const failure: GameApiFailure =
        cause.kind === 'too-large' ? { kind: 'too-large', reason: 'bytes' } : { kind: cause.kind };
      throw new GameApiError(method, path, failure, { cause: cause.cause ?? cause });
    }
    const { status, text } = answer;
    if (nestsDeeperThan(text, MAX_ANSWER_DEPTH))
      throw new GameApiError(method, path, { kind: 'too-large', reason: 'depth' });
    const json = parseJson(text);
    if (status < 200 || status >= 300) {
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
    if (!parsed.success) {
      // Keep a few issues only: an answer of 100 000 broken rows makes as many issues.
      const { issues } = parsed.error;
      throw new GameApiError(method, path, {
        kind: 'contract',
        issues: issues.slice(0, LOGGED_ISSUES),
        issueCount: issues.length,
      });
    }
    return parsed.data;
  }

  #logFailure(error: GameApiError): void {
    const { failure } = error;
    const fields = { method: error.method, path: error.path, failure: failure.kind };
    if (failure.kind === 'budget') return; // logged once per request by #spend
    if (failure.kind === 'unavailable') {
      this.#log.warn(fields, 'game API circuit open; call refused without reaching it');
    } else if (failure.kind === 'contract') {
      this.#log.error(
        { ...fields, ...summarizeIssues(failure.issues), issueCount: failure.issueCount },
        'game API answer violates the contract',
      );
    } else if (failure.kind === 'too-large') {
      this.#log.error(
        { ...fields, reason: failure.reason },
        'game API answer refused: too large or too deep',
      );
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
