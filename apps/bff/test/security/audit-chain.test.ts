/**
 * A tamper-evident audit log (decision 058) on PostgreSQL with two roles of the test's own: the owner
 * migrates (DATABASE_MIGRATION_URL), the runtime may only read and append. The runtime cannot change
 * or delete a record by any way the review used; the owner can, but the chain's verification then
 * names the first broken link.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AuditLog } from '../../src/audit/log';
import { createDatabase, type Database } from '../../src/db/database';

const DAY = 86_400_000;
const base = new URL(inject('databaseUrl'));
const suffix = `${process.pid}_${randomUUID().slice(0, 8)}`;
const NAME = `nova_test_${process.pid}_chain_${suffix.split('_')[1]}`;
const OWNER = `nova_test_owner_${suffix}`;
const RUNTIME = `nova_test_runtime_${suffix}`;
const url = (role: string, db: string) => `postgres://${role}@${base.host}/${db}`;

async function as(role: string, db: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url(role, db) });
  await client.connect();
  try {
    return await client.query<Record<string, unknown>>(text, values);
  } finally {
    await client.end();
  }
}
const superuser = (text: string) => as(base.username || 'postgres', 'postgres', text);
const owner = (text: string, values: unknown[] = []) => as(OWNER, NAME, text, values);
const runtime = (text: string, values: unknown[] = []) => as(RUNTIME, NAME, text, values);

describe('security: the audit log cannot be rewritten unnoticed', () => {
  let database: Database;
  let audit: AuditLog;
  const ids = { intent: '', old: '', middle: '' };

  beforeAll(async () => {
    await superuser(`create role "${OWNER}" login`);
    await superuser(`create role "${RUNTIME}" login`);
    await superuser(`create database "${NAME}" owner "${OWNER}"`);
    database = createDatabase(
      { kind: 'postgres', url: url(RUNTIME, NAME), migrationUrl: url(OWNER, NAME) },
      { auditRetentionDays: 180 },
    );
    audit = new AuditLog(database);
    await database.open();

    // The runtime's ordinary work: records, an intent completed, one closed by the sweep, a purge.
    const db = await database.open();
    const entry = { actor: { id: 'admin-id', name: 'admin' }, outcome: 'success' as const };
    await audit.write({ ...entry, action: 'auth.sign-in' });
    ids.intent = await audit.begin({
      actor: entry.actor,
      action: 'catalogue.wantedReasons.create',
      target: { type: 'catalogue.wantedReasons', id: null },
      sent: { name: 'Raub; "schwer"' },
    });
    expect(
      await audit.complete(ids.intent, { outcome: 'success', after: { id: 7, name: 'Raub' }, targetId: 7 }),
    ).toBe(true);
    for (let i = 0; i < 3; i++)
      await audit.write({ ...entry, action: `catalogue.x.update`, detail: `r${i}` });
    const old = await db
      .insertInto('audit_log')
      .values({ at: new Date(Date.now() - 400 * DAY), action: 'alt', outcome: 'success' })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.old = String(old.id);
    await db
      .insertInto('audit_log')
      .values({ at: new Date(Date.now() - 3_600_000), action: 'vergessen', outcome: 'pending' })
      .execute();
    expect(await audit.closeAbandoned(new Date(Date.now() - 600_000))).toBe(1);
    expect(await audit.purge(new Date(Date.now() - 180 * DAY))).toBe(1);
    ids.middle = String((await owner(`select id from audit_log where detail = 'r1'`)).rows[0]?.id);
  }, 60_000);

  afterAll(async () => {
    await database.close();
    await superuser(`drop database if exists "${NAME}" with (force)`);
    await superuser(`drop role if exists "${RUNTIME}"`);
    await superuser(`drop role if exists "${OWNER}"`);
  });

  it('chains every record and completion; the runtime role may only read and append', async () => {
    const report = await audit.verifyChain();
    expect(report.broken).toBeUndefined();
    expect(report.intact).toBe(true);
    // 7 inserts + 2 completions; the purged record's number is below the anchor.
    expect(report.lastSeq).toBe(9);
    expect(report.events).toBe(8);

    const refused = async (text: string, values: unknown[] = []) =>
      expect(runtime(text, values)).rejects.toThrow(/permission denied|must be owner|cut-off too recent/);
    await refused(`update audit_log set detail = 'x' where id = ${ids.middle}`);
    await refused(`update audit_log set outcome = 'failed' where outcome = 'pending'`);
    await refused(`delete from audit_log where id = ${ids.middle}`);
    await refused(`truncate audit_log`);
    await refused(`alter table audit_log disable trigger audit_log_no_change`);
    await refused(`alter table audit_log disable trigger user`);
    await refused(`drop trigger audit_log_chain on audit_log`);
    await refused(`update audit_chain set last_seq = 0`);
    // The linker's setting does not open the table to the runtime.
    await refused(
      `do $$ begin perform set_config('nova.audit_link', 'on', true); update audit_log set hash = 'x'; end $$`,
    );
    // The review's way around the trigger: the purge's setting, then DELETE.
    await refused(
      `do $$ begin perform set_config('nova.audit_purge', now()::text, true); delete from audit_log; end $$`,
    );
    // The bounded functions refuse what is inside their floors.
    await refused(`select audit_purge(now())`);
    await refused(`select audit_purge(now() - interval '179 days')`);
    await refused(`select audit_close_abandoned(now() + interval '1 minute', 'x')`);
    await refused(
      `create or replace function audit_row_hash(r audit_log) returns text language sql as $$ select '' $$`,
    );

    // An insert cannot choose its place or hash in the chain.
    await runtime(
      `insert into audit_log (action, outcome, seq, prev_hash, hash) values ('eingeschleust', 'success', 2, 'x', 'y')`,
    );
    const after = await audit.verifyChain();
    expect(after.intact).toBe(true);
    expect(after.lastSeq).toBe(10);
    expect(
      (await runtime(`select seq::int from audit_log where action = 'eingeschleust'`)).rows[0]?.seq,
    ).toBe(10);
  });

  it('the owner changing a record, a completion or the links is found at the right link', async () => {
    const seqOf = async (id: string) =>
      Number((await owner(`select seq from audit_log where id = ${id}`)).rows[0]?.seq);
    const middle = await seqOf(ids.middle);

    // A value changed with the trigger disabled.
    await owner(`alter table audit_log disable trigger audit_log_no_change`);
    await owner(`update audit_log set detail = 'harmlos' where id = ${ids.middle}`);
    let report = await audit.verifyChain();
    expect(report.intact).toBe(false);
    expect(report.broken).toEqual({ seq: middle, recordId: ids.middle, reason: 'Inhalt verändert' });
    await owner(`update audit_log set detail = 'r1' where id = ${ids.middle}`);
    expect((await audit.verifyChain()).intact).toBe(true);

    // A completion's outcome changed: found at the completion's number.
    const completion = Number(
      (await owner(`select completion_seq from audit_log where id = ${ids.intent}`)).rows[0]?.completion_seq,
    );
    await owner(`update audit_log set outcome = 'failed' where id = ${ids.intent}`);
    report = await audit.verifyChain();
    expect(report.broken).toEqual({ seq: completion, recordId: ids.intent, reason: 'Inhalt verändert' });
    await owner(`update audit_log set outcome = 'success' where id = ${ids.intent}`);

    // A record's hash recomputed to fit its new value: its successor's link no longer matches.
    await owner(`update audit_log set detail = 'harmlos' where id = ${ids.middle}`);
    await owner(`update audit_log set hash = audit_row_hash(audit_log) where id = ${ids.middle}`);
    report = await audit.verifyChain();
    expect(report.broken).toMatchObject({ seq: middle + 1, reason: 'Verweis auf den Vorgänger falsch' });
    await owner(`update audit_log set detail = 'r1' where id = ${ids.middle}`);
    await owner(`update audit_log set hash = audit_row_hash(audit_log) where id = ${ids.middle}`);
    expect((await audit.verifyChain()).intact).toBe(true);

    // A record numbered past the head, written around the linker.
    await owner(`alter table audit_log disable trigger audit_log_chain`);
    await owner(
      `insert into audit_log (action, outcome, seq, prev_hash, hash) values ('nachgetragen', 'success', 99, 'x', 'y')`,
    );
    report = await audit.verifyChain();
    expect(report.broken).toMatchObject({ seq: 99, reason: 'Eintrag hinter dem Kopf der Kette' });
    await owner(`delete from audit_log where action = 'nachgetragen'`);
    await owner(`alter table audit_log enable trigger audit_log_chain`);
    expect((await audit.verifyChain()).intact).toBe(true);

    // The newest record deleted: the head names a number that is gone.
    await owner(`delete from audit_log where seq = (select max(seq) from audit_log)`);
    report = await audit.verifyChain();
    expect(report.broken).toEqual({ seq: 10, recordId: null, reason: 'Eintrag fehlt' });

    // A record in the middle deleted (the trigger on again, the review's purge setting): the first
    // broken link is now the gap in the middle.
    await owner(`alter table audit_log enable trigger audit_log_no_change`);
    await owner(
      `do $$ begin perform set_config('nova.audit_purge', (now() + interval '1 day')::text, true);
       delete from audit_log where id = ${ids.middle}; end $$`,
    );
    report = await audit.verifyChain();
    expect(report.broken).toEqual({ seq: middle, recordId: null, reason: 'Eintrag fehlt' });
  });
});

describe('the audit chain across several retention purges', () => {
  const name = `nova_test_${process.pid}_purges_${randomUUID().slice(0, 8)}`;
  let database: Database;

  beforeAll(async () => {
    await superuser(`create database "${name}"`);
    database = createDatabase({ kind: 'postgres', url: new URL(`/${name}`, base).href });
  });
  afterAll(async () => {
    await database.close();
    await superuser(`drop database if exists "${name}" with (force)`);
  });

  it('stays intact when purged numbers have one and two digits (ordered as numbers, not as text)', async () => {
    const audit = new AuditLog(database);
    const db = await database.open();
    const old = () =>
      db
        .insertInto('audit_log')
        .values({ at: new Date(Date.now() - 400 * DAY), action: 'alt', outcome: 'success' })
        .execute();
    const record = (detail: string) =>
      audit.write({
        actor: { id: 'admin-id', name: 'admin' },
        outcome: 'success',
        action: 'auth.sign-in',
        detail,
      });
    for (let i = 0; i < 5; i++) await record(`a${i}`);
    await old(); // number 6
    expect(await audit.purge(new Date(Date.now() - 180 * DAY))).toBe(1);
    for (let i = 0; i < 5; i++) await record(`b${i}`);
    await old(); // number 12
    expect(await audit.purge(new Date(Date.now() - 180 * DAY))).toBe(1);
    await record('c');
    const report = await audit.verifyChain();
    expect(report.broken).toBeUndefined();
    expect(report).toMatchObject({ intact: true, events: 11, lastSeq: 13 });
  });
});
