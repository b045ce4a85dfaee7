/** The game API simulator: build it (`createGameApiSim`) or start it listening (`startGameApiSim`). */
import { createGameApiSim, type GameApiSimOptions } from './app';

export { createGameApiSim, DEFAULT_SEED, type GameApiSimOptions } from './app';
export type { TokenClaims, VerifyToken } from './auth';
export { TEAMSPEAK_IDENTITY } from './external-ids';

export type StartGameApiSimOptions = GameApiSimOptions & {
  /** Default 8090; 0 picks a free port. */
  port?: number;
  /** Default "localhost" (IPv4 and IPv6 loopback); "0.0.0.0" in a container. */
  host?: string;
};

export interface RunningGameApiSim {
  /** Base URL ending in "/", usable as GAME_API_URL. */
  url: string;
  close(): Promise<void>;
}

export async function startGameApiSim(options: StartGameApiSimOptions): Promise<RunningGameApiSim> {
  const app = createGameApiSim(options);
  const host = options.host ?? 'localhost';
  await app.listen({ port: options.port ?? 8090, host });
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : (options.port ?? 8090);
  const urlHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return { url: `http://${urlHost}:${port}/`, close: () => app.close() };
}
