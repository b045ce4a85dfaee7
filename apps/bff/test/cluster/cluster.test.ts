/**
 * Scale-out on real parts (decision 078): three BFF processes behind Debian's HAProxy, on the
 * machine's PostgreSQL (this run's own database) and a redis-server of the run's own, with dev-idp and
 * game-api-sim as in the end-to-end stack. A load driver in a process of its own keeps signed-in
 * players reading and admins creating while the test
 * 1. restarts all three, one after the other, with SIGTERM (0 failed requests);
 * 2. kills one with SIGKILL (0 sessions lost; afterwards every row in the game API has its audit
 *    record and no create happened twice);
 * 3. starts one while its database is away (it stays out of rotation) and brings the database back
 *    (it joins and serves).
 * Every wait is on a state: a process's exit, HAProxy's view of a server, the driver's answer.
 * The instances run the built server (apps/bff/dist/server.js) with NODE_ENV=production, as
 * production does: `pnpm test:cluster` builds it first.
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTcpProxy, type TcpProxy } from '../database-proxy';
import { reportFigure } from '../figures';
import { sharedTestDatabase } from '../helpers';
import { freePort } from '../ports';
import { startStack, TEST_SESSION_SECRET, type Stack } from '../stack';
import type { Create, DriverAnswer, DriverCommand, Report } from './load-driver';
import { startHaproxy, type Haproxy } from './haproxy';

const BFF_DIR = fileURLToPath(new URL('../..', import.meta.url));
const SERVERS = ['bff1', 'bff2', 'bff3'] as const;
const RUN = randomUUID().slice(0, 8);

/** The balancer's checks mark a draining instance down within 2 × 200 ms; the drain allows for much more. */
const DRAIN_MS = '3000';

/** What production requires of the site's operator (the imprint), here made up. */
const OPERATOR = {
  OPERATOR_NAME: 'Verbundprobe e. V.',
  OPERATOR_REPRESENTATIVE: 'Erika Mustermann',
  OPERATOR_STREET: 'Probeweg 1',
  OPERATOR_POSTAL_CODE: '12345',
  OPERATOR_CITY: 'Musterstadt',
  OPERATOR_EMAIL: 'verbund@example.org',
};

interface Instance {
  port: number;
  child: ChildProcess;
  /** Its log (JSON lines at warn and above) and anything else it wrote. */
  output: string;
}

