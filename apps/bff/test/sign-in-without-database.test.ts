/**
 * Signing in needs no database (decisions 043, 068), against a database of the test's own behind a
 * TCP proxy this test cuts: while it is away a sign-in and a step-up succeed and keep the session,
 * their records are kept, and when it is back they are written in the order they happened, with
 * the time they happened, and chained.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AuditLog } from '../src/audit/log';
import { createDatabase, type Database } from '../src/db/database';
import { AuditPersons } from '../src/db/persons';
import { startTcpProxy, type TcpProxy } from './database-proxy';
import { formOf, HttpBrowser, signIn } from './http-browser';
import { startStack, type Bff, type Stack } from './stack';
import { query } from './trpc-http';

const base = new URL(inject('databaseUrl'));
const name = `nova_test_${process.pid}_signin_${randomUUID().slice(0, 8)}`;
const superuser = async (text: string) => {
  const client = new pg.Client({ connectionString: new URL('/postgres', base).href });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
};

describe('sign-ins while the database is away', () => {
  let proxy: TcpProxy;
  let database: Database;
  let stack: Stack;
  let bff: Bff;

  beforeAll(async () => {
    await superuser(`create database "${name}"`);
    proxy = await startTcpProxy({ host: base.hostname, port: Number(base.port || 5432) });
    const url = new URL(`/${name}`, base);
    url.port = String(proxy.port);
    database = createDatabase(
      { kind: 'postgres', url: url.href },
      { timeouts: { connectMs: 1000, statementMs: 1000 } },
    );
    await database.open();
    stack = await startStack();
    bff = await stack.startBff(0, { database });
  }, 60_000);
  afterAll(async () => {
    await stack.close();
    await database.close();
    await proxy.close();
    await superuser(`drop database if exists "${name}" with (force)`);
  });

  it('sign-in and step-up succeed; their records follow in order when the database is back', async () => {
    const admin = new HttpBrowser();
    expect((await signIn(admin, bff.url, 'admin')).status).toBe(302);
    const cut = new Date();
    proxy.cut();
    try {
      const beta = new HttpBrowser();
      const signedIn = await signIn(beta, bff.url, 'beta');
      expect(signedIn.status).toBe(302);
      expect(new URL(signedIn.location ?? '', bff.url).pathname).toBe('/control-panel');
      expect((await query(beta, bff.url, 'session.me')).body.result?.data).toMatchObject({
        username: 'beta',
      });

      // A step-up during the outage keeps the admin signed in (it used to end the session).
      const login = await admin.get(`${bff.url}/auth/login?stepUp=1&returnTo=%2Fcontrol-panel`);
      const form = formOf(login);
      let step = await admin.request(new URL(form.action.replaceAll('&amp;', '&'), login.url).href, {
        form: { ...form.fields, username: 'admin', password: 'admin' },
      });
      for (let hop = 0; hop < 15 && step.location; hop++) {
        step = await admin.request(new URL(step.location, step.url).href);
        if (new URL(step.url).pathname === '/auth/callback') break;
      }
      expect(step.status).toBe(302);
      expect(new URL(step.location ?? '', bff.url).pathname).toBe('/control-panel');
      expect((await query(admin, bff.url, 'session.me')).body.result?.data).toMatchObject({
        username: 'admin',
      });
    } finally {
      proxy.restore();
    }

    const db = await database.open();
    // Records name a person number (decision 099): the login name is read from the persons table.
    const withPersons = async <R extends { actor_person: string | number | null; actor_name: string | null }>(
      rows: R[],
    ) => {
      const persons = await new AuditPersons().views(
        db,
        rows.flatMap((r) => (r.actor_person === null ? [] : [String(r.actor_person)])),
      );
      return rows.map((r) => ({
        ...r,
        actor_name: persons.get(String(r.actor_person))?.data?.login ?? r.actor_name,
      }));
    };
    const records = async () =>
      withPersons(
        await db
          .selectFrom('audit_log')
          .select(['id', 'at', 'action', 'actor_name', 'actor_person'])
          .where('action', 'in', ['auth.sign-in', 'auth.step-up'])
          .orderBy('id')
          .execute(),
      );
    await expect.poll(async () => (await records()).length, { timeout: 20_000 }).toBe(3);
    const written = await records();
    expect(written.map((r) => [r.action, r.actor_name])).toEqual([
      ['auth.sign-in', 'admin'],
      ['auth.sign-in', 'beta'],
      ['auth.step-up', 'admin'],
    ]);
    // The times they happened, not when they were written.
    const [, held, stepUp] = written;
    expect(new Date(held?.at ?? 0).getTime()).toBeGreaterThanOrEqual(cut.getTime());
    expect(new Date(held?.at ?? 0).getTime()).toBeLessThanOrEqual(new Date(stepUp?.at ?? 0).getTime());
    // The BFF's linker chains what was written in the background: wait until it has.
    const chain = new AuditLog(database);
    await expect.poll(async () => (await chain.verifyChain()).unlinked, { timeout: 20_000 }).toBe(0);
    const report = await chain.verifyChain();
    expect(report.broken).toBeUndefined();
    expect(report).toMatchObject({ intact: true, events: 3, unlinked: 0 });
  }, 90_000);
});
