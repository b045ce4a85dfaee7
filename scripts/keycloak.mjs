// Runs the real Keycloak in the foreground (Playwright's Keycloak suite starts it as a web server):
// `node scripts/keycloak.mjs`. Ports and the realm's placeholders come from the environment:
// KEYCLOAK_PORT, KEYCLOAK_MANAGEMENT_PORT, NOVA_PUBLIC_URL, NOVA_WEB_CLIENT_SECRET,
// NOVA_INTEGRATOR_CLIENT_SECRET, KEYCLOAK_ADMIN_USER, KEYCLOAK_ADMIN_PASSWORD; Keycloak's own log goes
// to KEYCLOAK_LOG_FILE when set.
import { mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import { startKeycloak } from './lib/keycloak.mjs';

const required = (name) => {
  const value = process.env[name];
  if (!value) {
    console.error(`${name} fehlt`);
    process.exit(78);
  }
  return value;
};

const logFile = process.env.KEYCLOAK_LOG_FILE;
let stdio = 'inherit';
if (logFile) {
  mkdirSync(dirname(logFile), { recursive: true });
  const fd = openSync(logFile, 'w');
  stdio = ['ignore', fd, fd];
}

const child = startKeycloak({
  stdio,
  port: Number(process.env.KEYCLOAK_PORT ?? 8280),
  managementPort: Number(process.env.KEYCLOAK_MANAGEMENT_PORT ?? 8281),
  realmEnv: {
    NOVA_PUBLIC_URL: required('NOVA_PUBLIC_URL'),
    NOVA_WEB_CLIENT_SECRET: required('NOVA_WEB_CLIENT_SECRET'),
    NOVA_INTEGRATOR_CLIENT_SECRET: required('NOVA_INTEGRATOR_CLIENT_SECRET'),
  },
  admin: { username: required('KEYCLOAK_ADMIN_USER'), password: required('KEYCLOAK_ADMIN_PASSWORD') },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill('SIGTERM'));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
