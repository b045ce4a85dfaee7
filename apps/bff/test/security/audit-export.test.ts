/**
 * The audit export as a streamed download (decision 059): the same access rules as the tRPC export
 * had (web:admin, CSRF proof, no machine clients), a file German Excel opens as it is (BOM, `;`,
 * Berlin time), formula cells neutralised, and memory bounded at 100,000 rows while /healthz keeps
 * answering during five exports at once (times reported, memory asserted).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { linkPending, verifyChain } from '../../src/audit/chain';
import { createDatabase, type Database } from '../../src/db/database';
import { reportFigure } from '../figures';
import { sharedTestDatabase, testApp } from '../helpers';
import { startTarget, type Target } from './fixture';

const PATH = '/export/audit-log.csv';
const HEADER =
  'Zeitpunkt;Person;Anmeldename;Subjekt;Aktion;Zieltyp;Ziel-ID;Ergebnis;Status;Hinweis;Vorher;Nachher;Gesendet;Anfrage;IP (gekürzt);Zugang;Client;Nr.;Zeitpunkt (UTC);Nimmt zurück (Nr.)';

/** Splits CSV text (RFC 4180 with `;`) into rows of cells, honouring quotes and line breaks in them. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charAt(i);
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ';') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

describe('security: the audit export download', () => {
  let target: Target;
  const marker = `export-test.${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    target = await startTarget();
    const db = await sharedTestDatabase().open();
    await db
      .insertInto('audit_log')
      .values([
        {
          at: new Date('2026-07-01T10:00:00.000Z'),
          actor_id: 'admin-id',
          actor_name: '=HYPERLINK("http://böse.example","klick")',
          action: `${marker}.summer`,
          target_type: '+SUM(A1)',
          target_id: '-42',
          before: JSON.stringify({ name: 'alt' }),
          after: JSON.stringify({ name: 'neu' }),
          outcome: 'success',
          status: null,
          detail: 'Semikolon; "Anführungszeichen" und\r\nzwei Zeilen',
          request_id: '@req',
          client_ip: '\tTab',
        },
        {
          at: new Date('2026-01-15T23:30:00.000Z'),
          actor_id: 'admin-id',
          actor_name: 'admin',
          action: `${marker}.winter`,
          target_type: 'catalogue.wantedReasons',
          target_id: '7',
          before: null,
          after: null,
          outcome: 'refused',
          status: 409,
          detail: '\rWagenrücklauf',
          request_id: null,
          client_ip: '203.0.113.0',
        },
      ])
      .execute();
  });
  afterAll(() => target.close());

  const get = (url: string, headers: Record<string, string>) =>
    target.app.inject({ method: 'GET', url, headers });

  it('is a UTF-8 file with BOM, `;` separators, Berlin time and neutralised formula cells', async () => {
    const response = await get(`${PATH}?action=${encodeURIComponent(marker)}`, {
      'x-csrf': '1',
      cookie: target.cookie('admin'),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="audit-log-[\d-]+\.csv"$/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));

    const text = response.rawPayload.toString('utf8');
    expect(text.startsWith(`\uFEFF${HEADER}\r\n`)).toBe(true);
    const [header, summer, winter, ...rest] = parseCsv(text.slice(1));
    expect(rest).toEqual([]);
    expect(header?.join(';')).toBe(HEADER);
    const col = (name: string) => header?.indexOf(name) ?? -1;

    // Newest first; summer time (UTC+2) and winter time (UTC+1), across midnight.
    expect(summer?.[col('Zeitpunkt')]).toBe('01.07.2026 12:00:00');
    expect(summer?.[col('Zeitpunkt (UTC)')]).toBe('2026-07-01T10:00:00.000Z');
    expect(winter?.[col('Zeitpunkt')]).toBe('16.01.2026 00:30:00');

    // Formula cells start with an apostrophe; the text survives quoting, `;` and line breaks.
    expect(summer?.[col('Person')]).toBe(`'=HYPERLINK("http://böse.example","klick")`);
    expect(summer?.[col('Zieltyp')]).toBe("'+SUM(A1)");
    expect(summer?.[col('Ziel-ID')]).toBe("'-42");
    expect(summer?.[col('Anfrage')]).toBe("'@req");
    expect(summer?.[col('IP (gekürzt)')]).toBe("'\tTab");
    expect(winter?.[col('Hinweis')]).toBe("'\rWagenrücklauf");
    expect(summer?.[col('Hinweis')]).toBe('Semikolon; "Anführungszeichen" und\r\nzwei Zeilen');
    expect(summer?.[col('Vorher')]).toBe('{"name":"alt"}');
    expect(winter?.[col('Status')]).toBe('409');
    expect(winter?.[col('Ergebnis')]).toBe('refused');
    // The raw line: every dangerous cell is quoted or prefixed, never a bare `=` after a separator.
    expect(text).not.toMatch(/(^|;|\n)[=+\-@]/m);
  });

  it('refuses callers as the policy and the CSRF rules say, before any database read', async () => {
    const admin = target.cookie('admin');
    const status = async (headers: Record<string, string>, query = '') =>
      (await get(`${PATH}${query}`, headers)).statusCode;
    expect(await status({ 'x-csrf': '1' })).toBe(401);
    expect(await status({ 'x-csrf': '1', cookie: target.cookie('spieler') })).toBe(403);
    expect(await status({ 'x-csrf': '1', cookie: target.cookie('hubOnly') })).toBe(403);
    expect(await status({ 'x-csrf': '1', cookie: target.cookie('adminOnly') })).toBe(200);
    // The CSRF proof: a link from elsewhere or a cross-site fetch never gets the file.
    expect(await status({ cookie: admin })).toBe(403);
    expect(await status({ 'x-csrf': '1', cookie: admin, origin: 'https://evil.example' })).toBe(403);
    expect(await status({ 'x-csrf': '1', cookie: admin, 'sec-fetch-site': 'cross-site' })).toBe(403);
    // Machine clients are not granted the audit log; bad tokens never fall back to the cookie.
    expect(await status({ authorization: `Bearer ${target.tokens.integrator}` })).toBe(403);
    expect(await status({ authorization: `Bearer ${target.tokens.forged}`, cookie: admin })).toBe(401);
    expect(await status({ authorization: `Bearer ${target.tokens.algNone}` })).toBe(401);
    // The viewer's filter is validated like audit.list's.
    expect(await status({ 'x-csrf': '1', cookie: admin }, '?from=gestern')).toBe(400);
    expect(await status({ 'x-csrf': '1', cookie: admin }, '?unknown=1')).toBe(400);
    const refused = await get(PATH, { 'x-csrf': '1', cookie: target.cookie('spieler') });
    expect(refused.json<{ error: { message: string } }>().error.message).toBe(
      'Sorry, hierfür besitzt du keine Berechtigung.',
    );
  });
});

/** A full garbage collection on demand (the test process runs without --expose-gc). */
function collector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

