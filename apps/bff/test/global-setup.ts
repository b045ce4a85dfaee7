/**
 * Starts a real redis-server for the Redis tests (architecture §7) unless REDIS_TEST_URL names one.
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
 * The machine's PostgreSQL (127.0.0.1:5432, trust auth) with a database of this run's own: created
 * fresh and migrated once here (so parallel test files never migrate concurrently), dropped in
 * teardown. A fresh one per run means a database left behind by another checkout or branch (other
 * migrations, other rows) never decides the result. TEST_DATABASE_URL names another one, used as is.
 */
let ownDatabase: { admin: string; name: string } | undefined;

async function adminQuery(adminUrl: string, text: string): Promise<string[]> {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL für die Tests nicht erreichbar (${new URL(adminUrl).host}). Starten oder TEST_DATABASE_URL setzen.`,
      { cause: error },
    );
  }
  try {
    const result = await admin.query<{ name: string }>(text);
    return result.rows.map((row) => row.name);
  } finally {
    await admin.end();
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function prepareDatabase(): Promise<string> {
  let url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const name = `nova_test_${process.pid}_${Date.now().toString(36)}`;
    const admin = 'postgres://postgres@127.0.0.1:5432/postgres';
    // Databases of runs that were killed before their teardown: their process is gone.
    const left = await adminQuery(
      admin,
      "select datname as name from pg_database where datname like 'nova\\_test\\_%'",
    );
    for (const old of left) {
      const pid = Number(old.split('_')[2]);
      if (Number.isInteger(pid) && !alive(pid))
        await adminQuery(admin, `drop database if exists "${old}" with (force)`);
    }
    await adminQuery(admin, `create database "${name}"`);
    ownDatabase = { admin, name };
    url = `postgres://postgres@127.0.0.1:5432/${name}`;
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

export async function teardown(): Promise<void> {
  child?.kill('SIGTERM');
  if (dir) rmSync(dir, { recursive: true, force: true });
  if (ownDatabase)
    await adminQuery(ownDatabase.admin, `drop database if exists "${ownDatabase.name}" with (force)`);
}
