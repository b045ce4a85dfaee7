/**
 * Persons in the audit log (decisions 099, 100), on both engines: records name a person number, the
 * person filter finds them by in-game or login name, erasure deletes the person's key so that the
 * viewer, the CSV export and the filter show "gelöschte Person (Nr. …)", no table holds the old name
 * and the chain still verifies; a legal hold keeps the name until it is released; migration 014
 * moves records written in the old form once, with the chain verifying before and after.
 */
import { PGlite } from '@electric-sql/pglite';
import { Kysely, Migrator, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { verifyChain } from '../src/audit/chain';
import { csvLines } from '../src/audit/csv';
import { AuditLog } from '../src/audit/log';
import { createDatabase, PGLITE_EXTENSIONS, type Database, type DatabaseConfig } from '../src/db/database';
import { migrationProvider } from '../src/db/migrations';
import { PGliteDialect } from '../src/db/pglite-dialect';
import type { Schema } from '../src/db/schema';
import { forgetPerson } from '../src/privacy/forget';
import { releaseHold, setHold } from '../src/privacy/legal-holds';

const engines: [string, () => DatabaseConfig][] = [
  ['PostgreSQL', () => ({ kind: 'postgres', url: inject('databaseUrl') })],
  ['PGlite', () => ({ kind: 'pglite', dataDir: 'memory://' })],
];

/** Every table and column of the database that contains `needle` anywhere, as `table.column`. */
async function whereFound(db: Kysely<Schema>, needle: string): Promise<string[]> {
  const { rows: columns } = await sql<{ table_name: string; column_name: string }>`
    select c.table_name, c.column_name from information_schema.columns as c
    join information_schema.tables as t on t.table_name = c.table_name and t.table_schema = c.table_schema
    where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'`.execute(db);
  const found: string[] = [];
  for (const { table_name: table, column_name: column } of columns) {
    const { rows } = await sql<{ n: string | number }>`
      select count(*) as n from ${sql.table(table)}
      where strpos(lower(${sql.ref(column)}::text), lower(${needle})) > 0`.execute(db);
    if (Number(rows[0]?.n) > 0) found.push(`${table}.${column}`);
  }
  return found;
}

describe.each(engines)('persons in the audit log on %s', (_name, config) => {
  let database: Database;
  let audit: AuditLog;
  const tag = Math.random().toString(36).slice(2, 10);
  // A player with an in-game name and a login name, and an admin.
  const player = { id: `sub-player-${tag}`, name: `spieler${tag}`, displayName: `Jonas_Weber${tag}` };
  const admin = { id: `sub-admin-${tag}`, name: `admin${tag}`, displayName: `Admin_Nova${tag}` };
  const ended: string[] = [];
  const store = {
    destroyByUser: (userId: string) => {
      ended.push(userId);
      return Promise.resolve(2);
    },
  };

  beforeAll(async () => {
    database = createDatabase(config());
    await database.open();
    audit = new AuditLog(database);
  }, 120_000);
  afterAll(() => database.close());

  async function playerRecords() {
    return (
      await audit.list(
        { action: 'auth.sign-in', about: { type: 'user', id: player.id } },
        { offset: 0, limit: 50 },
      )
    ).rows;
  }

  it('records a person number, not the names or the address, and reads the names back', async () => {
    await audit.write({
      actor: player,
      action: 'auth.sign-in',
      target: { type: 'user', id: player.id },
      outcome: 'success',
      clientIp: '203.0.113.0',
    });
    const db = await database.open();
    const raw = await db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'auth.sign-in')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(raw.actor_id).toBeNull();
    expect(raw.actor_name).toBeNull();
    expect(raw.target_id).toBeNull();
    expect(raw.client_ip).toMatch(/^p1:/);
    expect(raw.actor_person).not.toBeNull();
    expect(String(raw.target_person)).toBe(String(raw.actor_person));

    const [record] = await playerRecords();
    expect(record).toMatchObject({
      actorId: player.id,
      actorName: player.name,
      actorDisplayName: player.displayName,
      actorErased: false,
      targetId: player.id,
      clientIp: '203.0.113.0',
    });
  });

  it('the person filter finds records by the in-game name and by the login name', async () => {
    await audit.write({
      actor: admin,
      action: 'catalogue.serverRadios.update',
      target: { type: 'catalogue.serverRadios', id: 26 },
      before: { id: 26, name: 'Prüfradio' },
      after: { id: 26, name: 'Prüfradio Süd' },
      outcome: 'success',
    });
    const byDisplay = await audit.list({ person: `jonas_weber${tag}` }, { offset: 0, limit: 50 });
    expect(byDisplay.rows.map((r) => r.action)).toEqual(['auth.sign-in']);
    const byLogin = await audit.list({ person: `SPIELER${tag}` }, { offset: 0, limit: 50 });
    expect(byLogin.rows.map((r) => r.action)).toEqual(['auth.sign-in']);
    const partOfTheName = await audit.list({ person: `Nova${tag}` }, { offset: 0, limit: 50 });
    expect(partOfTheName.rows.map((r) => r.actorDisplayName)).toEqual([admin.displayName]);
  });

  it('the conflict answer names who changed the row by the in-game name', async () => {
    expect(await audit.lastChange('catalogue.serverRadios', 26)).toMatchObject({ name: admin.displayName });
  });

  it('a legal hold keeps the name: erasure is deferred with a German reason, until the hold is released', async () => {
    const db = await database.open();
    const [record] = await playerRecords();
    const holds = await setHold(db, audit, {
      recordId: record?.id,
      reason: 'Bann-Streit vom 27.11.',
      by: admin,
    });
    expect(holds).toHaveLength(1);
    const answer = await forgetPerson(
      { database, audit, store },
      { subject: player.id, reason: 'Antrag 1', by: admin },
    );
    expect(answer.status).toBe('held');
    expect(answer.message).toBe(
      'Die Löschung ist zurückgestellt: für diese Person besteht eine Aufbewahrung („Bann-Streit vom 27.11.“). Sie wird gelöscht, sobald die Aufbewahrung aufgehoben ist.',
    );
    expect(ended).toEqual([]);
    expect((await playerRecords())[0]).toMatchObject({
      actorDisplayName: player.displayName,
      actorErased: false,
    });
    expect((await audit.list({ person: 'Jonas' }, { offset: 0, limit: 50 })).rows.length).toBeGreaterThan(0);
    // The hold and its release are audited, the reason readable while the person is known.
    const { rows: held } = await audit.list(
      { action: 'audit.hold', person: `admin${tag}` },
      { offset: 0, limit: 5 },
    );
    expect(held[0]).toMatchObject({ outcome: 'success', sent: { reason: 'Bann-Streit vom 27.11.' } });
    await releaseHold(db, audit, { id: holds[0]?.id ?? '', reason: 'Streit beigelegt', by: admin });
  });

  it('erasure: the viewer, the CSV export and the filter show the pseudonym, no table holds the name, the chain verifies', async () => {
    // This instance has opened the person for a search: forgetting drops what it holds in memory.
    expect((await audit.list({ person: 'Jonas' }, { offset: 0, limit: 1 })).rows.length).toBe(1);
    const dropped = vi.spyOn(audit.persons, 'forgotten');
    const answer = await forgetPerson(
      { database, audit, store },
      { subject: player.id, reason: 'Löschantrag vom 28.11.2026', by: admin },
    );
    if (answer.status !== 'forgotten') throw new Error(answer.message);
    expect(answer.person).not.toBeNull();
    expect(answer.pseudonym).toBe(`gelöschte Person (Nr. ${answer.person})`);
    expect(dropped.mock.calls).toEqual([[answer.person]]);
    expect(answer.sessionsEnded).toBe(2);
    expect(ended).toEqual([player.id]);
    expect(answer.gameData.map((item) => item.where)).toContain(`user/${player.id}/profile`);

    const db = await database.open();
    // The viewer: the records are still there, naming only the number.
    const { rows } = await audit.list({ person: `Nr. ${answer.person}` }, { offset: 0, limit: 50 });
    expect(rows.map((r) => r.action)).toContain('auth.sign-in');
    for (const row of rows) {
      expect(row).toMatchObject({
        actorErased: true,
        actorName: null,
        actorDisplayName: null,
        actorId: null,
        clientIp: null,
      });
    }
    // The person filter finds nothing by the old names.
    expect((await audit.list({ person: `Jonas_Weber${tag}` }, { offset: 0, limit: 50 })).total).toBe(0);
    expect((await audit.list({ person: `spieler${tag}` }, { offset: 0, limit: 50 })).total).toBe(0);
    // The CSV export: the pseudonym, never the name.
    const csv = csvLines(rows);
    expect(csv).toContain(`gelöschte Person (Nr. ${answer.person})`);
    expect(csv).not.toContain(tag);
    // No table of the database holds the old names or the subject any more.
    expect(await whereFound(db, `Jonas_Weber${tag}`)).toEqual([]);
    expect(await whereFound(db, `spieler${tag}`)).toEqual([]);
    expect(await whereFound(db, player.id)).toEqual([]);
    expect(await whereFound(db, 'Bann-Streit')).toEqual([]);
    // The erasure itself is audited, and the chain verifies.
    const { rows: forgotten } = await audit.list(
      { action: 'privacy.forget', person: `admin${tag}` },
      { offset: 0, limit: 5 },
    );
    expect(forgotten[0]).toMatchObject({ outcome: 'success', targetPerson: answer.person });
    const report = await verifyChain(db);
    expect(report.broken).toBeUndefined();
    expect(report.intact).toBe(true);
  });
});

