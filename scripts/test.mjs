// The one test command (README, CI): system dependencies, lint, format, types, unit and integration
// tests, build, end-to-end tests in Debian's Chromium. `--only unit|e2e` runs a part.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { ROOT } from './lib/processes.mjs';

const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
const timings = [];

function run(label, command, args, env = {}) {
  const started = Date.now();
  console.log(`\n▶ ${label}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = (Date.now() - started) / 1000;
  timings.push([label, seconds]);
  if (result.status !== 0) {
    console.error(`\n✖ ${label} fehlgeschlagen (${seconds.toFixed(1)} s)`);
    process.exit(result.status ?? 1);
  }
}

/** Chromium and redis-server from Debian; installed when missing and we may, else the exact command. */
function ensureSystemPackages() {
  const missing = [];
  if (!existsSync('/usr/bin/chromium')) missing.push('chromium');
  if (!['/usr/bin/redis-server', '/usr/local/bin/redis-server'].some((p) => existsSync(p)))
    missing.push('redis-server');
  if (missing.length === 0) return;
  const command = `apt-get update && apt-get install -y ${missing.join(' ')}`;
  if (process.getuid?.() !== 0) {
    console.error(
      `Es fehlen Systempakete: ${missing.join(', ')}.\nBitte installieren mit:\n  sudo ${command}`,
    );
    process.exit(1);
  }
  console.log(`Installiere fehlende Systempakete: ${missing.join(', ')}`);
  run('Systempakete', 'bash', ['-c', command], { DEBIAN_FRONTEND: 'noninteractive' });
}

ensureSystemPackages();
if (!only || only === 'unit') {
  run('Lint', 'pnpm', ['exec', 'eslint', '.', '--max-warnings', '0']);
  run('Format', 'pnpm', ['exec', 'prettier', '--check', '.', '--log-level', 'warn']);
  run('Typen', 'pnpm', ['typecheck']);
  run('Unit- und Integrationstests', 'pnpm', ['exec', 'vitest', 'run']);
}
if (!only || only === 'e2e') {
  run('Build', 'pnpm', ['-r', '--workspace-concurrency=1', 'build']);
  run('End-to-End-Tests (Chromium)', 'pnpm', ['exec', 'playwright', 'test']);
}

console.log('\nZeiten:');
for (const [label, seconds] of timings) console.log(`  ${label.padEnd(30)} ${seconds.toFixed(1)} s`);
