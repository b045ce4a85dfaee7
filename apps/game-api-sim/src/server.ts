/**
 * CLI of the simulator: `node dist/server.js`. Configuration from the environment:
 * GAME_API_PORT (default 8090), GAME_API_HOST (default localhost), OIDC_ISSUER (default the
 * dev-idp's realm). Stops gracefully on SIGINT/SIGTERM.
 */
import { z } from 'zod';
import { startGameApiSim } from './index';

const Env = z.object({
  GAME_API_PORT: z.coerce.number().int().min(0).max(65535).default(8090),
  GAME_API_HOST: z.string().min(1).default('localhost'),
  OIDC_ISSUER: z.url().default('http://localhost:8080/realms/nova'),
  /** Tests of late answers only: writes marked "[spät]" are answered after this many ms (0: off). */
  GAME_API_SIM_LATE_WRITE_MS: z.coerce.number().int().min(0).max(120_000).default(0),
});

const parsed = Env.safeParse(process.env);
if (!parsed.success) {
  const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
  process.stderr.write(`game-api-sim: invalid configuration (${problems})\n`);
  process.exit(1);
}
const env = parsed.data;

const sim = await startGameApiSim({
  port: env.GAME_API_PORT,
  host: env.GAME_API_HOST,
  issuer: env.OIDC_ISSUER,
  logger: { level: 'warn' },
  lateWriteMs: env.GAME_API_SIM_LATE_WRITE_MS,
});
process.stdout.write(
  `game-api-sim listening on ${sim.url} (demo stand-in for the game API; tokens from ${env.OIDC_ISSUER})\n`,
);

let closing = false;
const shutdown = (signal: string) => {
  if (closing) process.exit(1); // a second signal: stop now
  closing = true;
  process.stdout.write(`game-api-sim: ${signal}, shutting down\n`);
  sim.close().then(
    () => process.exit(0),
    (error: unknown) => {
      process.stderr.write(`game-api-sim: shutdown failed: ${String(error)}\n`);
      process.exit(1);
    },
  );
};
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));
