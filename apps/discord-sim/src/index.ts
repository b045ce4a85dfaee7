/** The Discord stand-in: build it (`createDiscordSim`) or start it listening (`startDiscordSim`). */
import { createDiscordSim, type DiscordSimOptions } from './app';

export { API_PREFIX, createDiscordSim, snowflakeOf, type DiscordSimOptions } from './app';

export interface RunningDiscordSim {
  /** Origin without a trailing slash, e.g. http://localhost:8070. */
  url: string;
  /** How many access tokens are still valid (all are revoked after a linking). */
  liveTokens(): number;
  close(): Promise<void>;
}

export async function startDiscordSim(
  options: DiscordSimOptions & { port?: number; host?: string },
): Promise<RunningDiscordSim> {
  const app = createDiscordSim(options);
  const host = options.host ?? 'localhost';
  await app.listen({ port: options.port ?? 0, host });
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : (options.port ?? 0);
  const live = (app as unknown as { liveTokens: () => number }).liveTokens;
  return { url: `http://${host}:${port}`, liveTokens: live, close: () => app.close() };
}
