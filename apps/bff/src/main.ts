/** Listens and closes gracefully; everything else is in app.ts. server.ts loads this module. */
import { setTimeout as sleep } from 'node:timers/promises';
import closeWithGrace from 'close-with-grace';
import { ExponentialBackoff, handleWhen, retry } from 'cockatiel';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { startRetentionJob } from './audit/retention';
import type { Env } from './env';
import { flushLog } from './logging';
import { isDependencyError } from './plugins/dependencies';
import type { StartProgress } from './start-progress';

/**
 * Opens (and migrates) the database before the first request (decision 020). A PostgreSQL that
 * cannot be reached at start-up is tried again with growing pauses until it answers, so that an
 * instance started during an outage joins once it is back instead of exiting (decision 078); any
 * other failure (wrong password, a failed migration, the embedded database) still stops start-up.
 */
/** A PostgreSQL that cannot be reached (not one that refuses us, nor a failed migration). */
function unreachable(error: Error): boolean {
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 6; depth++) {
    if (isDependencyError(current) || UNREACHABLE.test(current.message)) return true;
    current = current.cause;
  }
  return false;
}
const UNREACHABLE =
  /Connection terminated|timeout exceeded when trying to connect|the database system is (starting up|shutting down)/;

async function openDatabase(
  app: FastifyInstance,
  signal: AbortSignal,
  onPhase: Parameters<FastifyInstance['nova']['database']['open']>[0],
): Promise<void> {
  if (app.nova.database.kind !== 'postgres') {
    await app.nova.database.open(onPhase);
    return;
  }
  const policy = retry(handleWhen(unreachable), {
    maxAttempts: Number.POSITIVE_INFINITY,
    backoff: new ExponentialBackoff({ initialDelay: 250, maxDelay: 5000 }),
  });
  policy.onRetry((event) =>
    app.log.warn(
      { err: 'error' in event ? event.error : undefined, retryInMs: event.delay },
      'database not reachable at start-up; trying again',
    ),
  );
  await policy.execute(() => app.nova.database.open(onPhase), signal);
}

/**
 * `progress`: what `pnpm start` is told while the BFF starts; `onClosed`: after the app closed
 * (server.ts: tracing exports what it still holds).
 */
export async function main(env: Env, progress: StartProgress, onClosed: () => Promise<void>): Promise<void> {
  const app = await buildApp(env);
  progress.logTo(app.log);
  const starting = new AbortController();
  let listening = false;
  const { drainMs, timeoutMs } = env.shutdown;
  // SIGTERM (and SIGINT, an uncaught error): /readyz turns 503 for the drain time while requests are
  // still served, then Fastify stops accepting, lets what runs finish and its onClose hooks close
  // the pools; past the deadline close-with-grace ends the process (decision 078).
  closeWithGrace(
    {
      delay: drainMs + timeoutMs,
      logger: { error: (message: unknown) => app.log.error({ detail: message }, 'shutdown') },
    },
    async ({ signal, err }) => {
      if (err) app.log.error({ err }, 'shutting down after an unexpected error');
      else app.log.info({ signal, drainMs }, 'shutting down');
      starting.abort();
      app.drain();
      if (listening && drainMs > 0) await sleep(drainMs);
      await app.close();
      await onClosed();
      app.log.info('closed');
      // The readable format's worker writes what it holds; the JSON destination's rest is written
      // by pino's exit hook as the process ends.
      await flushLog(app);
    },
  );
  if (env.production && new URL(env.oidc.issuer).protocol === 'http:') {
    app.log.warn(
      { issuer: env.oidc.issuer },
      'the identity provider is reached over plain http; use https in production',
    );
  }
  try {
    await openDatabase(app, starting.signal, (phase) => progress.phase(phase));
  } catch (error) {
    if (!starting.signal.aborted) throw error;
  }
  // Shutting down already (close-with-grace closes the app and exits): nothing more to start.
  if (starting.signal.aborted) return;
  const stopRetention = startRetentionJob(app.nova.audit, env.auditRetentionDays, app.log);
  app.addHook('onClose', () => stopRetention());
  progress.phase('listening');
  await app.listen({ host: env.host, port: env.port });
  listening = true;
  progress.ready();
  app.log.info(
    {
      publicUrl: env.publicUrl,
      issuer: env.oidc.issuer,
      gameApi: env.gameApi.baseUrl,
      sessions: env.redisUrl ? 'redis' : 'memory',
      database: env.database.kind,
      metrics: env.metrics ? `${env.metrics.host}:${env.metrics.port}` : 'off',
      tracing: env.tracing ? env.tracing.endpoint : 'off',
    },
    'BFF ready',
  );
}
