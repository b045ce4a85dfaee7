// Exports without stalls (decision 071): /healthz latency while five admins export 100,000 audit
// records at once, against a stack of its own (dev-idp, game-api-sim and a BFF on a PostgreSQL
// database of its own, made and dropped here). Budget: /healthz p95 ≤ 100 ms.
// Called by scripts/bench.mjs; `BENCH_DATABASE_URL` names the PostgreSQL server (default: the local
// one), `BENCH_EXPORT_RECORDS` fewer records for a quick run.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT, freePort, startNode, stopAll, waitForHttp } from '../lib/processes.mjs';

export const EXPORT_BUDGETS = { healthzP95Ms: 100 };

// The BFF's own PostgreSQL driver (the repository root does not depend on it).
const pg = createRequire(join(ROOT, 'apps/bff/package.json'))('pg');

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

/** One statement on the server's `postgres` database (create and drop a bench's own database). */
export async function onDatabase(url, text) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * Plain INSERTs of 2,000 records a statement (each its own transaction), ~500 bytes of CSV a record,
 * after the BFF has migrated the database.
 */
async function seed(url, records) {
  for (let from = 1; from <= records; from += 2_000) {
    await onDatabase(
      url,
      `insert into audit_log (at, actor_id, actor_name, action, target_type, target_id, before, after, outcome, detail, request_id, client_ip)
        select now() - make_interval(secs => i), 'subject-' || i, 'person ' || (i % 50), 'catalogue.wantedReasons.update',
               'catalogue.wantedReasons', i::text,
               jsonb_build_object('name', repeat('v', 80), 'price', i), jsonb_build_object('name', repeat('n', 80), 'price', i + 1),
               'success', 'Hinweis ' || i, 'req-' || i, '198.51.100.0'
        from generate_series(${from}, ${Math.min(from + 1_999, records)}) as i`,
    );
  }
}

async function signInAsAdmin(browser, bffUrl) {
  const page = await browser.newPage();
  try {
    await page.goto(`${bffUrl}/auth/login?returnTo=/control-panel`);
    await page.getByLabel('Benutzername').fill('admin');
    await page.getByLabel('Passwort').fill('admin');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.waitForURL('**/control-panel/**');
    return (await page.context().cookies(bffUrl)).map((c) => `${c.name}=${c.value}`).join('; ');
  } finally {
    await page.context().close();
  }
}

async function download(url, cookie) {
  const started = performance.now();
  const response = await fetch(url, { headers: { cookie, 'x-csrf': '1' } });
  if (response.status !== 200) throw new Error(`export answered ${response.status}`);
  let bytes = 0;
  for await (const chunk of response.body) bytes += chunk.byteLength;
  return { bytes, ms: performance.now() - started };
}

export async function measureExportStalls({
  browser,
  records = Number(process.env.BENCH_EXPORT_RECORDS ?? 100_000),
  exports = 5,
  serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
}) {
  const name = `nova_bench_export_${process.pid}`;
  const databaseUrl = new URL(`/${name}`, serverUrl).href;
  const [bffPort, idpPort, simPort] = [await freePort(), await freePort(), await freePort()];
  const bffUrl = `http://localhost:${bffPort}`;
  const issuer = `http://localhost:${idpPort}/realms/nova`;
  await onDatabase(serverUrl, `create database "${name}"`);
  const children = [
    startNode(
      'dev-idp',
      'apps/dev-idp/dist/server.js',
      { DEV_IDP_PORT: String(idpPort), PUBLIC_URL: bffUrl },
      { quiet: true },
    ),
    startNode(
      'game-api-sim',
      'apps/game-api-sim/dist/server.js',
      { GAME_API_PORT: String(simPort), OIDC_ISSUER: issuer },
      { quiet: true },
    ),
    startNode(
      'bff',
      'apps/bff/dist/server.js',
      {
        PORT: String(bffPort),
        PUBLIC_URL: bffUrl,
        OIDC_ISSUER: issuer,
        GAME_API_URL: `http://localhost:${simPort}/`,
        DATABASE_URL: databaseUrl,
        LOG_LEVEL: 'warn',
      },
      { quiet: true },
    ),
  ];
  try {
    await waitForHttp(`${issuer}/.well-known/openid-configuration`);
    await waitForHttp(`${bffUrl}/healthz`);
    await seed(databaseUrl, records);
    const cookie = await signInAsAdmin(browser, bffUrl);

    const latencies = [];
    let running = true;
    const probe = (async () => {
      while (running) {
        const started = performance.now();
        const answer = await fetch(`${bffUrl}/healthz`);
        await answer.arrayBuffer();
        latencies.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const results = await Promise.all(
      Array.from({ length: exports }, () => download(`${bffUrl}/export/audit-log.csv`, cookie)),
    ).finally(() => (running = false));
    await probe;
    const sorted = [...latencies].sort((a, b) => a - b);
    const p95Ms = quantile(sorted, 0.95);
    return {
      records,
      exports,
      exportMs: results.map((r) => Math.round(r.ms)),
      megabytes: Number((results[0].bytes / 2 ** 20).toFixed(1)),
      healthz: {
        probes: sorted.length,
        medianMs: Number(quantile(sorted, 0.5).toFixed(1)),
        p95Ms: Number(p95Ms.toFixed(1)),
        maxMs: Number(quantile(sorted, 1).toFixed(1)),
      },
      budgetP95Ms: EXPORT_BUDGETS.healthzP95Ms,
      ok: p95Ms <= EXPORT_BUDGETS.healthzP95Ms,
    };
  } finally {
    const alive = children.filter((child) => child.exitCode === null);
    const exited = alive.map((child) => new Promise((resolve) => child.once('exit', resolve)));
    stopAll(alive);
    await Promise.all(exited);
    await onDatabase(serverUrl, `drop database if exists "${name}" with (force)`);
  }
}
