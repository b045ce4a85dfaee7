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
    databaseUrl: string;
  }
}

/**
 * The machine's PostgreSQL (127.0.0.1:5432, trust auth) with a database of the tests' own, created
 * and migrated once here so that parallel test files never migrate concurrently. TEST_DATABASE_URL
 * names another one.
 */
async function prepareDatabase(): Promise<string> {
  const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/nova_audit_test';
  const { default: pg } = await import('pg');
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({
    connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).href,
  });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL für die Tests nicht erreichbar (${new URL(url).host}). Starten oder TEST_DATABASE_URL setzen.`,
      { cause: error },
    );
  }
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await admin.query(`create database "${name.replaceAll('"', '""')}"`);
  } finally {
    await admin.end();
  }
  const { createDatabase } = await import('../src/db/database');
  const database = createDatabase({ kind: 'postgres', url });
  await database.open();
  await database.close();
  return url;
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
  project.provide('databaseUrl', await prepareDatabase());
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
