/**
 * The start's progress (decision 072): the phases the BFF reports to whoever waits for it, from the
 * reporter alone and from the real server on a fresh embedded database and on the same one again.
 * The first start's duration is measured and printed, not asserted.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { startProgress, type StartMessage } from '../src/start-progress';
import { reportFigure } from './figures';
import { freePort } from './ports';

describe('startProgress', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reports the phase at once, then every second while it lasts, and stops with ready', () => {
    vi.useFakeTimers();
    const sent: StartMessage[] = [];
    const release = vi.fn();
    const lines: string[] = [];
    const progress = startProgress({ send: (message) => sent.push(message), release, now: Date.now });
    expect(sent.map((m) => m.phase)).toEqual(['loading']);
    progress.logTo({ info: (_object, message) => lines.push(message) });
    progress.phase('creating-database');
    vi.advanceTimersByTime(3000);
    expect(sent.map((m) => m.phase)).toEqual([
      'loading',
      'creating-database',
      'creating-database',
      'creating-database',
      'creating-database',
    ]);
    expect(sent.at(-1)).toMatchObject({ type: 'nova:start', startedMs: 3000, phaseMs: 3000 });
    progress.ready();
    vi.advanceTimersByTime(5000);
    expect(sent.map((m) => m.phase).at(-1)).toBe('ready');
    expect(sent).toHaveLength(6);
    expect(release).toHaveBeenCalledTimes(1);
    expect(lines).toEqual(['start: creating-database', 'start: ready']);
  });

  it('goes on when the parent is gone', () => {
    const progress = startProgress({
      send: () => {
        throw new Error('channel closed');
      },
    });
    expect(() => progress.phase('migrating')).not.toThrow();
    progress.ready();
  });
});

describe('the real server reports its start over IPC', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'nova-first-start-'));
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const child of children) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Starts src/server.ts with a channel on the embedded database in `dataDir`; resolves at `ready`. */
  async function start(): Promise<{ phases: string[]; ms: number }> {
    const url = `http://localhost:${await freePort()}`;
    const started = Date.now();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        HOST: 'localhost',
        PORT: new URL(url).port,
        PUBLIC_URL: url,
        WEB_DIST_DIR: '/nonexistent-web-dist',
        LOG_LEVEL: 'error',
        DATA_DIR: dataDir,
        // Neither is called while starting.
        OIDC_ISSUER: 'http://127.0.0.1:9/realms/nova',
        GAME_API_URL: 'http://127.0.0.1:9/',
      },
    });
    children.push(child);
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const phases: string[] = [];
    await new Promise<void>((resolve, reject) => {
      child.on('message', (message: StartMessage) => {
        if (phases.at(-1) !== message.phase) phases.push(message.phase);
        if (message.phase === 'ready') resolve();
      });
      child.once('exit', (code) => reject(new Error(`the BFF ended (${code}): ${stderr}`)));
    });
    const ms = Date.now() - started;
    expect((await fetch(`${url}/healthz`)).ok).toBe(true);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    return { phases, ms };
  }

  it('creates the embedded database on the first start and opens it on the next', async () => {
    const first = await start();
    expect(first.phases).toEqual(['loading', 'creating-database', 'migrating', 'listening', 'ready']);
    const second = await start();
    expect(second.phases).toEqual(['loading', 'opening-database', 'migrating', 'listening', 'ready']);
    reportFigure(
      `BFF start on the embedded database: first ${(first.ms / 1000).toFixed(1)} s, next ${(second.ms / 1000).toFixed(1)} s`,
    );
  }, 600_000);
});
