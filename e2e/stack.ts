/** Where the end-to-end stack listens, the configuration it runs with, and how long a wait may take. */
import { availableParallelism, loadavg } from 'node:os';

const bffPort = Number(process.env.E2E_BFF_PORT ?? 3100);
const idpPort = Number(process.env.E2E_IDP_PORT ?? 8180);
const simPort = Number(process.env.E2E_SIM_PORT ?? 8190);
const discordPort = Number(process.env.E2E_DISCORD_PORT ?? 8170);
// The webhooks test's receiver (e2e/webhooks); 0: a port the OS picks.
const webhookReceiverPort = Number(process.env.E2E_WEBHOOK_RECEIVER_PORT ?? 0);

export const E2E = {
  bffPort,
  idpPort,
  simPort,
  bff: `http://localhost:${bffPort}`,
  issuer: `http://localhost:${idpPort}/realms/nova`,
  gameApi: `http://localhost:${simPort}/`,
  discordPort,
  webhookReceiverPort,
  discord: `http://localhost:${discordPort}`,
  operator: {
    OPERATOR_NAME: 'Nova Legacy Testbetrieb GbR',
    OPERATOR_REPRESENTATIVE: 'Erika Musterfrau',
    OPERATOR_STREET: 'Teststraße 7',
    OPERATOR_POSTAL_CODE: '10115',
    OPERATOR_CITY: 'Berlin',
    OPERATOR_COUNTRY: 'Deutschland',
    OPERATOR_EMAIL: 'impressum@nova-legacy.example',
    FORUM_URL: 'https://forum.nova-legacy.example/',
    DISCORD_URL: 'https://discord.gg/nova-legacy-example',
  },
} as const;

/**
 * How many times longer than on a quiet machine a wait may take (decision 095): E2E_TIMEOUT_SCALE
 * when set, else the load average per core when the run starts, rounded up, between 1 and 4. Worked
 * out once by the runner and handed to its workers through the environment, so every process of a
 * run uses the same budgets. Budgets are upper bounds of waits on states: a passing test never waits
 * them out, so a large one costs nothing; only a machine busier than its budget fails a correct test.
 */
export const TIMEOUT_SCALE = (() => {
  const given = Number(process.env.E2E_TIMEOUT_SCALE);
  if (given > 0) return given;
  const perCore = loadavg()[0]! / availableParallelism();
  const scale = Math.min(4, Math.max(1, Math.ceil(perCore)));
  process.env.E2E_TIMEOUT_SCALE = String(scale);
  return scale;
})();

/** A budget in milliseconds, sized for the machine's load (TIMEOUT_SCALE). */
export const scaled = (ms: number) => ms * TIMEOUT_SCALE;

export type Role = 'spieler' | 'beta' | 'admin';

export const storageStateOf = (role: Role) => `.e2e/auth/${role}.json`;

/**
 * Admin sign-ins the setup project makes for the tests that need a sign-in older than the step-up
 * window (STEP_UP_MAX_AGE_SECONDS, 30 s) and then sign in again, which ends the session: one each,
 * with an identity-provider session of its own. Made before the other tests start, they are past
 * the window by the time most of these tests run, instead of each test signing in and waiting 30 s
 * (decision 095). A test still waits for the window (`waitForStepUpWindow`) in case it runs early.
 */
export const EARLY_ADMIN_SESSIONS = ['accountability', 'undo-delete', 'sync-objects', 'sync-groups'] as const;
export type EarlyAdminSession = (typeof EARLY_ADMIN_SESSIONS)[number];

export const earlyStorageStateOf = (name: EarlyAdminSession) => `.e2e/auth/early-${name}.json`;

type Env = Record<string, string>;

/** The built game API simulator, as both end-to-end suites start it. */
export function simServer(port: number, issuer: string, env: Env = {}) {
  return {
    command: 'node apps/game-api-sim/dist/server.js',
    url: `http://localhost:${port}/toplist`,
    timeout: scaled(60_000),
    env: { GAME_API_PORT: String(port), OIDC_ISSUER: issuer, ...env },
    reuseExistingServer: false,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
  };
}

/**
 * The built BFF, as both end-to-end suites start it: nothing kept between runs, warnings only, and
 * limits high enough for a suite whose tests all come from 127.0.0.1 with three accounts; `env` adds
 * what the suite's identity provider and stand-ins need.
 */
export function bffServer(target: { bffPort: number; issuer: string; gameApi: string }, env: Env) {
  const url = `http://localhost:${target.bffPort}`;
  return {
    command: 'node apps/bff/dist/server.js',
    url: `${url}/healthz`,
    timeout: scaled(60_000),
    env: {
      PORT: String(target.bffPort),
      PUBLIC_URL: url,
      OIDC_ISSUER: target.issuer,
      GAME_API_URL: target.gameApi,
      LOG_LEVEL: 'warn',
      DATA_DIR: 'memory://',
      RATE_LIMIT_TRPC_PER_CLIENT: '100000',
      RATE_LIMIT_AUTH_PER_CLIENT: '10000',
      RATE_LIMIT_TRPC_PER_USER: '100000',
      ...E2E.operator,
      ...env,
    },
    reuseExistingServer: false,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
  };
}