/**
 * A database migrated up to 012 (as deployed before the persons: records in the old form, with 012's
 * stored search text and keys), then to the latest.
 */
async function oldForm(db: Kysely<Schema>): Promise<void> {
  const { error } = await new Migrator({ db, provider: migrationProvider }).migrateTo('012_audit_scale');
  if (error) throw new Error('migration to 012 failed', { cause: error });
  // Records as 008 to 012 wrote them: subject, login name and address in clear; a player as target.
  const values = [
    ['sub-admin', 'admin', 'catalogue.serverRadios.update', 'catalogue.serverRadios', '26', '198.51.100.0'],
    ['sub-spieler', 'spieler', 'auth.sign-in', 'user', 'sub-spieler', '203.0.113.0'],
    [null, null, 'session.ended-by-idp', 'user', 'sub-spieler', null],
    ['sub-admin', 'admin', 'auth.sign-in', 'user', 'sub-admin', '198.51.100.0'],
  ] as const;
  for (const [actorId, actorName, action, targetType, targetId, ip] of values) {
    await sql`insert into audit_log (actor_id, actor_name, action, target_type, target_id, outcome, client_ip)
      values (${actorId}, ${actorName}, ${action}, ${targetType}, ${targetId}, 'success', ${ip})`.execute(db);
  }
  // An intent completed later: a second event of the same record.
  const { rows } = await sql<{ id: string | number }>`
    insert into audit_log (actor_id, actor_name, action, target_type, target_id, outcome, sent)
    values ('sub-admin', 'admin', 'catalogue.serverRadios.update', 'catalogue.serverRadios', '27', 'pending', '{"name":"x"}')
    returning id`.execute(db);
  await sql`select audit_link(100)`.execute(db);
  await sql`select audit_complete(${rows[0]?.id}::bigint, 'success', '{"name":"x"}'::jsonb, null, null, null)`.execute(
    db,
  );
  await sql`select audit_link(100)`.execute(db);
}