describe('security: the audit export at 100,000 rows', () => {
  const ROWS = 100_000;
  const name = `nova_test_${process.pid}_export_${Date.now().toString(36)}`;
  const adminUrl = new URL(inject('databaseUrl'));
  let database: Database;
  let target: Target;
  let app: FastifyInstance;
  let base: string;

  /** A statement through its own connection (no statement timeout), on `postgres` or the test's database. */
  async function admin(text: string, on = 'postgres') {
    const client = new pg.Client({ connectionString: new URL(`/${on}`, adminUrl).href });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    await admin(`create database "${name}"`);
    database = createDatabase({ kind: 'postgres', url: new URL(`/${name}`, adminUrl).href });
    await database.open();
    // About 500 bytes of CSV a row: 100,000 rows are ~50 MB, more than the memory budget. Seeded in
    // statements of 2,000 rows: every row's chain trigger updates the one chain head, and within one
    // statement those row versions pile up (quadratic time); between statements they are pruned.
    for (let from = 1; from <= ROWS; from += 2_000) {
      await admin(
        `insert into audit_log (at, actor_id, actor_name, action, target_type, target_id, before, after, outcome, detail, request_id, client_ip)
          select now() - make_interval(secs => i), 'subject-' || i, 'person ' || (i % 50), 'catalogue.wantedReasons.update',
                 'catalogue.wantedReasons', i::text,
                 jsonb_build_object('name', repeat('v', 80), 'price', i, 'text', 'Ein "Grund"; mit Semikolon'),
                 jsonb_build_object('name', repeat('n', 80), 'price', i + 1, 'text', 'Ein "Grund"; mit Semikolon'),
                 'success', 'Hinweis ' || i, 'req-' || i, '198.51.100.0'
          from generate_series(${from}, ${Math.min(from + 1_999, ROWS)}) as i`,
        name,
      );
    }
    target = await startTarget();
    await target.app.close();
    app = await testApp(
      {
        OIDC_ISSUER: target.issuer.issuer,
        OIDC_CLIENT_ID: 'nova-web',
        GAME_API_URL: target.api.url,
        RATE_LIMIT_TRPC_PER_CLIENT: '10000000',
        RATE_LIMIT_TRPC_PER_USER: '10000000',
      },
      { store: target.store, database },
    );
    base = await app.listen({ port: 0, host: '127.0.0.1' });
    // 100,000 rows seeded on the machine's PostgreSQL, which other test files and checkouts share.
  }, 300_000);

  afterAll(async () => {
    await app.close();
    await target.api.close();
    await target.issuer.close();
    await target.store.close();
    await database.close();
    await admin(`drop database if exists "${name}" with (force)`);
  });

  /** Reads a download chunk by chunk without keeping it: counts bytes and lines. */
  async function download(): Promise<{ bytes: number; lines: number; ms: number }> {
    const started = performance.now();
    const response = await fetch(`${base}${PATH}`, {
      headers: { 'x-csrf': '1', cookie: target.cookie('admin') },
    });
    expect(response.status).toBe(200);
    let bytes = 0;
    let lines = 0;
    for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
      bytes += chunk.byteLength;
      for (const byte of chunk) if (byte === 0x0a) lines++;
    }
    return { bytes, lines, ms: performance.now() - started };
  }

  /**
   * The process's memory while `work` runs, above what it used before: `liveMb` after a full garbage
   * collection at every sample (what the export keeps), `peakMb` without one (what V8 let pile up
   * before collecting), both heap plus external (buffers), and the resident set.
   */
  async function memoryDuring<T>(
    work: () => Promise<T>,
    collect: boolean,
  ): Promise<{ result: T; liveMb: number; peakMb: number; rssMb: number }> {
    const gc = collect ? collector() : () => {};
    gc();
    const start = process.memoryUsage();
    const used = (m: NodeJS.MemoryUsage) => m.heapUsed + m.external - start.heapUsed - start.external;
    let live = 0;
    let peak = 0;
    let rss = 0;
    const sample = () => {
      const before = process.memoryUsage();
      peak = Math.max(peak, used(before));
      rss = Math.max(rss, before.rss - start.rss);
      if (!collect) return;
      gc();
      live = Math.max(live, used(process.memoryUsage()));
    };
    const timer = setInterval(sample, collect ? 500 : 20);
    try {
      const result = await work();
      sample();
      return { result, liveMb: live / 2 ** 20, peakMb: peak / 2 ** 20, rssMb: rss / 2 ** 20 };
    } finally {
      clearInterval(timer);
    }
  }

  it('streams every row of 100,000 with bounded memory, /healthz answering during five exports', async () => {
    const one = await memoryDuring(download, true);
    // Header line plus one line per row (no row has a line break); ~50 MB went through.
    expect(one.result.lines).toBe(ROWS + 1);
    expect(one.result.bytes).toBeGreaterThan(40 * 2 ** 20);
    expect(one.liveMb).toBeLessThan(50);
    reportFigure(
      `audit export, 100,000 rows (${(one.result.bytes / 2 ** 20).toFixed(1)} MB): ${Math.round(one.result.ms)} ms, ` +
        `live heap+external at most +${one.liveMb.toFixed(1)} MB (uncollected peak +${one.peakMb.toFixed(1)} MB, ` +
        `rss +${one.rssMb.toFixed(1)} MB)`,
    );

    const latencies: number[] = [];
    const probing = { on: true };
    const probe = (async () => {
      while (probing.on) {
        const started = performance.now();
        const answer = await fetch(`${base}/healthz`);
        expect(answer.status).toBe(200);
        await answer.arrayBuffer();
        latencies.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const five = await memoryDuring(() => Promise.all(Array.from({ length: 5 }, download)), false);
    probing.on = false;
    await probe;
    for (const result of five.result) expect(result.lines).toBe(ROWS + 1);
    // Without forced collections (they would stall the probes): what V8 let pile up, generously.
    expect(five.peakMb).toBeLessThan(5 * 50);
    expect(latencies.length).toBeGreaterThan(0);
    const sorted = [...latencies].sort((x, y) => x - y);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
    reportFigure(
      `five audit exports at once (${five.result.map((r) => Math.round(r.ms)).join('/')} ms): uncollected peak ` +
        `heap+external +${five.peakMb.toFixed(1)} MB, rss +${five.rssMb.toFixed(1)} MB; /healthz ${latencies.length} probes, ` +
        `median ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, max ${at(1).toFixed(1)} ms`,
    );
    // An upper bound for a loaded machine (six exports of 100,000 rows), not a budget: pnpm bench
    // measures the time.
  }, 900_000);

  it("verifies the chain of 100,000 records within the runtime's statement timeout", async () => {
    // The runtime's default timeouts (DB_CONNECT_TIMEOUT_MS, DB_STATEMENT_TIMEOUT_MS).
    const runtime = createDatabase(
      { kind: 'postgres', url: new URL(`/${name}`, adminUrl).href },
      { timeouts: { connectMs: 2000, statementMs: 2500 } },
    );
    try {
      // The seeded rows are linked by the app's background linker meanwhile (decision 068; half a
      // second per thousand with the audit's trigram indexes, decision 104): what is left is linked
      // here, so the check below verifies all of them. A linker that holds the head makes this one
      // return early, so the test waits for the state, not for a time.
      const unlimited = await database.open();
      for (;;) {
        await linkPending(unlimited);
        const { rows } = await sql<{ unlinked: number }>`
          select count(*)::int as unlinked from audit_log
          where seq is null or (completed_at is not null and completion_seq is null)`.execute(unlimited);
        if (rows[0]?.unlinked === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const started = performance.now();
      const report = await verifyChain(await runtime.open());
      const ms = performance.now() - started;
      expect(report).toMatchObject({ intact: true, events: ROWS });
      reportFigure(`audit chain of 100,000 records verified in ${Math.round(ms)} ms`);
    } finally {
      await runtime.close();
    }
  }, 600_000);
});
