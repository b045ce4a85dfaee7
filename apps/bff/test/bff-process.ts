/** The real server (src/server.ts) as a process of its own, so that a test can kill it. */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const BFF_DIR = fileURLToPath(new URL('..', import.meta.url));

/** Starts it on `url` with `env` over the test defaults and resolves once /healthz answers. */
export async function startBffProcess(url: string, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: BFF_DIR,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      HOST: 'localhost',
      PORT: new URL(url).port,
      PUBLIC_URL: url,
      WEB_DIST_DIR: '/nonexistent-web-dist',
      LOG_LEVEL: 'error',
      ...env,
    },
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`BFF at ${url} exited: ${stderr}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return child;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`BFF at ${url} did not start: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
