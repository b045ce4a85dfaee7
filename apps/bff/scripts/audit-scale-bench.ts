/**
 * The audit log's figures at scale (decision 104), for `pnpm bench` (scripts/bench/audit-scale.mjs):
 * on a PostgreSQL database holding `--records` seeded records (seeded first when it holds fewer),
 * the viewer's list as the procedure calls it (page and bounded count) for the first page, a person,
 * an area, a keyword and a page 20,000 deep (by position, and by page number for comparison), and the
 * chain status after 100 new records from the point verified last. Medians of 7 after one warm-up.
 * Prints one JSON line last.
 *
 *   pnpm --filter @nova/bff exec tsx scripts/audit-scale-bench.ts --database postgres://…/nova_bench_audit_1000000 --records 1000000
 */
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { verifyChain } from '../src/audit/chain';
import { AuditLog, type AuditFilter } from '../src/audit/log';
import { createDatabase } from '../src/db/database';
import { seedAudit } from './seed-audit';

const RUNS = 7;
const PAGE_SIZE = 25;
const DEEP_PAGE = 20_000;

const { values } = parseArgs({
  options: { database: { type: 'string' }, records: { type: 'string', default: '1000000' } },
});
if (!values.database) throw new Error('--database postgres://… names the database');
const url = values.database;
const records = Number(values.records);
const say = (line: string) => process.stderr.write(`${line}\n`);

const database = createDatabase(
  { kind: 'postgres', url },
  { timeouts: { connectMs: 10_000, statementMs: 600_000 } },
);
const db = await database.open();
const held = Number(
  (await sql<{ n: string }>`select count(*)::text as n from audit_log`.execute(db)).rows[0]?.n ?? 0,
);
let seededMs: number | null = null;
if (held < records) {
  say(`Audit-Log: ${held} Einträge, fülle auf ${records} …`);
  seededMs = (await seedAudit(url, records - held, { log: say })).ms;
}
const audit = new AuditLog(database);

async function median(run: () => Promise<unknown>): Promise<number> {
  await run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return Math.round(times[Math.floor(RUNS / 2)] ?? 0);
}

const list = (filter: AuditFilter, page: Parameters<AuditLog['list']>[1] = { limit: PAGE_SIZE }) =>
  median(() => audit.list(filter, page));

// The position of page 20,000's first row: where "Weiter" 19,999 times would lead.
const deep = await sql<{ us: string; id: string }>`
  select (extract(epoch from at) * 1000000)::bigint::text as us, id::text from audit_log
  order by at desc, id desc offset ${(DEEP_PAGE - 1) * PAGE_SIZE - 1} limit 1`.execute(db);
const position = deep.rows[0] ? `${deep.rows[0].us}.${deep.rows[0].id}` : null;

const figures = {
  firstPage: await list({}),
  person: await list({ person: 'mod_kai' }),
  personRare: await list({ person: 'quirin4006' }),
  area: await list({ area: 'serverRadios' }),
  keyword: await list({ target: 'Geld' }),
  keywordRare: await list({ target: 'Stahl 258' }),
  deepByPosition: position ? await list({}, { after: position, limit: PAGE_SIZE }) : null,
  deepByNumber: await list({}, { offset: (DEEP_PAGE - 1) * PAGE_SIZE, limit: PAGE_SIZE }),
};

// The chain status from the point verified last: the head now, then 100 new records.
await audit.link();
const head = await audit.head();
for (let i = 0; i < 100; i++) {
  await audit.write({ actor: { id: 'bench', name: 'bench' }, action: 'audit.export', outcome: 'success' });
}
await audit.link();
const started = performance.now();
const report = await verifyChain(db, { from: { seq: head.seq, hash: head.hash, events: 0 } });
const chainMs = Math.round(performance.now() - started);
await database.close();
process.stdout.write(
  `${JSON.stringify({ records: Math.max(held, records), seededMs, ...figures, chainNew: { ms: chainMs, events: report.events, intact: report.intact } })}\n`,
);
