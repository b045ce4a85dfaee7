// The real Keycloak for the tests and for `pnpm start --keycloak`: its server distribution from Maven
// Central (org.keycloak:keycloak-quarkus-dist, zip), cached outside the repository, started in dev
// mode with an in-memory database and the project's realm export imported (decision 010).
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './processes.mjs';

/** The same version as docker-compose.yml's image (checked by apps/bff/test/realm-export.test.ts). */
export const KEYCLOAK_VERSION = '26.7.3';
export const KEYCLOAK_ARTIFACT = `org.keycloak:keycloak-quarkus-dist:${KEYCLOAK_VERSION}:zip`;

const cacheRoot = () =>
  process.env.NOVA_KEYCLOAK_CACHE ??
  join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'nova-legacy', 'keycloak');

export const keycloakHome = () => join(cacheRoot(), `keycloak-${KEYCLOAK_VERSION}`);

function has(command) {
  return spawnSync('bash', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/** Java major version of `java` on the PATH (or JAVA_HOME), 0 when there is none. */
function javaMajor() {
  const java = process.env.JAVA_HOME ? join(process.env.JAVA_HOME, 'bin', 'java') : 'java';
  const result = spawnSync(java, ['-version'], { encoding: 'utf8' });
  const match = /version "(\d+)/.exec(`${result.stderr ?? ''}${result.stdout ?? ''}`);
  return match ? Number(match[1]) : 0;
}

/**
 * Debian packages Keycloak needs here: a JDK 17+ (Keycloak 26 runs on 17 and 21), Maven to fetch it,
 * unzip to unpack it. Installed when we may (root), otherwise the exact command and a stop.
 */
export function missingKeycloakPackages() {
  const missing = [];
  if (javaMajor() < 17) missing.push('openjdk-17-jre-headless');
  if (!has('mvn')) missing.push('maven');
  if (!has('unzip')) missing.push('unzip');
  return missing;
}

/** Fetches and unpacks the distribution once; later runs use the cache. */
export function ensureKeycloak(log = console.log) {
  const home = keycloakHome();
  if (existsSync(join(home, 'bin', 'kc.sh'))) return home;
  const cache = cacheRoot();
  mkdirSync(cache, { recursive: true });
  log(`• lade Keycloak ${KEYCLOAK_VERSION} über Maven (${KEYCLOAK_ARTIFACT}) …`);
  const fetched = spawnSync(
    'mvn',
    ['-q', '-B', 'dependency:copy', `-Dartifact=${KEYCLOAK_ARTIFACT}`, `-DoutputDirectory=${cache}`],
    { cwd: cache, stdio: 'inherit' },
  );
  const zip = join(cache, `keycloak-quarkus-dist-${KEYCLOAK_VERSION}.zip`);
  if (fetched.status !== 0 || !existsSync(zip))
    throw new Error(`Maven konnte ${KEYCLOAK_ARTIFACT} nicht laden`);
  rmSync(home, { recursive: true, force: true });
  const unpacked = spawnSync('unzip', ['-q', '-o', zip, '-d', cache], { stdio: 'inherit' });
  if (unpacked.status !== 0 || !existsSync(join(home, 'bin', 'kc.sh')))
    throw new Error(`${zip} konnte nicht entpackt werden`);
  rmSync(zip, { force: true });
  return home;
}

/**
 * Starts `kc.sh start-dev` on `port` (management interface on `managementPort`), in-memory database,
 * the realm export imported with its placeholders filled from `realmEnv`. Returns the child process;
 * the issuer is `http://localhost:${port}/realms/nova`.
 */
export function startKeycloak({ port, managementPort, realmEnv, admin, stdio = 'inherit' }) {
  const home = ensureKeycloak();
  const importDir = join(home, 'data', 'import');
  mkdirSync(importDir, { recursive: true });
  // Keycloak resolves ${NOVA_…} placeholders of the file from the environment at import.
  copyFileSync(join(ROOT, 'deploy', 'keycloak', 'nova-realm.json'), join(importDir, 'nova-realm.json'));
  return spawn(
    join(home, 'bin', 'kc.sh'),
    [
      'start-dev',
      `--http-port=${port}`,
      '--http-host=127.0.0.1',
      `--hostname=http://localhost:${port}`,
      `--http-management-port=${managementPort}`,
      '--db=dev-mem',
      '--import-realm',
      '--cache=local',
    ],
    {
      cwd: home,
      stdio,
      detached: false,
      env: {
        ...process.env,
        ...realmEnv,
        KC_BOOTSTRAP_ADMIN_USERNAME: admin.username,
        KC_BOOTSTRAP_ADMIN_PASSWORD: admin.password,
      },
    },
  );
}
