// Small helpers to build, start and stop the parts of the stack (used by start, test and bench).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));

/** The packages an app's build depends on (workspace packages export TypeScript source). */
const SHARED = ['packages/domain', 'packages/contracts', 'packages/demo'];

export const APPS = {
  web: {
    dir: 'apps/web',
    output: 'apps/web/dist/index.html',
    inputs: ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/bff/src'],
  },
  bff: { dir: 'apps/bff', output: 'apps/bff/dist/server.js', inputs: ['apps/bff/src'] },
  'game-api-sim': {
    dir: 'apps/game-api-sim',
    output: 'apps/game-api-sim/dist/server.js',
    inputs: ['apps/game-api-sim/src'],
  },
  'dev-idp': { dir: 'apps/dev-idp', output: 'apps/dev-idp/dist/server.js', inputs: ['apps/dev-idp/src'] },
  'discord-sim': {
    dir: 'apps/discord-sim',
    output: 'apps/discord-sim/dist/server.js',
    inputs: ['apps/discord-sim/src'],
  },
};

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    max = Math.max(max, newest(join(path, entry)));
  }
  return max;
}

/** True when the app's build output is missing or older than its sources. */
export function isStale(name) {
  const app = APPS[name];
  const output = join(ROOT, app.output);
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return [...app.inputs, ...SHARED.map((p) => `${p}/src`)].some((input) => newest(join(ROOT, input)) > built);
}

export function build(name) {
  const started = Date.now();
  const result = spawnSync('pnpm', ['--filter', `@nova/${name}`, 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`build of ${name} failed`);
  return Date.now() - started;
}

export function buildMissing(names, log = console.log) {
  for (const name of names) {
    if (isStale(name)) {
      log(`• baue ${name} …`);
      const ms = build(name);
      log(`  ${name} gebaut in ${(ms / 1000).toFixed(1)} s`);
    }
  }
}

export async function isPortFree(port, host = '127.0.0.1') {
  return new Promise((resolvePort) => {
    const server = createServer();
    server.once('error', () => resolvePort(false));
    server.listen(port, host, () => server.close(() => resolvePort(true)));
  });
}

export async function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

/**
 * Starts `node <script>` with env; output prefixed with the part's name. `ipc`: with a channel, for
 * a part that reports its start's progress (scripts/lib/start-wait.mjs).
 */
export function startNode(name, script, env, { quiet = false, ipc = false } = {}) {
  const child = spawn(process.execPath, [script], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe', ...(ipc ? ['ipc'] : [])],
  });
  const prefix = (stream, target) => {
    let buffer = '';
    stream.on('data', (chunk) => {
      buffer += chunk.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      if (!quiet) for (const line of lines) target.write(`[${name}] ${line}\n`);
    });
  };
  prefix(child.stdout, process.stdout);
  prefix(child.stderr, process.stderr);
  return child;
}

/** Polls a URL until it answers 2xx, or fails after the timeout. */
export async function waitForHttp(url, { timeoutMs = 30_000, child } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child && child.exitCode !== null)
      throw new Error(`${url}: process exited with code ${child.exitCode}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export function stopAll(children) {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
}
