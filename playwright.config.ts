/**
 * End-to-end tests against the real stack (BFF + dev-idp + game-api-sim + discord-sim, built) in Debian's
 * Chromium. Ports differ from `pnpm start`'s, so a running demo does not interfere.
 */
import { defineConfig } from '@playwright/test';
import { DEMO_DISCORD_CLIENT_ID, DEMO_DISCORD_CLIENT_SECRET } from '@nova/demo';
import { E2E } from './e2e/stack';

export default defineConfig({
  testDir: 'e2e',
  outputDir: '.e2e/results',
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  forbidOnly: true,
  // Upper bounds for waiting on states, not fixed waits: generous, so a busy machine does not fail
  // a correct test (E2E_TIMEOUT_SCALE stretches them further on a very slow machine).
  timeout: 60_000 * Number(process.env.E2E_TIMEOUT_SCALE ?? 1),
  expect: { timeout: 15_000 * Number(process.env.E2E_TIMEOUT_SCALE ?? 1) },
  reporter: [['list']],
  use: {
    baseURL: E2E.bff,
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'setup', testMatch: /auth\.setup\.ts/ },
    { name: 'chromium', dependencies: ['setup'], testIgnore: /auth\.setup\.ts/ },
  ],
  webServer: [
    {
      command: 'node apps/dev-idp/dist/server.js',
      url: `${E2E.issuer}/.well-known/openid-configuration`,
      env: { DEV_IDP_PORT: String(E2E.idpPort), PUBLIC_URL: E2E.bff },
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'node apps/game-api-sim/dist/server.js',
      url: `${E2E.gameApi}toplist`,
      env: { GAME_API_PORT: String(E2E.simPort), OIDC_ISSUER: E2E.issuer },
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'node apps/discord-sim/dist/server.js',
      url: `${E2E.discord}/healthz`,
      env: { DISCORD_SIM_PORT: String(E2E.discordPort), PUBLIC_URL: E2E.bff },
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'node apps/bff/dist/server.js',
      url: `${E2E.bff}/healthz`,
      env: {
        PORT: String(E2E.bffPort),
        PUBLIC_URL: E2E.bff,
        OIDC_ISSUER: E2E.issuer,
        GAME_API_URL: E2E.gameApi,
        DISCORD_CLIENT_ID: DEMO_DISCORD_CLIENT_ID,
        DISCORD_CLIENT_SECRET: DEMO_DISCORD_CLIENT_SECRET,
        DISCORD_AUTHORIZE_URL: `${E2E.discord}/oauth2/authorize`,
        DISCORD_API_URL: `${E2E.discord}/api/v10`,
        LOG_LEVEL: 'warn',
        // Issue 10: nothing kept between runs; a short re-authentication window (e2e/accountability).
        DATA_DIR: 'memory://',
        STEP_UP_MAX_AGE_SECONDS: '30',
        // Every test comes from 127.0.0.1 and shares three accounts: the limits would count the suite.
        RATE_LIMIT_TRPC_PER_CLIENT: '100000',
        RATE_LIMIT_AUTH_PER_CLIENT: '10000',
        RATE_LIMIT_TRPC_PER_USER: '100000',
        ...E2E.operator,
      },
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
