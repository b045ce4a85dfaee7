/**
 * The BFF's metrics in Prometheus' format (decision 074), with prom-client. One registry per process:
 * counters and histograms are written where things happen (requests, procedures, game API calls,
 * refusals); gauges of things that exist per app (circuit breakers, the database pool, Redis
 * connections, open audit intents) are read when Prometheus scrapes, from the sources each app
 * registers with `watch` and drops when it closes. Every label value comes from a bounded set: route
 * templates, procedure names, path templates, status codes, never a raw URL or an id.
 */
import { CircuitState } from 'cockatiel';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

export const registry = new Registry();
// Event-loop delay (nodejs_eventloop_lag_*), heap, GC, handles, CPU: prom-client's defaults.
collectDefaultMetrics({ register: registry });

// Seconds; from a cache hit (~0.2 ms) to the game API's timeout (5 s).
const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const httpRequests = new Histogram({
  name: 'nova_http_request_duration_seconds',
  help: 'HTTP requests answered, by method, route template and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: BUCKETS,
  registers: [registry],
});

export const procedures = new Histogram({
  name: 'nova_trpc_procedure_duration_seconds',
  help: 'tRPC procedure calls, by procedure, call type and outcome (ok or the tRPC error code)',
  labelNames: ['procedure', 'type', 'outcome'] as const,
  buckets: BUCKETS,
  registers: [registry],
});

export const gameApiCalls = new Histogram({
  name: 'nova_game_api_request_duration_seconds',
  help: 'Attempts to reach the game API, by method, path template and status (or why none came)',
  labelNames: ['method', 'path', 'status'] as const,
  buckets: BUCKETS,
  registers: [registry],
});

export const rateLimitRefusals = new Counter({
  name: 'nova_rate_limit_refusals_total',
  help: 'Requests refused with 429, by limit',
  labelNames: ['limit'] as const,
  registers: [registry],
});

export const idempotencyHits = new Counter({
  name: 'nova_idempotency_hits_total',
  help: 'Creates answered from an earlier call with the same key (done) or refused while it runs (pending)',
  labelNames: ['state'] as const,
  registers: [registry],
});

export const auditUnknown = new Counter({
  name: 'nova_audit_intents_unknown_total',
  help: 'Audit intents ended with outcome "unbekannt", by why (no-answer: the game API did not answer; crash: closed by the sweep)',
  labelNames: ['cause'] as const,
  registers: [registry],
});

export const webhookDeliveries = new Counter({
  name: 'nova_webhook_deliveries_total',
  help: 'Webhook delivery attempts by outcome (delivered; retry: failed, tried again later; failed: given up after 24 h)',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

export const sessionsStarted = new Counter({
  name: 'nova_sessions_started_total',
  help: 'Browser sessions started by a sign-in',
  registers: [registry],
});

/** A circuit breaker's state as a number: 0 closed, 1 half-open, 2 open (the alert's `== 2`). */
export type BreakerState = 0 | 1 | 2;

/** cockatiel's CircuitState as the gauge's number (Isolated, a manual hold, counts as open). */
export function breakerState(state: CircuitState): BreakerState {
  if (state === CircuitState.Closed) return 0;
  return state === CircuitState.HalfOpen ? 1 : 2;
}

/** What one app exposes for the gauges read at scrape time. */
export interface Sources {
  breakers?: Record<string, () => BreakerState>;
  /** Redis connections by use: true while ready. */
  redis?: Record<string, () => boolean>;
  databasePool?: () => { total: number; idle: number; waiting: number } | null;
  /** Audit intents still `pending` in the database (null: not known now). */
  openIntents?: () => Promise<number | null>;
  /** Browser sessions in this instance's store (null: the store does not count them cheaply). */
  sessions?: () => number | null;
  /** Open live streams of this instance by kind (decision 106). */
  liveStreams?: () => Readonly<Record<string, number>>;
  /** Webhook deliveries still to be sent (the outbox's depth; null: not known now). */
  webhookOutbox?: () => Promise<number | null>;
}

const sources = new Set<Sources>();

/** Registers an app's sources until the returned function is called (the app's onClose). */
export function watch(source: Sources): () => void {
  sources.add(source);
  return () => sources.delete(source);
}

new Gauge({
  name: 'nova_circuit_breaker_state',
  help: 'Circuit breakers: 0 closed, 1 half-open, 2 open',
  labelNames: ['breaker'] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const source of sources)
      for (const [name, state] of Object.entries(source.breakers ?? {})) this.set({ breaker: name }, state());
  },
});

new Gauge({
  name: 'nova_redis_connected',
  help: 'Redis connections by use: 1 ready, 0 not',
  labelNames: ['client'] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const source of sources)
      for (const [name, ready] of Object.entries(source.redis ?? {}))
        this.set({ client: name }, ready() ? 1 : 0);
  },
});

new Gauge({
  name: 'nova_db_pool_connections',
  help: 'PostgreSQL pool connections by state: in-use, idle, waiting (callers waiting for one)',
  labelNames: ['state'] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const source of sources) {
      const pool = source.databasePool?.();
      if (!pool) continue;
      this.inc({ state: 'in-use' }, pool.total - pool.idle);
      this.inc({ state: 'idle' }, pool.idle);
      this.inc({ state: 'waiting' }, pool.waiting);
    }
  },
});

new Gauge({
  name: 'nova_sessions',
  help: "Browser sessions in this instance's memory store (absent with Redis: counting its keys costs a scan)",
  registers: [registry],
  collect() {
    this.reset();
    for (const source of sources) {
      const count = source.sessions?.();
      if (count !== null && count !== undefined) this.inc(count);
    }
  },
});

new Gauge({
  name: 'nova_live_streams',
  help: 'Open live streams (server-sent events) of this instance, by kind: audit or presence',
  labelNames: ['kind'] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const source of sources)
      for (const [kind, open] of Object.entries(source.liveStreams?.() ?? {})) this.inc({ kind }, open);
  },
});

new Gauge({
  name: 'nova_audit_intents_open',
  help: 'Audit intents still open (outcome pending) in the database',
  registers: [registry],
  async collect() {
    this.reset();
    // Every app of this process shares one database in practice; the first that answers counts.
    for (const source of sources) {
      const open = await source.openIntents?.().catch(() => null);
      if (open !== null && open !== undefined) {
        this.set(open);
        return;
      }
    }
  },
});

new Gauge({
  name: 'nova_webhook_outbox_pending',
  help: 'Webhook deliveries waiting to be sent (the outbox depth), over all instances',
  registers: [registry],
  async collect() {
    this.reset();
    for (const source of sources) {
      const pending = await source.webhookOutbox?.().catch(() => null);
      if (pending !== null && pending !== undefined) {
        this.set(pending);
        return;
      }
    }
  },
});

/** `/user/8f3a…/vehicles` → `user/:id/vehicles`: the user segment and numeric or odd segments become `:id`. */
export function pathTemplate(path: string): string {
  const parts = (path.split('?')[0] ?? '').replace(/^\/+/, '').split('/');
  return parts
    .map((part, index) =>
      (index === 1 && parts[0] === 'user') || !/^[a-z][a-z-]*$/.test(part) ? ':id' : part,
    )
    .join('/');
}

/** Seconds since `start` (a `performance.now()` reading). */
export function secondsSince(start: number): number {
  return (performance.now() - start) / 1000;
}
