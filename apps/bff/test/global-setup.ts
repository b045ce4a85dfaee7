/**
 * Starts a real redis-server for the Redis tests (ARCHITECTURE §7) unless REDIS_TEST_URL names one.
 * Without the binary the run stops with the command that installs it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from './ports';

declare module 'vitest' {
  export interface ProvidedContext {
    redisUrl: string;
  }
}

function findRedis(): string | null {
  for (const candidate of [
    '/usr/bin/redis-server',
    '/usr/local/bin/redis-server',
    '/usr/sbin/redis-server',
  ]) {
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

let child: ChildProcess | undefined;
let dir: string | undefined;

export async function setup(project: TestProject): Promise<void> {
  const given = process.env.REDIS_TEST_URL;
  if (given) {
    project.provide('redisUrl', given);
    return;
  }
  const binary = findRedis();
  if (!binary) throw new Error('redis-server fehlt. Installieren mit: sudo apt-get install -y redis-server');
  const port = await freePort();
  dir = mkdtempSync(join(tmpdir(), 'nova-redis-'));
  child = spawn(
    binary,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    {
      stdio: 'ignore',
    },
  );
  const url = `redis://127.0.0.1:${port}`;
  // Wait until it accepts connections.
  const { Redis } = await import('ioredis');
  const deadline = Date.now() + 10_000;
  for (;;) {
    const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    try {
      await probe.connect();
      await probe.ping();
      probe.disconnect();
      break;
    } catch (error) {
      probe.disconnect();
      if (Date.now() > deadline) throw new Error('redis-server did not start', { cause: error });
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  project.provide('redisUrl', url);
}

export function teardown(): void {
  child?.kill('SIGTERM');
  if (dir) rmSync(dir, { recursive: true, force: true });
}
