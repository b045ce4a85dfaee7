/**
 * A BFF with tracing started before it loads (as server.ts does it), spans to the SDK's in-memory
 * exporter, its log lines kept, and a session of an admin allowed to edit achievements.
 */
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-node';
import { startTracing, type Tracing } from '../src/observability/tracing';
import type { TestBff } from './test-bff';

export interface TracedBff {
  bff: TestBff & { close(): Promise<void> };
  tracing: Tracing;
  exporter: InMemorySpanExporter;
  lines: string[];
  sessionCookie: string;
  close(): Promise<void>;
}

export async function startTracedBff(options: { sampleRatio?: number; user: string }): Promise<TracedBff> {
  const exporter = new InMemorySpanExporter();
  const lines: string[] = [];
  const tracing = await startTracing({
    endpoint: 'http://127.0.0.1:9',
    serviceName: 'nova-bff-test',
    exporter,
    ...(options.sampleRatio === undefined ? {} : { sampleRatio: options.sampleRatio }),
  });
  // Loaded only now, like main.ts after server.ts started tracing.
  const { startTestBff } = await import('./test-bff');
  const bff = await startTestBff({
    env: { LOG_LEVEL: 'info' },
    overrides: { logger: undefined, logStream: { write: (line: string) => lines.push(line) } },
  });
  const { id } = await bff.manager.create({
    userId: `u-${options.user}`,
    sid: `sid-${options.user}`,
    displayName: 'Verwalterin',
    authTime: Math.floor(Date.now() / 1000),
    auth: {
      accessToken: `eyJ-SECRET-ACCESS-TOKEN-${options.user}`,
      refreshToken: 'r',
      idToken: null,
      accessTokenExpiresAt: Date.now() + 3_600_000,
      username: options.user,
      roles: ['web:admin:server-manager', 'web:admin:server-manager:achievement'],
    },
  });
  return {
    bff,
    tracing,
    exporter,
    lines,
    sessionCookie: `nova_session=${id}`,
    async close() {
      await bff.close();
      await tracing.shutdown();
    },
  };
}
