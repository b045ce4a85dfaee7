/**
 * What the rest of the BFF knows of tracing (decision 074): whether it is on, @fastify/otel's plugin,
 * the active trace for log lines and audit records, and the span of a tRPC procedure. Only the
 * OpenTelemetry API is loaded here; the SDK is in tracing.ts, loaded when tracing is on.
 */
import { context, SpanStatusCode, trace } from '@opentelemetry/api';
import type { FastifyPluginCallback } from 'fastify';

let fastifyPlugin: { plugin(): FastifyPluginCallback } | null = null;

/** tracing.ts, once the SDK runs. */
export function tracingStarted(instrumentation: { plugin(): FastifyPluginCallback }): void {
  fastifyPlugin = instrumentation;
}

/** @fastify/otel's plugin once tracing started; null while tracing is off. */
export function fastifyTracing() {
  return fastifyPlugin?.plugin() ?? null;
}

/** True once tracing started: the tRPC middleware and the log look at nothing else. */
export function tracingOn(): boolean {
  return fastifyPlugin !== null;
}

/** The active trace and span id for a log line; nothing outside a span. */
export function traceFields(): object {
  const span = trace.getSpan(context.active());
  if (!span) return {};
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}

/** The request's trace and span id, as the request id the audit records store (`<trace>-<span>`). */
export function traceRequestId(): string | null {
  const span = trace.getSpan(context.active());
  if (!span) return null;
  const { traceId, spanId } = span.spanContext();
  return `${traceId}-${spanId}`;
}

const tracer = () => trace.getTracer('nova-bff');

/**
 * One span around a tRPC procedure: its name, call type and the caller's kind; `outcome` (ok or the
 * tRPC error code) when it ends. Never its input, the caller's token or cookie.
 */
export function procedureSpan<T>(
  name: string,
  attributes: Record<string, string>,
  run: () => Promise<T>,
  outcomeOf: (result: T | undefined, error: unknown) => string,
): Promise<T> {
  // In a request that is not sampled the procedure runs in the request's unrecorded span: its trace
  // id is in the log line and the audit record already, and a span nobody records would only cost.
  if (trace.getSpan(context.active())?.isRecording() === false) return run();
  return tracer().startActiveSpan(`trpc ${name}`, { attributes }, async (span) => {
    let result: T | undefined;
    let thrown: unknown;
    try {
      result = await run();
      return result;
    } catch (error) {
      thrown = error;
      throw error;
    } finally {
      const outcome = outcomeOf(result, thrown);
      span.setAttribute('trpc.outcome', outcome);
      if (outcome !== 'ok') span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    }
  });
}
