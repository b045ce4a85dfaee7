/**
 * The audit chain without a global wait (decision 068), on the machine's PostgreSQL with databases
 * of the test's own: records and completions are written without the chain's head, so a
 * transaction holding the head (or a linker's batch) for seconds delays neither a sign-in nor a
 * catalogue update; chaining is linear (100,000 records); the database's generated hash functions
 * give the known values; every hashed field is covered; a chain the old migrations wrote still
 * verifies after the upgrade.
 */
import { randomUUID } from 'node:crypto';
import { Migrator, sql, type Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AuditLog } from '../../src/audit/log';
import { createDatabase, type Database } from '../../src/db/database';
import { migrationProvider } from '../../src/db/migrations';
import { reportFigure } from '../figures';
import { HttpBrowser, signIn } from '../http-browser';
import { startStack, type Bff, type Stack } from '../stack';
import { call } from '../trpc-http';

const base = new URL(inject('databaseUrl'));
const superuser = async (text: string) => {
  const client = new pg.Client({ connectionString: new URL('/postgres', base).href });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
};

/** A database of the test's own, dropped afterwards. */
function ownDatabase(label: string) {
  const name = `nova_test_${process.pid}_${label}_${randomUUID().slice(0, 8)}`;
  const url = new URL(`/${name}`, base).href;
  return {
    name,
    url,
    create: () => superuser(`create database "${name}"`),
    drop: () => superuser(`drop database if exists "${name}" with (force)`),
  };
}

/** A transaction of its own that holds what `statement` locks until `release()`. */
async function hold(url: string, statement: string): Promise<{ release: () => Promise<void> }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('begin');
  await client.query(statement);
  return {
    release: async () => {
      await client.query('rollback');
      await client.end();
    },
  };
}

describe('no global wait: a held head or linker batch delays neither sign-ins nor writes', () => {
  const own = ownDatabase('nowait');
  let database: Database;
  let stack: Stack;
  let bff: Bff;
  let admin: HttpBrowser;
  let row: Record<string, unknown>;

  beforeAll(async () => {
    await own.create();
    database = createDatabase({ kind: 'postgres', url: own.url });
    stack = await startStack();
    bff = await stack.startBff(0, { database });
    admin = new HttpBrowser();
    await signIn(admin, bff.url, 'admin');
    const created = await call(admin, bff.url, 'catalogue.wantedReasons.create', {
      values: { reason_name: `Ohne Warten ${Date.now()}`, points: 1, is_static: 0 },
    });
    expect(created.status).toBe(200);
    row = created.body.result?.data as Record<string, unknown>;
  }, 60_000);
  afterAll(async () => {
    await stack.close();
    await database.close();
    await own.drop();
  });

  for (const [holder, statement] of [
    ['the head row locked (as every write did before)', 'select * from audit_chain where id = 1 for update'],
    ['a linker batch left open', 'select audit_link(10000)'],
  ] as const) {
    it(`${holder}: a sign-in and a catalogue update answer at once`, async () => {
      const points = Number(row.points) + 1;
      // Something to link, so that the open batch also holds rows.
      await new AuditLog(database).write({ actor: null, action: 'test.filler', outcome: 'success' });
      const held = await hold(own.url, statement);
      let updated;
      let signedIn;
      const started = performance.now();
      try {
        const visitor = new HttpBrowser();
        signedIn = await signIn(visitor, bff.url, 'admin');
        updated = await call(admin, bff.url, 'catalogue.wantedReasons.update', {
          id: row.id,
          values: { reason_name: row.reason_name, points, is_static: 0 },
          expected: row,
        });
      } finally {
        // Released only now: an answer that waited for it would have come after its lock timeout.
        await held.release();
      }
      reportFigure(
        `audit chain, ${holder}: sign-in and update answered in ${Math.round(performance.now() - started)} ms`,
      );
      expect(signedIn.status).toBe(302);
      expect(new URL(signedIn.location ?? '', bff.url).pathname).toBe('/control-panel');
      expect(updated.status).toBe(200);
      row = updated.body.result?.data as Record<string, unknown>;
      // Both records joined the chain once the hold ended.
      const report = await new AuditLog(database).verifyChain();
      expect(report.broken).toBeUndefined();
      expect(report.unlinked).toBe(0);
      const db = await database.open();
      const unlinked = await db
        .selectFrom('audit_log')
        .select('id')
        .where((eb) => eb.or([eb('seq', 'is', null), eb('hash', 'is', null)]))
        .execute();
      expect(unlinked).toEqual([]);
    }, 60_000);
  }
});