describe('cluster: three BFF instances behind HAProxy under load', () => {
  let stack: Stack;
  let haproxy: Haproxy;
  let driver: ChildProcess;
  let databaseProxy: TcpProxy;
  let publicUrl: string;
  const instances: Instance[] = [];
  const answers: DriverAnswer[] = [];
  const waiters: ((answer: DriverAnswer) => void)[] = [];

  /** Starts instance `index` (not waiting for it); `databaseUrl` overrides the run's database. */
  function start(index: number, databaseUrl = inject('databaseUrl')): Instance {
    const port = instances[index]?.port ?? 0;
    const child = spawn(process.execPath, ['dist/server.js'], {
      cwd: BFF_DIR,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: publicUrl,
        TRUST_PROXY: '1',
        WEB_DIST_DIR: '/nonexistent-web-dist',
        LOG_LEVEL: 'warn',
        OIDC_ISSUER: stack.idp.issuer,
        GAME_API_URL: stack.gameApiUrl,
        REDIS_URL: inject('redisUrl'),
        SESSION_SECRET: TEST_SESSION_SECRET,
        OIDC_CLIENT_SECRET: 'nova-web-dev-secret',
        ...OPERATOR,
        DATABASE_URL: databaseUrl,
        SHUTDOWN_DRAIN_MS: DRAIN_MS,
        RATE_LIMIT_TRPC_PER_CLIENT: '10000000',
        RATE_LIMIT_TRPC_PER_USER: '10000000',
        RATE_LIMIT_AUTH_PER_CLIENT: '100000',
        RATE_LIMIT_NAMESPACE: `nova-cluster:${RUN}:`,
        IDEMPOTENCY_NAMESPACE: `nova-cluster-idem:${RUN}:`,
      },
    });
    const instance: Instance = { port, child, output: '' };
    for (const stream of [child.stdout, child.stderr])
      stream.on('data', (chunk: Buffer) => (instance.output += chunk.toString()));
    instances[index] = instance;
    return instance;
  }

  const exited = (instance: Instance) =>
    instance.child.exitCode !== null || instance.child.signalCode !== null
      ? Promise.resolve(instance.child.exitCode)
      : new Promise<number | null>((resolve) => instance.child.once('exit', (code) => resolve(code)));

  /** Sends a command and resolves with the driver's next answer. */
  function command(message: DriverCommand): Promise<DriverAnswer> {
    const answer = new Promise<DriverAnswer>((resolve) => waiters.push(resolve));
    driver.send(message);
    return answer;
  }
  const report = async () => (await command({ type: 'report' })) as Report;

  const nothingSeen = (): Report => ({
    type: 'report',
    reads: 0,
    writes: 0,
    failures: [],
    servedBy: {},
    signedOut: 0,
  });

  /**
   * Until the driver has counted `count` requests served by `server` since the last report; what it
   * counted meanwhile is added to `seen` (failures of every report kept, the last sign-in count).
   */
  async function servedBy(server: string, count: number, seen = nothingSeen()): Promise<Report> {
    const before = seen.servedBy[server] ?? 0;
    for (;;) {
      const next = await report();
      seen.reads += next.reads;
      seen.writes += next.writes;
      seen.failures.push(...next.failures);
      seen.signedOut = Math.max(seen.signedOut, next.signedOut);
      for (const [name, n] of Object.entries(next.servedBy))
        seen.servedBy[name] = (seen.servedBy[name] ?? 0) + n;
      if ((seen.servedBy[server] ?? 0) - before >= count) return seen;
    }
  }

  beforeAll(async () => {
    if (!existsSync(`${BFF_DIR}/dist/server.js`))
      throw new Error('apps/bff/dist/server.js fehlt: erst bauen (pnpm test:cluster tut das).');
    // The stack's one "BFF address" is the balancer's: the identity provider sends sign-ins back there.
    stack = await startStack({ bffCount: 1 });
    publicUrl = stack.bffUrls[0] ?? '';
    const ports = await Promise.all(SERVERS.map(() => freePort()));
    for (const [i, port] of ports.entries()) instances[i] = { port, child: undefined as never, output: '' };
    for (const i of ports.keys()) start(i);
    haproxy = startHaproxy(Number(new URL(publicUrl).port), ports);
    await haproxy.waitFor({ bff1: 'UP', bff2: 'UP', bff3: 'UP' });
    // HAProxy starts a server as up before its first check: each answers /readyz itself too.
    for (const port of ports) {
      for (;;) {
        const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
          (r) => r.ok,
          () => false,
        );
        if (ready) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    driver = fork(fileURLToPath(new URL('./load-driver.ts', import.meta.url)), {
      cwd: BFF_DIR,
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    driver.on('message', (answer: DriverAnswer) => {
      answers.push(answer);
      waiters.shift()?.(answer);
    });
    const ready = await command({
      type: 'start',
      url: publicUrl,
      players: ['spieler', 'beta', 'spieler', 'beta', 'spieler', 'beta'],
      admins: ['admin', 'admin'],
      runId: RUN,
    });
    expect(ready.type).toBe('ready');
    await report(); // the counts start here
  }, 180_000);

  // What beforeAll could not start is not there to stop.
  afterAll(async () => {
    (driver as ChildProcess | undefined)?.kill('SIGKILL');
    for (const { child } of instances) (child as ChildProcess | undefined)?.kill('SIGKILL');
    await (haproxy as Haproxy | undefined)?.close();
    await (databaseProxy as TcpProxy | undefined)?.close();
    await (stack as Stack | undefined)?.close();
  });

  it('a rolling restart of all three (SIGTERM: drain, stop accepting, finish, exit): 0 failed requests', async () => {
    // Everything the driver counts from here to the end of the restarts.
    const seen = nothingSeen();
    for (const [i, server] of SERVERS.entries()) {
      const instance = instances[i] as Instance;
      instance.child.kill('SIGTERM');
      expect(await exited(instance), instance.output).toBe(0);
      await haproxy.waitFor({ [server]: 'DOWN' });
      start(i);
      await haproxy.waitFor({ [server]: 'UP' });
      // The new process serves before the next one goes.
      await servedBy(server, 5, seen);
    }
    expect(seen.failures).toEqual([]);
    expect(seen.signedOut).toBe(0);
    expect(seen.reads).toBeGreaterThan(0);
    expect(seen.writes).toBeGreaterThan(0);
    reportFigure(
      `cluster, rolling restart of three instances under load: ${seen.reads} reads and ${seen.writes} creates, ${seen.failures.length} failed, ${seen.signedOut} sessions signed out`,
    );
  }, 240_000);

  it('an instance started while its database is away stays out, and joins when the database is back', async () => {
    databaseProxy = await startTcpProxy({ host: '127.0.0.1', port: 5432 });
    databaseProxy.cut();
    const viaProxy = new URL(inject('databaseUrl'));
    viaProxy.port = String(databaseProxy.port);
    const third = instances[2] as Instance;
    third.child.kill('SIGTERM');
    expect(await exited(third), third.output).toBe(0);
    await haproxy.waitFor({ bff3: 'DOWN' });
    const restarted = start(2, viaProxy.href);
    // It tries the database again and again (its log says so) and does not listen meanwhile.
    while (!restarted.output.includes('database not reachable at start-up')) {
      if (restarted.child.exitCode !== null) throw new Error(`exited: ${restarted.output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((await haproxy.states()).bff3).toMatch(/^DOWN/);
    databaseProxy.restore();
    await haproxy.waitFor({ bff3: 'UP' });
    // It serves, and the load went on meanwhile without a failure.
    const seen = await servedBy('bff3', 5);
    expect(seen.failures).toEqual([]);
  }, 240_000);

  it('kill -9 of one: 0 sessions lost, every created row has its audit record, no create twice', async () => {
    await report();
    const killed = instances[1] as Instance;
    killed.child.kill('SIGKILL');
    await exited(killed);
    await haproxy.waitFor({ bff2: 'DOWN' });
    // The others keep serving every player and admin.
    const after = await servedBy('bff1', 20);
    expect(after.signedOut).toBe(0);
    start(1);
    await haproxy.waitFor({ bff2: 'UP' });
    await servedBy('bff2', 5);

    const finished = await command({ type: 'finish' });
    if (finished.type !== 'finished') throw new Error('no answer from the load driver');
    const creates: Create[] = finished.creates;
    expect(creates.length).toBeGreaterThan(0);
    const ours = finished.rows.filter((row) => row.name.startsWith(`Verbund ${RUN} `));
    // No create twice: every name at most once in the game API.
    const names = ours.map((row) => row.name);
    expect(names.length).toBe(new Set(names).size);
    // Every create that answered 200 is there.
    const there = new Set(names);
    expect(creates.filter((c) => c.status === 200 && !there.has(c.name))).toEqual([]);
    // No write without a record: each of our rows has the audit record of its create (an intent
    // names what it sent even when the instance died before it learnt the row's id).
    const db = await sharedTestDatabase().open();
    const records = await db
      .selectFrom('audit_log')
      .select(sql<string>`sent->>'name'`.as('name'))
      .where('action', '=', 'catalogue.achievements.create')
      .where(sql<string>`sent->>'name'`, 'like', `Verbund ${RUN} %`)
      .execute();
    const recorded = new Set(records.map((r) => r.name));
    expect(ours.filter((row) => !recorded.has(row.name))).toEqual([]);
    reportFigure(
      `cluster, one of three killed (SIGKILL) under load: ${after.signedOut} sessions lost, ${after.failures.length} requests failed (in flight at the killed instance), ${creates.length} creates, ${ours.length} rows, 0 without a record`,
    );
  }, 240_000);
});
