// The audit log at a million records (decision 104): the viewer's list (page and bounded count) for
// the first page, a person, an area, a keyword and page 20,000 (by position), and the chain status of
// what is new since the point verified last; budget ≤ 100 ms each. On a PostgreSQL database kept
// between runs (`nova_bench_audit_<records>` on BENCH_DATABASE_URL's server, default the local one),
// seeded by apps/bff/scripts/seed-audit.ts on the first run (minutes; later runs reuse it).
// BENCH_AUDIT=0 skips it, BENCH_AUDIT_RECORDS sets the size (default 1,000,000).
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT } from '../lib/processes.mjs';

export const AUDIT_SCALE_BUDGET_MS = 100;

// The BFF's own PostgreSQL driver (the repository root does not depend on it).
const pg = createRequire(join(ROOT, 'apps/bff/package.json'))('pg');

async function ensureDatabase(serverUrl, name) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rows } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (rows.length === 0) await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
}

function run(args) {
  return new Promise((resolve, reject) => {
    const child = spawn('pnpm', ['--filter', '@nova/bff', 'exec', 'tsx', ...args], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`audit-scale-bench exited with ${code}`)),
    );
  });
}

export async function measureAuditScale({
  records = Number(process.env.BENCH_AUDIT_RECORDS ?? 1_000_000),
  serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
} = {}) {
  if (process.env.BENCH_AUDIT === '0') return null;
  const name = `nova_bench_audit_${records}`;
  await ensureDatabase(serverUrl, name);
  const databaseUrl = new URL(`/${name}`, serverUrl).href;
  const out = await run([
    'scripts/audit-scale-bench.ts',
    '--database',
    databaseUrl,
    '--records',
    String(records),
  ]);
  const figures = JSON.parse(out.trim().split('\n').at(-1));
  const checked = [
    figures.firstPage,
    figures.person,
    figures.personRare,
    figures.area,
    figures.keyword,
    figures.keywordRare,
    figures.deepByPosition,
    figures.chainNew.ms,
  ];
  return {
    ...figures,
    database: name,
    budgetMs: AUDIT_SCALE_BUDGET_MS,
    ok: figures.chainNew.intact && checked.every((ms) => ms !== null && ms <= AUDIT_SCALE_BUDGET_MS),
  };
}

/** The figures as the bench prints them (German, like the rest of its output). */
export function printAuditScale(a, { cpus, load }) {
  if (!a) {
    console.log('\nAudit-Log bei 1.000.000 Einträgen: übersprungen (BENCH_AUDIT=0)');
    return;
  }
  const mark = (ms) => (ms !== null && ms <= a.budgetMs ? '✓' : '✗');
  const line = (label, ms) =>
    console.log(`  ${mark(ms)} ${label.padEnd(44)} ${ms === null ? '–' : `${ms} ms`}`);
  console.log(
    `\nAudit-Log mit ${a.records.toLocaleString('de-DE')} Einträgen (PostgreSQL, Datenbank ${a.database}${a.seededMs ? `, gefüllt in ${Math.round(a.seededMs / 1000)} s` : ', wiederverwendet'}; Median von 7; Budget ≤ ${a.budgetMs} ms; Last ${load} bei ${cpus} Kernen):`,
  );
  line('erste Seite (mit Zählung bis 1.000)', a.firstPage);
  line('Person, häufig (mod_kai)', a.person);
  line('Person, selten (quirin4006)', a.personRare);
  line('Bereich (Katalog Radiosender)', a.area);
  line('Stichwort, häufig (Geld)', a.keyword);
  line('Stichwort, selten (Stahl 258)', a.keywordRare);
  line('Seite 20.000 über die Position („Weiter“)', a.deepByPosition);
  console.log(
    `    (Seite 20.000 über die Seitenzahl, ohne Position: ${a.deepByNumber} ms – nur zum Vergleich)`,
  );
  line(`Prüfkette: ${a.chainNew.events} neue Ereignisse seit dem geprüften Punkt`, a.chainNew.ms);
}

// Alone: `node scripts/bench/audit-scale.mjs` prints just these figures.
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').slice(-2).join('/'))) {
  const { cpus, loadavg } = await import('node:os');
  const figures = await measureAuditScale();
  printAuditScale(figures, { cpus: cpus().length, load: loadavg()[0].toFixed(1) });
  process.exit(figures && !figures.ok ? 1 : 0);
}