describe('linear chaining', () => {
  const own = ownDatabase('linear');
  let database: Database;

  beforeAll(async () => {
    await own.create();
    database = createDatabase(
      { kind: 'postgres', url: own.url },
      { timeouts: { connectMs: 5000, statementMs: 120_000 } },
    );
  });
  afterAll(async () => {
    await database.close();
    await own.drop();
  });

  it('links 100,000 records written in one transaction, in batches of 10,000', async () => {
    const db = await database.open();
    const started = performance.now();
    await sql`
      insert into audit_log (actor_id, actor_name, action, target_type, target_id, outcome, detail)
      select 'sub-' || i, 'admin', 'catalogue.x.update', 'catalogue.x', i::text, 'success', 'r' || i
      from generate_series(1, 100000) as i`.execute(db);
    const inserted = performance.now() - started;
    const batches: number[] = [];
    const times: number[] = [];
    for (;;) {
      const at = performance.now();
      const { rows } = await sql<{ linked: number }>`select audit_link(10000)::int as linked`.execute(db);
      times.push(performance.now() - at);
      const linked = rows[0]?.linked ?? 0;
      if (linked === 0) break;
      batches.push(linked);
    }
    const linkedMs = times.reduce((a, b) => a + b, 0);
    // Ten full batches, each moving the head once: the numbers 1 … 100,000 without a gap.
    expect(batches).toEqual(Array.from({ length: 10 }, () => 10_000));
    const { rows } = await sql<{ n: string; low: string; high: string }>`
      select count(distinct seq)::text as n, min(seq)::text as low, max(seq)::text as high from audit_log`.execute(
      db,
    );
    expect(rows[0]).toEqual({ n: '100000', low: '1', high: '100000' });
    const report = await new AuditLog(database).verifyChain();
    expect(report).toMatchObject({ intact: true, events: 100_000, lastSeq: 100_000, unlinked: 0 });
    reportFigure(
      `audit chain, 100,000 records: written in ${Math.round(inserted)} ms, linked in ${Math.round(linkedMs)} ms ` +
        `(batches of 10,000: ${times
          .slice(0, -1)
          .map((t) => Math.round(t))
          .join('/')} ms)`,
    );
  }, 600_000);
});

