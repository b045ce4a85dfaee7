// The one test command (README, CI): system dependencies, lint, format, types, the alert rules
// (promtool), unit and integration tests, build, end-to-end tests in Debian's Chromium against
// dev-idp, then the sign-in end-to-end tests against the real Keycloak 26 (fetched with Maven,
// cached), and the cluster test (three BFF processes behind HAProxy). `--only
// unit|e2e|keycloak|cluster` runs a part.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { ensureKeycloak, KEYCLOAK_VERSION, missingKeycloakPackages } from './lib/keycloak.mjs';
import { ROOT, buildMissing } from './lib/processes.mjs';
import { installDebianPackages, missingChromium, missingPrometheus } from './lib/system-packages.mjs';

const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
const timings = [];

/** The machine's load average (1 min) as it stands, to read a stage's time by (decision 095). */
const load = () => loadavg()[0].toFixed(1);

function run(label, command, args, env = {}) {
  const started = Date.now();
  const loadBefore = load();
  console.log(`\n▶ ${label}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = (Date.now() - started) / 1000;
  timings.push([label, seconds, `${loadBefore} → ${load()}`]);
  if (result.status !== 0) {
    console.error(`\n✖ ${label} fehlgeschlagen (${seconds.toFixed(1)} s)`);
    printTimings();
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${label} (${seconds.toFixed(1)} s)`);
}

/**
 * Stages that need nothing of each other, side by side (decision 107): each one's output is kept and
 * printed whole when it ends, so the lines of two stages never mix. On two cores the checks take
 * about half their sum. Every stage runs to its end; then the run stops if one failed.
 */
async function runTogether(stages) {
  const started = Date.now();
  const loadBefore = load();
  console.log(`\n▶ gleichzeitig: ${stages.map((stage) => stage.label).join(', ')}`);
  const results = await Promise.all(
    stages.map(
      ({ label, command, args }) =>
        new Promise((resolve) => {
          const stageStarted = Date.now();
          const output = [];
          const child = spawn(command, args, {
            cwd: ROOT,
            env: process.env,
            stdio: ['ignore', 'pipe', 'pipe'],
          });
          child.stdout.on('data', (chunk) => output.push(chunk));
          child.stderr.on('data', (chunk) => output.push(chunk));
          child.on('error', (error) => output.push(Buffer.from(`${String(error)}\n`)));
          child.on('close', (code) => {
            const seconds = (Date.now() - stageStarted) / 1000;
            const text = Buffer.concat(output).toString();
            console.log(`\n▶ ${label}: ${command} ${args.join(' ')}`);
            if (text.trim()) process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
            const ok = code === 0;
            console.log(
              ok
                ? `✔ ${label} (${seconds.toFixed(1)} s)`
                : `✖ ${label} fehlgeschlagen (${seconds.toFixed(1)} s)`,
            );
            timings.push([`${label} ∥`, seconds]);
            resolve({ label, ok, code });
          });
        }),
    ),
  );
  const seconds = (Date.now() - started) / 1000;
  timings.push(['Prüfungen gleichzeitig (Wandzeit)', seconds, `${loadBefore} → ${load()}`]);
  const failed = results.filter((result) => !result.ok);
  if (failed.length > 0) {
    console.error(`\n✖ fehlgeschlagen: ${failed.map((result) => result.label).join(', ')}`);
    printTimings();
    process.exit(failed[0].code || 1);
  }
  console.log(`✔ Prüfungen gleichzeitig (${seconds.toFixed(1)} s)`);
}

/**
 * Keycloak fetched in a process of its own while the other stages run (Maven and unzip wait mostly
 * on the network and the disk); the Keycloak stage waits for it and then checks as before.
 */
function prefetchKeycloak() {
  const child = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      "import('./scripts/lib/keycloak.mjs').then((m) => m.ensureKeycloak(() => {}))",
    ],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'ignore'] },
  );
  return new Promise((resolve) => {
    child.on('error', () => resolve());
    child.on('close', () => resolve());
  });
}

