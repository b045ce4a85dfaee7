/** Listens and closes gracefully; everything else is in app.ts. */
import { buildApp } from './app';
import { startRetentionJob } from './audit/retention';
import { ConfigError, loadEnv } from './env';

async function main(): Promise<void> {
  let env;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
  const app = await buildApp(env);
  const close = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));
  if (env.production && new URL(env.oidc.issuer).protocol === 'http:') {
    app.log.warn(
      { issuer: env.oidc.issuer },
      'the identity provider is reached over plain http; use https in production',
    );
  }
  // Migrations run before the first request (decision 020); a database that cannot be opened stops start-up.
  await app.nova.database.open();
  const stopRetention = startRetentionJob(app.nova.audit, env.auditRetentionDays, app.log);
  app.addHook('onClose', () => stopRetention());
  await app.listen({ host: env.host, port: env.port });
  app.log.info(
    {
      publicUrl: env.publicUrl,
      issuer: env.oidc.issuer,
      gameApi: env.gameApi.baseUrl,
      sessions: env.redisUrl ? 'redis' : 'memory',
      database: env.database.kind,
    },
    'BFF ready',
  );
}

main().catch((error: unknown) => {
  process.stderr.write(
    `BFF failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
