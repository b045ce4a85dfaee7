/**
 * CLI of the Discord stand-in: `node dist/server.js`. Configuration from the environment:
 * DISCORD_SIM_PORT (default 8070), DISCORD_SIM_HOST (default localhost), DISCORD_SIM_REDIRECT_URIS
 * (comma list; default the BFF's callback at PUBLIC_URL), DISCORD_CLIENT_ID / DISCORD_CLIENT_SECRET
 * (default the demo client of @nova/demo).
 */
import { DEMO_DISCORD_CLIENT_ID, DEMO_DISCORD_CLIENT_SECRET } from '@nova/demo';
import { z } from 'zod';
import { startDiscordSim } from './index';

const Env = z.object({
  DISCORD_SIM_PORT: z.coerce.number().int().min(0).max(65535).default(8070),
  DISCORD_SIM_HOST: z.string().min(1).default('localhost'),
  PUBLIC_URL: z.url().default('http://localhost:3000'),
  DISCORD_SIM_REDIRECT_URIS: z.string().optional(),
  DISCORD_CLIENT_ID: z.string().min(1).default(DEMO_DISCORD_CLIENT_ID),
  DISCORD_CLIENT_SECRET: z.string().min(1).default(DEMO_DISCORD_CLIENT_SECRET),
});

const parsed = Env.safeParse(process.env);
if (!parsed.success) {
  const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
  process.stderr.write(`discord-sim: invalid configuration (${problems})\n`);
  process.exit(1);
}
const env = parsed.data;
const redirectUris = (
  env.DISCORD_SIM_REDIRECT_URIS ?? `${new URL(env.PUBLIC_URL).origin}/auth/discord/callback`
)
  .split(',')
  .map((uri) => uri.trim())
  .filter(Boolean);

const sim = await startDiscordSim({
  port: env.DISCORD_SIM_PORT,
  host: env.DISCORD_SIM_HOST,
  clientId: env.DISCORD_CLIENT_ID,
  clientSecret: env.DISCORD_CLIENT_SECRET,
  redirectUris,
});
process.stdout.write(`discord-sim listening on ${sim.url} (demo stand-in for Discord OAuth)\n`);

const shutdown = () => {
  sim.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
