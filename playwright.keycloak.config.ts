/**
 * The sign-in end-to-end tests against the real Keycloak 26: Keycloak's distribution from
 * Maven Central started by scripts/keycloak.mjs with deploy/keycloak/nova-realm.json imported, the
 * test users created through its Admin REST API (e2e-keycloak/keycloak.setup.ts), then the built BFF
 * and game API simulator against it. Run by `pnpm test` after the dev-idp suite.
 */
import { defineConfig } from '@playwright/test';
import baseConfig from './playwright.config';
import { bffServer, scaled, simServer } from './e2e/stack';
import { KC } from './e2e-keycloak/stack';

export default defineConfig({
  ...baseConfig,
  testDir: 'e2e-keycloak',
  outputDir: '.e2e/keycloak-results',
  // Keycloak's pages are slower than dev-idp's, more so on a busy machine (`scaled`, decision 095).
  timeout: scaled(90_000),
  expect: { timeout: scaled(15_000) },
  projects: [
    { name: 'keycloak-setup', testMatch: /keycloak\.setup\.ts/ },
    { name: 'keycloak', dependencies: ['keycloak-setup'], testIgnore: /keycloak\.setup\.ts/ },
  ],
  webServer: [
    {
      command: 'node scripts/keycloak.mjs',
      url: `${KC.issuer}/.well-known/openid-configuration`,
      // The first run fetches (≈ 180 MB) and augments Keycloak; later ones start in under a minute.
      timeout: scaled(300_000),
      env: {
        KEYCLOAK_PORT: String(KC.keycloakPort),
        KEYCLOAK_MANAGEMENT_PORT: String(KC.keycloakManagementPort),
        KEYCLOAK_LOG_FILE: '.e2e/keycloak.log',
        NOVA_PUBLIC_URL: KC.bff,
        NOVA_WEB_CLIENT_SECRET: KC.clientSecret,
        NOVA_INTEGRATOR_CLIENT_SECRET: KC.integratorSecret,
        KEYCLOAK_ADMIN_USER: KC.admin.username,
        KEYCLOAK_ADMIN_PASSWORD: KC.admin.password,
      },
      // Locally a running Keycloak of the same configuration may be reused (its start takes a minute).
      reuseExistingServer: !process.env.CI,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    simServer(KC.simPort, KC.issuer),
    bffServer(KC, {
      OIDC_CLIENT_ID: KC.clientId,
      OIDC_CLIENT_SECRET: KC.clientSecret,
      // A short re-authentication window (accountability spec).
      STEP_UP_MAX_AGE_SECONDS: String(KC.stepUpMaxAgeSeconds),
    }),
  ],
});
