/**
 * End-to-end tests against the real stack (BFF + dev-idp + game-api-sim + discord-sim, built) in Debian's
 * Chromium. Ports differ from `pnpm start`'s, so a running demo does not interfere.
 */
import { defineConfig } from '@playwright/test';
import { DEMO_DISCORD_CLIENT_ID, DEMO_DISCORD_CLIENT_SECRET } from '@nova/demo';
import { E2E, bffServer, scaled, simServer } from './e2e/stack';
import { chromiumLaunchOptions } from './scripts/lib/chromium.mjs';

export default defineConfig({
  testDir: 'e2e',
  outputDir: '.e2e/results',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  // Upper bounds for waiting on states, not fixed waits: generous, and stretched by the machine's
  // load (`scaled`, decision 095), so a busy machine does not fail a correct test.
  timeout: scaled(60_000),
  expect: { timeout: scaled(15_000) },
  reporter: [['list']],
  use: {
    baseURL: E2E.bff,
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    // A trace of every test costs the run a quarter of its time; CI keeps no files to open one in,
    // so there a failure brings its message, error context and screenshot only (decision 108).
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunchOptions(),
  },
  projects: [
    { name: 'setup', testMatch: /auth\.setup\.ts/ },
    { name: 'chromium', dependencies: ['setup'], testIgnore: /auth\.setup\.ts/ },
  ],
  webServer: [
    {
      command: 'node apps/dev-idp/dist/server.js',
      url: `${E2E.issuer}/.well-known/openid-configuration`,
      timeout: scaled(60_000),
      env: { DEV_IDP_PORT: String(E2E.idpPort), PUBLIC_URL: E2E.bff },
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    // Writes marked "[spät]" are answered after the BFF gave up (GAME_API_TIMEOUT_MS, 5 s).
    simServer(E2E.simPort, E2E.issuer, { GAME_API_SIM_LATE_WRITE_MS: '8000' }),
    {
      command: 'node apps/discord-sim/dist/server.js',
      url: `${E2E.discord}/healthz`,
      timeout: scaled(60_000),
      env: { DISCORD_SIM_PORT: String(E2E.discordPort), PUBLIC_URL: E2E.bff },
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    bffServer(E2E, {
      DISCORD_CLIENT_ID: DEMO_DISCORD_CLIENT_ID,
      DISCORD_CLIENT_SECRET: DEMO_DISCORD_CLIENT_SECRET,
      DISCORD_AUTHORIZE_URL: `${E2E.discord}/oauth2/authorize`,
      DISCORD_API_URL: `${E2E.discord}/api/v10`,
      // A short re-authentication window (e2e/accountability).
      STEP_UP_MAX_AGE_SECONDS: '30',
      // Every test of a role shares one session (the setup's storage state): live streams of
      // parallel tests count against it together (decision 106).
      LIVE_STREAMS_PER_SESSION: '30',
      // Webhooks to the test's own receiver on 127.0.0.1 (e2e/webhooks; decision 097).
      WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true',
      WEBHOOKS_RETRY_BASE_MS: '200',
    }),
  ],
});