describe('the hash functions in the database', () => {
  const own = ownDatabase('hash');
  let database: Database;
  let db: Kysely<never>;

  beforeAll(async () => {
    await own.create();
    database = createDatabase({ kind: 'postgres', url: own.url });
    db = (await database.open()) as unknown as Kysely<never>;
  });
  afterAll(async () => {
    await database.close();
    await own.drop();
  });

  it('give the known values (written by hand in src/db/audit-hash.test.ts)', async () => {
    const record = {
      seq: 42,
      id: 7,
      at: '2026-11-28T10:00:00.123456Z',
      actor_id: 'sub-1',
      actor_name: 'Jörg',
      action: 'catalogue.x.update',
      target_type: 'catalogue.x',
      target_id: '5',
      before: { a: 1 },
      after: { a: 2 },
      outcome: 'success',
      request_id: 'req-1',
      client_ip: '203.0.113.0',
      call_kind: 'session',
      sent: { a: 2 },
      forced: false,
      target_learnt: false,
      prev_hash: 'abc',
    };
    const hashOf = async (fn: string, values: object) =>
      (
        await sql<{ hash: string }>`
          select ${sql.raw(fn)}(jsonb_populate_record(null::audit_log, ${JSON.stringify(values)}::jsonb)) as hash`.execute(
          db,
        )
      ).rows[0]?.hash;
    expect(await hashOf('audit_row_hash', record)).toBe(
      'c2ce67df331cf6421dd52fc9f157f2a03c1ec40d9895dae2636663a46f2ffccf',
    );
    expect(await hashOf('audit_row_hash', { ...record, undo_of: 3 })).toBe(
      '6ae77e8cf2d5ef9b68ca44171c8afeebce6b26e3fd6d5867873a07403a24e9ec',
    );
    expect(
      await hashOf('audit_completion_hash', {
        completion_seq: 43,
        id: 7,
        outcome: 'success',
        after: { a: 2 },
        status: 200,
        completed_at: '2026-11-28T10:00:00.654321Z',
        target_id: '5',
        target_learnt: true,
        completion_prev_hash: 'a'.repeat(64),
      }),
    ).toBe('ff4dfd860930754f75908553bf44ad61a16f15e75fa9e2642db1bdf47a9c11e3');
  });

  it('every hashed column, changed behind the trigger, is found as "Inhalt verändert"', async () => {
    const audit = new AuditLog(database);
    await audit.write({ actor: null, action: 'davor', outcome: 'success' });
    await audit.write({
      actor: { id: 'sub-1', name: 'admin' },
      action: 'catalogue.x.update',
      target: { type: 'catalogue.x', id: 5 },
      before: { a: 1 },
      after: { a: 2 },
      outcome: 'success',
      status: 200,
      detail: 'ok',
      requestId: 'req-1',
      clientIp: '203.0.113.0',
      callKind: 'session',
      clientId: 'bot',
      sent: { a: 2 },
      undoOf: '1',
    });
    const intent = await audit.begin({
      actor: { id: 'sub-1', name: 'admin' },
      action: 'catalogue.x.create',
      target: { type: 'catalogue.x', id: null },
      sent: { a: 3 },
    });
    await audit.complete(intent, {
      outcome: 'success',
      after: { a: 3 },
      status: 200,
      detail: 'ok',
      targetId: 6,
    });
    await audit.write({ actor: null, action: 'danach', outcome: 'success' });
    expect((await audit.verifyChain()).intact).toBe(true);
    const plain = String(
      (
        await sql<{ id: string }>`select id::text from audit_log where action = 'catalogue.x.update'`.execute(
          db,
        )
      ).rows[0]?.id,
    );
    await sql`alter table audit_log disable trigger audit_log_no_change`.execute(db);
    await sql`alter table audit_log disable trigger audit_log_undo_of_fixed`.execute(db);
    await sql`create table kept as select * from audit_log`.execute(db);
    const changes: [string, string, string][] = [
      ['at', `at + interval '1 microsecond'`, plain],
      // The person is a number since decision 099; a name written in clear would change the hash too.
      ['actor_id', `coalesce(actor_id, '') || 'x'`, plain],
      ['actor_name', `coalesce(actor_name, '') || 'x'`, plain],
      ['actor_person', `actor_person + 1`, plain],
      ['target_person', `coalesce(target_person, 0) + 1`, plain],
      ['action', `action || 'x'`, plain],
      ['target_type', `target_type || 'x'`, plain],
      ['target_id', `target_id || 'x'`, plain],
      ['before', `'{"a": 9}'`, plain],
      ['after', `'{"a": 9}'`, plain],
      ['outcome', `'failed'`, plain],
      ['status', `status + 1`, plain],
      ['detail', `detail || 'x'`, plain],
      ['request_id', `request_id || 'x'`, plain],
      ['client_ip', `client_ip || 'x'`, plain],
      ['call_kind', `'machine'`, plain],
      ['client_id', `client_id || 'x'`, plain],
      ['sent', `'{"a": 9}'`, plain],
      ['forced', `not forced`, plain],
      ['prev_hash', `prev_hash || 'x'`, plain],
      ['undo_of', `undo_of + 1`, plain],
      ['after', `'{"a": 9}'`, intent],
      ['outcome', `'failed'`, intent],
      ['status', `status + 1`, intent],
      ['detail', `detail || 'x'`, intent],
      ['completed_at', `completed_at + interval '1 microsecond'`, intent],
      ['target_id', `target_id || 'x'`, intent],
      ['target_learnt', `not target_learnt`, intent],
      ['completion_prev_hash', `completion_prev_hash || 'x'`, intent],
    ];
    for (const [column, change, id] of changes) {
      const col = sql.ref(column);
      await sql`update audit_log set ${col} = ${sql.raw(change)} where id = ${id}`.execute(db);
      const report = await audit.verifyChain();
      expect(report.broken, `${column} of ${id}`).toMatchObject({ recordId: id, reason: 'Inhalt verändert' });
      await sql`update audit_log set ${col} = kept.${col} from kept where kept.id = audit_log.id and audit_log.id = ${id}`.execute(
        db,
      );
      expect((await audit.verifyChain()).intact, `${column} restored`).toBe(true);
    }
  });
});

