/**
 * The audit log at scale (decision 104), on a PostgreSQL database of its own seeded with 60,000
 * chained records (scripts/seed-audit.ts): the viewer's filters use their indexes (no sequential
 * scan of the log), the count stops at its bound, pages by position stay the same while records are
 * written, and the chain status checks only what is new since the point it verified last.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seedAudit } from '../scripts/seed-audit';
import { AuditLog, type AuditFilter } from '../src/audit/log';
import { createDatabase, type Database } from '../src/db/database';

const RECORDS = 60_000;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  Plans?: PlanNode[];
}

const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

describe('the audit log at scale', () => {
  const name = `nova_test_audit_scale_${process.pid}_${Date.now().toString(36)}`;
  let url: string;
  let admin: string;
  let client: pg.Client;
  let database: Database;
  let audit: AuditLog;

  beforeAll(async () => {
    const server = new URL(inject('databaseUrl'));
    admin = new URL('/postgres', server).href;
    url = new URL(`/${name}`, server).href;
    const creator = new pg.Client({ connectionString: admin });
    await creator.connect();
    await creator.query(`create database "${name}"`);
    await creator.end();
    await seedAudit(url, RECORDS, { end: new Date(Date.now() - 60_000) });
    client = new pg.Client({ connectionString: url });
    await client.connect();
    database = createDatabase(
      { kind: 'postgres', url },
      { timeouts: { connectMs: 5000, statementMs: 120_000 } },
    );
    audit = new AuditLog(database);
  }, 900_000);

  afterAll(async () => {
    await client.end();
    await database.close();
    const dropper = new pg.Client({ connectionString: admin });
    await dropper.connect();
    await dropper.query(`drop database if exists "${name}" with (force)`);
    await dropper.end();
  }, 120_000);

  async function plans(filter: AuditFilter, analyze = false): Promise<PlanNode[][]> {
    const statements = await audit.listStatements(filter, { limit: 25 });
    const result: PlanNode[][] = [];
    for (const statement of statements) {
      const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
        `explain (format json${analyze ? ', analyze' : ''}) ${statement.sql}`,
        statement.parameters as unknown[],
      );
      const plan = rows[0]?.['QUERY PLAN'][0].Plan;
      if (!plan) throw new Error('no plan');
      result.push(nodesOf(plan));
    }
    return result;
  }

  const sequentialScans = (nodes: PlanNode[]) =>
    nodes.filter((node) => node['Node Type'] === 'Seq Scan' && node['Relation Name'] === 'audit_log');
  const indexesOf = (nodes: PlanNode[]) => nodes.map((node) => node['Index Name']).filter(Boolean);

  it.each<[string, AuditFilter, string]>([
    ['a rare person', { person: 'quirin4006' }, 'audit_log_actor_person'],
    ['a rare keyword (a name and a number)', { target: 'Stahl 258' }, 'audit_log_search_text'],
    ['a keyword that is a number', { target: '4.900' }, 'audit_log_search_keys'],
    ['an area', { area: 'sync' }, 'audit_log_action'],
  ])('finds %s through its index, never by reading the whole log', async (_what, filter, index) => {
    const [page = [], count = []] = await plans(filter);
    expect(sequentialScans(page)).toEqual([]);
    expect(sequentialScans(count)).toEqual([]);
    expect([...indexesOf(page), ...indexesOf(count)]).toContain(index);
  });

  it.each<[string, AuditFilter]>([
    ['the first page', {}],
    ['a frequent person', { person: 'mod_kai' }],
    ['a frequent keyword', { target: 'Geld' }],
  ])('reads %s newest first by the time index', async (_what, filter) => {
    for (const nodes of await plans(filter)) {
      expect(sequentialScans(nodes)).toEqual([]);
    }
  });

  it('counts at most 1,001 records and says "more" past 1,000', async () => {
    const [, count = []] = await plans({}, true);
    const limit = count.find((node) => node['Node Type'] === 'Limit');
    expect(limit?.['Actual Rows']).toBe(1001);
    const page = await audit.list({}, { limit: 25 });
    expect(page.total).toBe(1000);
    expect(page.more).toBe(true);
    const few = await audit.list({ target: 'Stahl 258' }, { limit: 25 });
    expect(few.more).toBe(false);
    expect(few.total).toBeLessThan(1000);
  });

  it('keeps the pages by position the same while records are written', async () => {
    const before = await audit.list({}, { offset: 0, limit: 75 });
    const first = await audit.list({}, { limit: 25 });
    expect(first.rows.map((r) => r.id)).toEqual(before.rows.slice(0, 25).map((r) => r.id));
    for (let i = 0; i < 30; i++) {
      await audit.write({
        actor: { id: 'sub-scale', name: 'scale' },
        action: 'audit.export',
        outcome: 'success',
      });
    }
    const second = await audit.list({}, { after: first.last ?? '', limit: 25 });
    expect(second.rows.map((r) => r.id)).toEqual(before.rows.slice(25, 50).map((r) => r.id));
    const third = await audit.list({}, { after: second.last ?? '', limit: 25 });
    expect(third.rows.map((r) => r.id)).toEqual(before.rows.slice(50, 75).map((r) => r.id));
    const back = await audit.list({}, { before: second.first ?? '', limit: 25 });
    expect(back.rows.map((r) => r.id)).toEqual(first.rows.map((r) => r.id));
    expect(back.hasNext).toBe(true);
  });

  it('checks only the new events of the chain and finds a changed new one', async () => {
    const start = Date.now();
    const whole = await audit.chainStatus(start);
    expect(whole.intact).toBe(true);
    expect(whole.events).toBeGreaterThanOrEqual(RECORDS);

    // A record before the verified point changed behind the database's back: the status does not
    // read it again (the whole check does).
    await client.query(`set session_replication_role = replica`);
    const { rows: old } = await client.query<{ seq: string }>(
      `update audit_log set detail = 'nachträglich'
       where seq = (select min(seq) from audit_log where seq >= 10 and completed_at is null) returning seq::text`,
    );
    const oldSeq = Number(old[0]?.seq);
    for (let i = 0; i < 3; i++) {
      await audit.write({
        actor: { id: 'sub-scale', name: 'scale' },
        action: 'audit.export',
        outcome: 'success',
      });
    }
    await audit.link();
    const next = await audit.chainStatus(start + 31_000);
    expect(next.intact).toBe(true);
    expect(next.events).toBe(whole.events + 3);

    // A new record changed after it was linked: found by the next status.
    await audit.write({
      actor: { id: 'sub-scale', name: 'scale' },
      action: 'audit.export',
      outcome: 'success',
    });
    await audit.link();
    const { rows } = await client.query<{ seq: string }>(
      `update audit_log set detail = 'nachträglich' where seq = (select max(seq) from audit_log) returning seq::text`,
    );
    const changed = Number(rows[0]?.seq);
    const broken = await audit.chainStatus(start + 62_000);
    expect(broken.intact).toBe(false);
    expect(broken.broken).toMatchObject({ seq: changed, reason: 'Inhalt verändert' });

    const full = await audit.verifyChain();
    expect(full.broken).toMatchObject({ seq: oldSeq, reason: 'Inhalt verändert' });
  }, 300_000);
});
