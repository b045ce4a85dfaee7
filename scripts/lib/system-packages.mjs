// Debian packages the scripts need (Chromium, redis-server, Prometheus with promtool, and for
// Keycloak a JDK, Maven and unzip):
// installed with apt when missing and we run as root, else the exact command in German.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { CHROMIUM_PATH } from './chromium.mjs';

/** `chromium` when Debian's Chromium is not where everything here launches it. */
export const missingChromium = () => (existsSync(CHROMIUM_PATH) ? [] : ['chromium']);

/** `prometheus` (the server and promtool) when Debian's is not installed: the metrics tests use both. */
export const missingPrometheus = () =>
  existsSync('/usr/bin/prometheus') && existsSync('/usr/bin/promtool') ? [] : ['prometheus'];

/** Installs `missing` with apt (as root), or ends the process with the command to run. */
export function installDebianPackages(missing) {
  if (missing.length === 0) return;
  const command = `apt-get update && apt-get install -y ${missing.join(' ')}`;
  if (process.getuid?.() !== 0) {
    console.error(
      `Es fehlen Systempakete: ${missing.join(', ')}.\nBitte installieren mit:\n  sudo ${command}`,
    );
    process.exit(1);
  }
  console.log(`Installiere fehlende Systempakete: ${missing.join(', ')}`);
  const result = spawnSync('bash', ['-c', command], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.status !== 0) {
    console.error(`✖ Systempakete konnten nicht installiert werden (${command})`);
    process.exit(result.status ?? 1);
  }
}
