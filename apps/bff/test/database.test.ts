/**
 * The BFF's database on both engines (decision 020): the tests' PostgreSQL and embedded PGlite run
 * the same migrations and the same checks – versioned migrations applied once, append-only audit
 * records (UPDATE, DELETE and TRUNCATE refused by the trigger), the retention purge removing only
 * records past the cut-off, filters and paging; PGlite keeps its data in DATA_DIR across restarts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AuditLog } from '../src/audit/log';
import { purgeExpired } from '../src/audit/retention';
import { createDatabase, type Database, type DatabaseConfig } from '../src/db/database';

const engines: [string, () => DatabaseConfig][] = [
  ['PostgreSQL', () => ({ kind: 'postgres', url: inject('databaseUrl') })],
  ['PGlite', () => ({ kind: 'pglite', dataDir: 'memory://' })],
];

describe.each(engines)('%s', (_name, config) => {
  let database: Database;
  let audit: AuditLog;
  const tag = `db-test-${Date.now()}-${Math.random().toString(36).slice(2)}`;

  beforeAll(async () => {
    database = createDatabase(config());
    await database.open();
    audit = new AuditLog(database);
  }, 60_000);
  afterAll(() => database.close());

  it('records its migrations once', async () => {
    const db = await database.open();
    const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
    expect(rows.map((r) => r.name)).toEqual([
      '001_audit_log',
      '002_audit_call_kind',
      '003_audit_intents',
      '004_discord_account_names',
      '005_audit_chain',
      '006_audit_undo_of',
      '007_idempotency_keys',
      '008_audit_chain_linker',
      '011_privacy_requests',
      '012_audit_scale',
      '013_webhooks',
      '014_audit_persons',
    ]);
  });

  it('writes, filters and pages records, newest first', async () => {
    for (let i = 0; i < 5; i++) {
      await audit.write({
        actor: { id: `sub-${tag}`, name: tag },
        action: i % 2 ? 'catalogue.achievements.update' : 'catalogue.achievements.create',
        target: { type: 'catalogue.achievements', id: i },
        before: i % 2 ? { name: 'alt' } : null,
        after: { name: `neu ${i}` },
        outcome: 'success',
      });
    }
    const page = await audit.list({ person: tag }, { offset: 0, limit: 2 });
    expect(page.total).toBe(5);
    expect(page.rows.map((r) => r.targetId)).toEqual(['4', '3']);
    const updates = await audit.list(
      { person: tag, action: 'catalogue.achievements.update' },
      { offset: 0, limit: 10 },
    );
    expect(updates.rows.map((r) => r.targetId)).toEqual(['3', '1']);
    expect(updates.rows[0]).toMatchObject({ before: { name: 'alt' }, after: { name: 'neu 3' } });
    const byTarget = await audit.list(
      { person: tag, target: 'catalogue.achievements 2' },
      { offset: 0, limit: 10 },
    );
    expect(byTarget.total).toBe(1);
    // LIKE wildcards in a filter are plain text.
    expect((await audit.list({ person: '%' }, { offset: 0, limit: 1 })).total).toBe(0);
  });

  it('hands every filtered record out once in keyset pages, newest first, microseconds apart too', async () => {
    const db = await database.open();
    const person = `pages-${Math.random().toString(36).slice(2)}`;
    // Two records share a timestamp, two are a microsecond apart (a JS Date would merge them).
    const ats = [
      '2026-03-01 10:00:00.000001+00',
      '2026-03-01 10:00:00.000002+00',
      '2026-03-01 10:00:00.000002+00',
      '2026-03-01 10:00:00.000003+00',
      '2026-03-01 09:00:00+00',
      '2026-03-01 11:00:00+00',
      '2026-03-01 08:00:00+00',
    ];
    for (const [i, at] of ats.entries()) {
      await sql`insert into audit_log (at, actor_name, action, target_id, outcome)
                values (${at}::timestamptz, ${person}, 'pages.test', ${String(i)}, 'success')`.execute(db);
    }
    const pages: string[][] = [];
    for await (const page of audit.pages({ person }, 3)) pages.push(page.map((r) => r.targetId ?? ''));
    expect(pages.map((p) => p.length)).toEqual([3, 3, 1]);
    // 11:00, .000003, .000002 (the later id first), .000002, .000001, 09:00, 08:00
    expect(pages.flat()).toEqual(['5', '3', '2', '1', '0', '4', '6']);
    const none: unknown[] = [];
    for await (const page of audit.pages({ person: `${person}-nobody` }, 3)) none.push(page);
    expect(none).toEqual([]);
  });

  it('chains every record and completion; the verification finds a record changed behind the trigger', async () => {
    const id = await audit.begin({ actor: null, action: `${tag}.chain`, target: { type: 't', id: null } });
    expect(await audit.complete(id, { outcome: 'failed', status: 502, targetId: 3 })).toBe(true);
    const report = await audit.verifyChain();
    expect(report.broken).toBeUndefined();
    expect(report.lastSeq).toBeGreaterThanOrEqual(2);
    if (_name !== 'PGlite') return; // the shared PostgreSQL database is not tampered with
    const db = await database.open();
    await sql`alter table audit_log disable trigger audit_log_no_change`.execute(db);
    await sql`update audit_log set status = 500 where id = ${id}`.execute(db);
    const broken = await audit.verifyChain();
    expect(broken.broken?.reason).toBe('Inhalt verändert');
    expect(broken.broken?.recordId).toBe(id);
    await sql`update audit_log set status = 502 where id = ${id}`.execute(db);
    await sql`alter table audit_log enable trigger audit_log_no_change`.execute(db);
    expect((await audit.verifyChain()).intact).toBe(true);
  });

  it('refuses to change or delete a record', async () => {
    const db = await database.open();
    // The records name the person by number (decision 099).
    const ids = (await audit.list({ person: tag }, { offset: 0, limit: 10 })).rows.map((r) => r.id);
    await expect(
      db.updateTable('audit_log').set({ action: 'x' }).where('id', 'in', ids).execute(),
    ).rejects.toThrow(/cannot be changed or deleted/);
    await expect(db.deleteFrom('audit_log').where('id', 'in', ids).execute()).rejects.toThrow(
      /cannot be changed or deleted/,
    );
    await expect(sql`truncate audit_log`.execute(db)).rejects.toThrow(/cannot be changed or deleted/);
    expect((await audit.list({ person: tag }, { offset: 0, limit: 1 })).total).toBe(5);
  });

  it('purges only records older than the retention period', async () => {
    const db = await database.open();
    const old = `${tag}-old`;
    await db
      .insertInto('audit_log')
      .values({
        at: new Date(Date.now() - 200 * 86_400_000),
        actor_id: null,
        actor_name: old,
        action: 'auth.sign-in',
        target_type: null,
        target_id: null,
        before: null,
        after: null,
        outcome: 'success',
        status: null,
        detail: null,
        request_id: null,
        client_ip: null,
      })
      .execute();
    expect((await audit.list({ person: old }, { offset: 0, limit: 1 })).total).toBe(1);
    expect(await purgeExpired(audit, 180)).toBeGreaterThanOrEqual(1);
    expect((await audit.list({ person: old }, { offset: 0, limit: 1 })).total).toBe(0);
    expect((await audit.list({ person: tag }, { offset: 0, limit: 1 })).total).toBe(5);
    // The purge's permission does not outlive its transaction.
    const ids = (await audit.list({ person: tag }, { offset: 0, limit: 10 })).rows.map((r) => r.id);
    await expect(db.deleteFrom('audit_log').where('id', 'in', ids).execute()).rejects.toThrow();
  });

  it('completes an intent once; only what completes it may change, and only while it is open', async () => {
    const db = await database.open();
    const actor = { id: `sub-${tag}`, name: `${tag}-intent` };
    const id = await audit.begin({
      actor,
      action: 'catalogue.skins.update',
      target: { type: 'catalogue.skins', id: 7 },
      before: { name: 'alt' },
      sent: { name: 'neu' },
    });
    await expect(
      db.updateTable('audit_log').set({ action: 'anders' }).where('id', '=', id).execute(),
    ).rejects.toThrow(/cannot be changed or deleted/);
    expect(await audit.complete(id, { outcome: 'success', after: { name: 'neu' } })).toBe(true);
    expect(await audit.complete(id, { outcome: 'failed', status: 500 })).toBe(false);
    await expect(
      db.updateTable('audit_log').set({ outcome: 'failed' }).where('id', '=', id).execute(),
    ).rejects.toThrow(/cannot be changed or deleted/);
    const [row] = (await audit.list({ person: actor.name }, { offset: 0, limit: 5 })).rows;
    expect(row).toMatchObject({
      outcome: 'success',
      before: { name: 'alt' },
      sent: { name: 'neu' },
      after: { name: 'neu' },
    });
  });

  it('closes intents older than the cut-off as unknown, not newer ones', async () => {
    const db = await database.open();
    const name = `${tag}-sweep`;
    // An intent of an hour ago (a crash then); other test files' open intents are seconds old.
    const values = {
      actor_id: null,
      actor_name: name,
      action: 'catalogue.skins.create',
      outcome: 'pending' as const,
    };
    await db
      .insertInto('audit_log')
      .values({
        ...values,
        at: new Date(Date.now() - 3_600_000),
        target_type: null,
        target_id: null,
        before: null,
        after: null,
        status: null,
        detail: null,
        request_id: null,
        client_ip: null,
      })
      .execute();
    await audit.begin({ actor: { id: 'x', name }, action: 'catalogue.skins.create', sent: { name: 'b' } });
    expect(await audit.closeAbandoned(new Date(Date.now() - 1_800_000))).toBeGreaterThanOrEqual(1);
    const rows = (await audit.list({ person: name }, { offset: 0, limit: 5 })).rows;
    expect(rows.map((r) => r.outcome).sort()).toEqual(['pending', 'unknown']);
    expect(rows.find((r) => r.outcome === 'unknown')).toMatchObject({
      detail: 'abgebrochen: kein Abschluss (Neustart oder Absturz)',
    });
  });

  it('stores any text: NUL and unpaired surrogates as visible escapes, not a lost record', async () => {
    const name = `${tag}-text`;
    await audit.write({
      actor: { id: `sub-${tag}`, name },
      action: 'catalogue.skins.update',
      before: { name: 'harmlos\u0000' },
      after: { name: 'x\uD83D', 'k\u0000': 'ok 😀' },
      outcome: 'success',
      detail: 'a\u0000b',
    });
    const [row] = (await audit.list({ person: name }, { offset: 0, limit: 1 })).rows;
    expect(row).toMatchObject({
      before: { name: 'harmlos\\u0000' },
      after: { name: 'x\\ud83d', 'k\\u0000': 'ok 😀' },
      detail: 'a\\u0000b',
    });
  });
});

describe('PGlite in DATA_DIR', () => {
  it('keeps records across a restart and migrates only once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nova-pglite-'));
    try {
      const first = createDatabase({ kind: 'pglite', dataDir: dir });
      await new AuditLog(first).write({ actor: null, action: 'auth.sign-out', outcome: 'success' });
      await first.close();
      const second = createDatabase({ kind: 'pglite', dataDir: dir });
      const rows = await new AuditLog(second).list({ action: 'auth.sign-out' }, { offset: 0, limit: 10 });
      expect(rows.total).toBe(1);
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