/**
 * Every stage's time so far, also after a failure: a slow stage shows before the suite is green. The
 * load average before and after each stage tells a slow machine from a slow stage.
 */
function printTimings() {
  console.log('\nZeiten (mit der Systemlast vor → nach jeder Stufe):');
  for (const [label, seconds, loads] of timings)
    console.log(`  ${label.padEnd(30)} ${seconds.toFixed(1).padStart(7)} s${loads ? `  Last ${loads}` : ''}`);
}

/** Chromium, redis-server, HAProxy and Prometheus from Debian, and for Keycloak a JDK, Maven and unzip. */
function ensureSystemPackages() {
  const missing = only === 'cluster' ? [] : [...missingChromium()];
  if (!only || only === 'unit') missing.push(...missingPrometheus());
  if (!only || only === 'keycloak') missing.push(...missingKeycloakPackages());
  if (!['/usr/bin/redis-server', '/usr/local/bin/redis-server'].some((p) => existsSync(p)))
    missing.push('redis-server');
  if ((!only || only === 'cluster') && !existsSync('/usr/sbin/haproxy')) missing.push('haproxy');
  installDebianPackages(missing);
}

ensureSystemPackages();
const keycloakFetched = !only || only === 'keycloak' ? prefetchKeycloak() : Promise.resolve();
if (!only || only === 'unit') {
  await runTogether([
    { label: 'Lint', command: 'pnpm', args: ['exec', 'eslint', '.', '--max-warnings', '0'] },
    { label: 'Importregeln', command: 'pnpm', args: ['lint:imports'] },
    { label: 'Format', command: 'pnpm', args: ['exec', 'prettier', '--check', '.', '--log-level', 'warn'] },
    { label: 'Typen', command: 'pnpm', args: ['typecheck'] },
    {
      label: 'Kubernetes-Manifeste (gerendert, gegen Schemas geprüft)',
      command: 'node',
      args: ['scripts/kubernetes.mjs'],
    },
    { label: 'Alarmregeln', command: 'promtool', args: ['check', 'rules', 'deploy/prometheus/alerts.yml'] },
    {
      label: 'Alarmregeln (Tests)',
      command: 'promtool',
      args: ['test', 'rules', 'deploy/prometheus/alerts.test.yml'],
    },
  ]);
  // Three workers on two cores (decision 107): many test files wait on their child processes,
  // PostgreSQL or a timer, and the processor idles meanwhile with one worker per core.
  run('Unit- und Integrationstests', 'pnpm', ['exec', 'vitest', 'run', '--maxWorkers=3']);
}
if (!only || only === 'e2e') {
  run('Build', 'pnpm', ['-r', '--workspace-concurrency=1', 'build']);
  run('End-to-End-Tests (Chromium)', 'pnpm', ['exec', 'playwright', 'test']);
}
if (!only || only === 'keycloak') {
  if (only) run('Build', 'pnpm', ['-r', '--workspace-concurrency=1', 'build']);
  const started = Date.now();
  await keycloakFetched;
  try {
    ensureKeycloak();
  } catch (error) {
    console.error(
      `\n✖ Keycloak ${KEYCLOAK_VERSION}: ${error instanceof Error ? error.message : String(error)}`,
    );
    printTimings();
    process.exit(1);
  }
  timings.push([`Keycloak ${KEYCLOAK_VERSION} bereitstellen`, (Date.now() - started) / 1000]);
  run(`End-to-End-Tests mit Keycloak ${KEYCLOAK_VERSION}`, 'pnpm', [
    'exec',
    'playwright',
    'test',
    '-c',
    'playwright.keycloak.config.ts',
  ]);
}

if (!only || only === 'cluster') {
  // The instances run the built server, as production does (decision 078).
  buildMissing(['bff']);
  run('Verbund hinter HAProxy (drei BFF-Instanzen)', 'pnpm', [
    '--filter',
    '@nova/bff',
    'exec',
    'vitest',
    'run',
    '-c',
    'vitest.cluster.config.ts',
  ]);
}

printTimings();
