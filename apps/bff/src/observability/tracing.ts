/**
 * Traces with OpenTelemetry (decision 074), only when OTEL_EXPORTER_OTLP_ENDPOINT is set: started by
 * server.ts before the rest of the BFF is loaded, because the official instrumentations of `pg` and
 * `ioredis` patch those modules as they load (ESM: through import-in-the-middle's loader hook);
 * outgoing game API calls are seen through undici's diagnostics channel; @fastify/otel makes the
 * request's span (app.ts) and the tRPC middleware one span per procedure (trpc/init.ts). Off, this
 * module is never loaded, and the middleware and the log pay one boolean check (trace-context.ts).
 */
import { register } from 'node:module';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  NodeTracerProvider,
  ParentBasedSampler,
  SimpleSpanProcessor,
  TraceIdRatioBasedSampler,
  type SpanExporter,
} from '@opentelemetry/sdk-trace-node';
import { tracingStarted } from './trace-context';

export interface TracingOptions {
  /** OTEL_EXPORTER_OTLP_ENDPOINT: the collector's base URL; spans go to `<endpoint>/v1/traces`. */
  endpoint: string;
  serviceName: string;
  /** Share of requests whose spans are recorded and exported (parent-based); default all. */
  sampleRatio?: number;
  /** Tests: spans to this exporter (the SDK's in-memory one), each as it ends. */
  exporter?: SpanExporter;
}

export interface Tracing {
  /** Exports what is still buffered and stops (the server's shutdown). */
  shutdown(): Promise<void>;
}

export async function startTracing(options: TracingOptions): Promise<Tracing> {
  // ioredis and pg are imported as ES modules: their instrumentations need the loader hook, and only
  // for them (every other module loads unwrapped), by bare name or by path (vitest imports by path).
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url, {
    data: { include: [/\/node_modules\/(ioredis|pg)\//] },
  });
  const exporter = options.exporter ?? new OTLPTraceExporter({ url: tracesUrl(options.endpoint) });
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': options.serviceName }),
    // Unsampled requests still have trace ids (log lines, audit records); their spans cost next to nothing.
    sampler: new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(options.sampleRatio ?? 1) }),
    spanProcessors: [options.exporter ? new SimpleSpanProcessor(exporter) : new BatchSpanProcessor(exporter)],
  });
  provider.register();
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new UndiciInstrumentation(),
      // Statements without their values (the default), and no span for a pool's connect alone.
      new PgInstrumentation({ requireParentSpan: true }),
      // Commands' arguments stay out (session keys are secrets).
      new IORedisInstrumentation({ requireParentSpan: true, dbStatementSerializer: (command) => command }),
    ],
  });
  const { FastifyOtelInstrumentation } = await import('@fastify/otel');
  const instrumentation = new FastifyOtelInstrumentation({
    // One span for the request: a span per hook, or one for the route's handler around the tRPC
    // procedure's own span (trpc/init.ts), would cost every request more than it shows.
    instrumentHooks: false,
    instrumentHandler: false,
    // The span keeps the path only: /auth's query has codes, a tRPC GET's its input. An unsampled
    // request's span records nothing, so nothing is cut for it.
    requestHook: (span, request) => {
      if (span.isRecording()) span.setAttribute('url.path', request.url.split('?')[0] ?? '');
    },
  });
  instrumentation.setTracerProvider(provider);
  tracingStarted(instrumentation);
  return { shutdown: () => provider.shutdown() };
}

/** The collector's traces URL, as the OTLP exporter's specification derives it from the base. */
export function tracesUrl(endpoint: string): string {
  return `${endpoint.replace(/\/+$/, '')}/v1/traces`;
}
