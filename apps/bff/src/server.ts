/**
 * The BFF's entry: reads the configuration, starts tracing when it is on and only then loads the
 * rest (main.ts), so that the instrumentations see `pg` and `ioredis` load (decision 074). The build
 * keeps both dynamic imports as chunks of their own: off, nothing of OpenTelemetry is loaded.
 */
import { ConfigError, loadEnv, type Env } from './env';
import { processStartProgress } from './start-progress';

async function start(): Promise<void> {
  const progress = processStartProgress();
  let env: Env;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
  let onClosed = () => Promise.resolve();
  if (env.tracing) {
    const { startTracing } = await import('./observability/tracing');
    const tracing = await startTracing(env.tracing);
    onClosed = () => tracing.shutdown().catch(() => undefined);
  }
  const { main } = await import('./main');
  await main(env, progress, onClosed);
}

start().catch((error: unknown) => {
  process.stderr.write(
    `BFF failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