describe('the upgrade from the chain of migrations 005 and 006', () => {
  const own = ownDatabase('upgrade');
  let database: Database;

  beforeAll(() => own.create());
  afterAll(async () => {
    await database.close();
    await own.drop();
  });

  it('keeps every hash: the old chain, with an intent open across the upgrade, verifies and goes on', async () => {
    const pool = new pg.Pool({ connectionString: own.url, max: 1 });
    const { Kysely: K, PostgresDialect } = await import('kysely');
    const old = new K<unknown>({ dialect: new PostgresDialect({ pool }) });
    const { error } = await new Migrator({ db: old, provider: migrationProvider }).migrateTo(
      '006_audit_undo_of',
    );
    expect(error).toBeUndefined();
    // Written as the old triggers chained them: records, a completed intent, a closed one, an open one.
    await sql`insert into audit_log (actor_name, action, outcome, detail) values ('admin', 'auth.sign-in', 'success', null)`.execute(
      old,
    );
    await sql`insert into audit_log (actor_name, action, target_type, outcome, sent) values ('admin', 'catalogue.x.create', 'catalogue.x', 'pending', '{"a": 1}')`.execute(
      old,
    );
    await sql`select audit_complete(2, 'success', '{"a": 1, "id": 4}', 200, null, '4')`.execute(old);
    await sql`insert into audit_log (at, action, outcome) values (now() - interval '1 hour', 'vergessen', 'pending')`.execute(
      old,
    );
    await sql`select audit_close_abandoned(now() - interval '10 minutes', 'abgebrochen')`.execute(old);
    await sql`insert into audit_log (actor_name, action, target_type, target_id, outcome, undo_of) values ('admin', 'catalogue.x.update', 'catalogue.x', '4', 'pending', 2)`.execute(
      old,
    );
    const before = await sql<{ last_seq: string; last_hash: string }>`
      select last_seq::text, last_hash from audit_chain`.execute(old);
    await old.destroy();

    database = createDatabase({ kind: 'postgres', url: own.url });
    const audit = new AuditLog(database);
    const first = await audit.verifyChain();
    expect(first.broken).toBeUndefined();
    expect(first).toMatchObject({
      intact: true,
      events: 6,
      lastSeq: Number(before.rows[0]?.last_seq),
      unlinked: 0,
    });
    // 008 kept every hash; 014 then moved the names to persons and hashed anew (decision 099),
    // keeping the old head it started from.
    const db = await database.open();
    const moved = await sql<{ old_hash: string; new_hash: string }>`
      select old_hash, new_hash from audit_rechained`.execute(db);
    expect(moved.rows).toEqual([{ old_hash: before.rows[0]?.last_hash, new_hash: first.lastHash }]);
    // The intent open across the upgrade completes, and the chain goes on behind the old head.
    expect(await audit.complete('4', { outcome: 'success', after: { a: 2 } })).toBe(true);
    await audit.write({ actor: null, action: 'danach', outcome: 'success' });
    const after = await audit.verifyChain();
    expect(after.broken).toBeUndefined();
    expect(after).toMatchObject({ intact: true, events: 8, lastSeq: 8, unlinked: 0 });
  });
});
