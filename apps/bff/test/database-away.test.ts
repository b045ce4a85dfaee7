/**
 * The BFF survives its database (decision 043), against the machine's PostgreSQL behind a
 * TCP proxy this test cuts, freezes and restores: a terminated connection never ends the process;
 * while the database is away public answers, sign-in state and game API reads keep working, every
 * audited write answers 503 in German without reaching the game API, /readyz names the database;
 * it comes back without a restart. A database role without INSERT on the audit log refuses writes.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase, type Database } from '../src/db/database';
import { HttpBrowser, signIn } from './http-browser';
import { startStack, type Bff, type Stack } from './stack';
import { startTcpProxy, type TcpProxy } from './database-proxy';
import { call, countingGameApi, query } from './trpc-http';

const TIMEOUTS = { connectMs: 1000, statementMs: 1000 };

async function asAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: inject('databaseUrl') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function withUrl(url: string, change: (url: URL) => void): string {
  const parsed = new URL(url);
  change(parsed);
  return parsed.href;
}

describe('the BFF while its database is away', () => {
  let stack: Stack;
  let proxy: TcpProxy;
  let database: Database;
  let bff: Bff;
  let admin: HttpBrowser;
  const gameApi = countingGameApi();
  const tag = `DB-weg ${Date.now()}`;

  const create = (name: string) =>
    call(admin, bff.url, 'catalogue.wantedReasons.create', {
      values: { reason_name: name, points: 1, is_static: 0 },
    });
  const names = async () =>
    JSON.stringify((await query(admin, bff.url, 'catalogue.wantedReasons.list')).body.result?.data);
  const ready = async () => (await fetch(`${bff.url}/readyz`)).status;

  beforeAll(async () => {
    stack = await startStack({ bffCount: 2 });
    proxy = await startTcpProxy({ host: '127.0.0.1', port: Number(new URL(inject('databaseUrl')).port) });
    const url = withUrl(inject('databaseUrl'), (u) => (u.port = String(proxy.port)));
    database = createDatabase({ kind: 'postgres', url }, { timeouts: TIMEOUTS });
    bff = await stack.startBff(0, { database, gameApiFetch: gameApi.fetch });
    admin = new HttpBrowser();
    await signIn(admin, bff.url, 'admin');
  });
  afterAll(async () => {
    await stack.close();
    await database.close();
    await proxy.close();
  });

  it('a terminated connection does not end the process; the next write reconnects', async () => {
    expect((await create(`${tag} vorher`)).status).toBe(200);
    // The pool's connections (through the proxy) end as in a restart or an idle cull.
    const terminate = () =>
      asAdmin(async (client) => {
        const ended = await client.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where client_port = any($1)',
          [proxy.upstreamPorts()],
        );
        return ended.rowCount ?? 0;
      });
    await expect.poll(terminate).toBeGreaterThan(0);
    expect((await fetch(`${bff.url}/healthz`)).status).toBe(200);
    expect((await create(`${tag} danach`)).status).toBe(200);
  });

  it('cut: public answers, sign-in state and reads work; writes 503 without the game API; /readyz 503', async () => {
    proxy.cut();
    const sent = gameApi.writes().length;
    try {
      expect((await fetch(`${bff.url}/healthz`)).status).toBe(200);
      const readiness = await fetch(`${bff.url}/readyz`);
      expect(readiness.status).toBe(503);
      expect(await readiness.json()).toMatchObject({ checks: { database: 'nicht erreichbar' } });
      const visitor = new HttpBrowser();
      expect((await query(visitor, bff.url, 'toplist.get')).status).toBe(200);
      expect((await query(visitor, bff.url, 'calendar.list')).status).toBe(200);
      expect((await fetch(`${bff.url}/public-config.json`)).status).toBe(200);
      const me = await query(admin, bff.url, 'session.me');
      expect(me.status).toBe(200);
      expect(me.body.result?.data).toMatchObject({ username: 'admin' });

      const refused = await create(`${tag} nie angelegt`);
      expect(refused.status).toBe(503);
      expect(refused.body.error?.message).toBe(
        'Die Aktion wurde nicht ausgeführt: das Protokoll (Audit-Log) ist gerade nicht erreichbar. Bitte versuche es später erneut.',
      );
      const group = await call(admin, bff.url, 'syncManager.groups.create', {
        values: { name: `${tag} Gruppe`, keycloakName: null, syncObjects: [] },
      });
      expect(group.status).toBe(503);
      expect(gameApi.writes()).toHaveLength(sent);
      expect(await names()).not.toContain(`${tag} nie angelegt`);
    } finally {
      proxy.restore();
    }
    await expect.poll(ready, { timeout: 10_000 }).toBe(200);
    expect((await create(`${tag} wieder da`)).status).toBe(200);
    expect(await names()).toContain(`${tag} wieder da`);
  });

  it('frozen: a write fails within 5 s, before the game API is called', async () => {
    proxy.freeze();
    const sent = gameApi.writes().length;
    try {
      const started = Date.now();
      const refused = await create(`${tag} eingefroren`);
      expect(refused.status).toBe(503);
      expect(Date.now() - started).toBeLessThanOrEqual(5000);
      expect(gameApi.writes()).toHaveLength(sent);
    } finally {
      proxy.restore();
    }
    await expect.poll(async () => (await create(`${tag} aufgetaut`)).status, { timeout: 10_000 }).toBe(200);
  });
});

describe('a database role that may not insert into the audit log', () => {
  const role = `nova_rt_${process.pid}_${Date.now().toString(36)}`;
  let stack: Stack;
  let database: Database;
  let bff: Bff;
  const gameApi = countingGameApi();

  beforeAll(async () => {
    await asAdmin(async (client) => {
      await client.query(`create role ${role} login`);
      await client.query(`grant select, insert, update on all tables in schema public to ${role}`);
    });
    const url = withUrl(inject('databaseUrl'), (u) => (u.username = role));
    database = createDatabase({ kind: 'postgres', url }, { timeouts: TIMEOUTS });
    stack = await startStack();
    bff = await stack.startBff(0, { database, gameApiFetch: gameApi.fetch });
  });
  afterAll(async () => {
    await stack.close();
    await database.close();
    await asAdmin(async (client) => {
      await client.query(`drop owned by ${role}`);
      await client.query(`drop role ${role}`);
    });
  });

  it('refuses the write (503) and sends nothing to the game API', async () => {
    const admin = new HttpBrowser();
    await signIn(admin, bff.url, 'admin');
    await asAdmin((client) => client.query(`revoke insert on audit_log from ${role}`));
    const name = `Ohne Protokoll ${Date.now()}`;
    const refused = await call(admin, bff.url, 'catalogue.wantedReasons.create', {
      values: { reason_name: name, points: 1, is_static: 0 },
    });
    expect(refused.status).toBe(503);
    expect(gameApi.writes()).toEqual([]);
    const list = await query(admin, bff.url, 'catalogue.wantedReasons.list');
    expect(JSON.stringify(list.body.result?.data)).not.toContain(name);
  });
});
