/**
 * A Redis restart must not sign everyone out (the audit: a restart without
 * persistence lost 10 of 10 sessions). docker-compose.yml runs Redis with the append-only file on a
 * volume; this test starts a real redis-server with exactly the arguments of docker-compose.yml,
 * creates 10 sessions, restarts it on the same data directory and counts the survivors. The same
 * with persistence off loses them all, so the test can fail.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { EncryptedSessionStore, tokenEncryptionKey } from '../src/session/encrypted-store';
import { RedisSessionStore } from '../src/session/redis-store';
import type { SessionRecord } from '../src/session/types';
import { reportFigure } from './figures';
import { freePort } from './ports';

const compose = readFileSync(new URL('../../../docker-compose.yml', import.meta.url), 'utf8');

/** The redis service's `command:` of docker-compose.yml, without the program name. */
function composeRedisArguments(): string[] {
  const service = /\n {2}redis:\n([\s\S]*?)\n {2}\S/.exec(compose)?.[1] ?? '';
  const command = /command:\s*\[([^\]]*)\]/.exec(service)?.[1] ?? '';
  const args = [...command.matchAll(/'([^']*)'/g)].map((m) => m[1] ?? '');
  expect(args[0]).toBe('redis-server');
  expect(service).toMatch(/volumes:\s*\n\s*- redis-data:\/data/);
  return args.slice(1);
}

const binary = ['/usr/bin/redis-server', '/usr/local/bin/redis-server', '/usr/sbin/redis-server'].find((p) =>
  existsSync(p),
);

async function startRedis(args: string[], dir: string, port: number): Promise<ChildProcess> {
  if (!binary) throw new Error('redis-server fehlt. Installieren mit: sudo apt-get install -y redis-server');
  const child = spawn(binary, [...args, '--port', String(port), '--bind', '127.0.0.1', '--dir', dir], {
    stdio: 'ignore',
  });
  const deadline = Date.now() + 10_000;
  for (;;) {
    const probe = new Redis(port, '127.0.0.1', {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    probe.on('error', () => undefined); // refused while starting: retried below
    try {
      await probe.connect();
      // Ready means loaded: a restarted server refuses commands (LOADING) until its data is back.
      await probe.ping();
      probe.disconnect();
      return child;
    } catch {
      // not yet
    }
    probe.disconnect();
    if (Date.now() > deadline) throw new Error('redis-server did not start');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function stopRedis(port: number, child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const client = new Redis(port, '127.0.0.1', { maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on('error', () => undefined); // the connection ends with the server
  // SHUTDOWN as `docker compose restart` does (SIGTERM): Redis flushes what its configuration keeps.
  await client.call('SHUTDOWN').catch(() => undefined);
  client.disconnect();
  await exited;
}

const record = (i: number): SessionRecord => ({
  userId: `user-${i}`,
  sid: `sid-${i}`,
  displayName: `Spieler ${i}`,
  createdAt: Date.now(),
  lastSeenAt: Date.now(),
  auth: {
    accessToken: `access-${i}`,
    refreshToken: `refresh-${i}`,
    idToken: null,
    accessTokenExpiresAt: Date.now() + 60_000,
    username: `spieler${i}`,
    roles: [],
  },
});

async function sessionsSurvivingRestart(args: string[]): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'nova-redis-persist-'));
  const port = await freePort();
  const key = tokenEncryptionKey('redis-persistence-test-secret-0123456789');
  try {
    let child = await startRedis(args, dir, port);
    const connected = async () => {
      const redis = new RedisSessionStore(`redis://127.0.0.1:${port}`);
      await redis.ready(); // commands never queue while Redis is away (decision 054)
      return new EncryptedSessionStore(redis, key);
    };
    let store = await connected();
    for (let i = 0; i < 10; i++) await store.create(`k${i}`, record(i), 3_600_000);
    await store.close();
    await stopRedis(port, child);

    child = await startRedis(args, dir, port);
    store = await connected();
    let surviving = 0;
    for (let i = 0; i < 10; i++)
      if ((await store.get(`k${i}`))?.auth.accessToken === `access-${i}`) surviving++;
    await store.close();
    await stopRedis(port, child);
    return surviving;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('Redis as docker-compose.yml runs it', () => {
  it('keeps 10 of 10 sessions across a restart', async () => {
    const args = composeRedisArguments();
    expect(args).toEqual(expect.arrayContaining(['--appendonly', 'yes']));
    const surviving = await sessionsSurvivingRestart(args);
    reportFigure(`Redis restart with the docker-compose configuration: ${surviving} of 10 sessions kept`);
    expect(surviving).toBe(10);
  });

  it('without persistence the same restart loses them (the audit’s finding)', async () => {
    const surviving = await sessionsSurvivingRestart(['--appendonly', 'no', '--save', '']);
    reportFigure(`Redis restart without persistence: ${surviving} of 10 sessions kept`);
    expect(surviving).toBe(0);
  });
});