const migrationEngines: [string, () => Promise<{ db: Kysely<Schema>; done: () => Promise<void> }>][] = [
  [
    'PostgreSQL',
    async () => {
      const base = new URL(inject('databaseUrl'));
      const name = `${base.pathname.slice(1)}_persons`;
      const admin = new pg.Client({ connectionString: new URL('/postgres', base).href });
      await admin.connect();
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.query(`create database "${name}"`);
      const pool = new pg.Pool({ connectionString: new URL(`/${name}`, base).href, max: 1 });
      // The database is dropped at the end: its connection's end is expected.
      pool.on('error', () => undefined);
      const db = new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) });
      return {
        db,
        done: async () => {
          await db.destroy();
          await admin.query(`drop database if exists "${name}" with (force)`);
          await admin.end();
        },
      };
    },
  ],
  [
    'PGlite',
    async () => {
      const instance = new PGlite({ extensions: PGLITE_EXTENSIONS });
      await instance.waitReady;
      const db = new Kysely<Schema>({ dialect: new PGliteDialect(instance) });
      return { db, done: () => db.destroy() };
    },
  ],
];

describe.each(migrationEngines)('migration 014 on %s', (_name, make) => {
  let db: Kysely<Schema>;
  let done: () => Promise<void>;
  beforeAll(async () => {
    ({ db, done } = await make());
    await oldForm(db);
  }, 120_000);
  afterAll(() => done());

  const tamper = async (name: string) => {
    await sql`alter table audit_log disable trigger audit_log_no_change`.execute(db);
    await sql`update audit_log set actor_name = ${name} where action = 'auth.sign-in' and actor_id = 'sub-spieler'`.execute(
      db,
    );
    await sql`alter table audit_log enable trigger audit_log_no_change`.execute(db);
  };

  it('refuses to move a chain that does not verify, and changes nothing', async () => {
    await tamper('spieler2');
    const { error } = await new Migrator({ db, provider: migrationProvider }).migrateToLatest();
    expect(String((error as Error | undefined)?.message)).toContain(
      'Audit-Log: Kette vor der Umstellung auf Personennummern nicht intakt (Glied Nr. 2: Inhalt verändert); nichts umgestellt.',
    );
    const { rows } = await sql<{ n: string | number }>`
      select count(*) as n from audit_log where actor_name is not null`.execute(db);
    expect(Number(rows[0]?.n)).toBe(4);
    await tamper('spieler');
  });

  it('moves the existing records to persons once, the chain verifying before and after', async () => {
    const { rows: head } = await sql<{ last_hash: string }>`select last_hash from audit_chain`.execute(db);
    const before = { lastHash: head[0]?.last_hash };
    const { error } = await new Migrator({ db, provider: migrationProvider }).migrateToLatest();
    expect(error).toBeUndefined();

    const after = await verifyChain(db, { link: false });
    expect(after).toMatchObject({ intact: true, events: 6, lastSeq: 6 });
    expect(after.lastHash).not.toBe(before.lastHash);
    // No record names anyone in clear; the addresses are sealed.
    expect(await whereFound(db, 'sub-spieler')).toEqual([]);
    expect(await whereFound(db, '203.0.113')).toEqual([]);
    const { rows } = await sql<{ n: string | number }>`
      select count(*) as n from audit_log where actor_id is not null or actor_name is not null`.execute(db);
    expect(Number(rows[0]?.n)).toBe(0);
    // The viewer reads the names back through the persons.
    const audit = new AuditLog({ open: () => Promise.resolve(db) } as unknown as Database);
    const { rows: records } = await audit.list({ person: 'spieler' }, { offset: 0, limit: 10 });
    expect(records.map((r) => [r.action, r.actorName, r.clientIp, r.targetId])).toEqual([
      ['auth.sign-in', 'spieler', '203.0.113.0', 'sub-spieler'],
    ]);
    const { rows: aboutPlayer } = await audit.list(
      { about: { type: 'user', id: 'sub-spieler' } },
      { offset: 0, limit: 10 },
    );
    expect(aboutPlayer.map((r) => r.action).sort()).toEqual(['auth.sign-in', 'session.ended-by-idp']);
    // The old hashes are kept for the checkpoints signed before the move.
    const { rows: legacy } = await sql<{
      n: string | number;
    }>`select count(*) as n from audit_legacy_hashes`.execute(db);
    expect(Number(legacy[0]?.n)).toBe(6);
    // New records go on from the new head.
    await audit.write({
      actor: { id: 'sub-spieler', name: 'spieler' },
      action: 'auth.sign-out',
      outcome: 'success',
    });
    expect(await verifyChain(db)).toMatchObject({ intact: true, events: 7 });
  });
});
