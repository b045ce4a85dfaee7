/**
 * Exports without stalls (decision 071): an instance streams at most AUDIT_EXPORTS_MAX exports at
 * once and refuses one more with a German 429 and Retry-After; a slot is free again when its answer
 * ends (read to the end or cut off); while exports stream, other requests are answered. Timings are
 * bounded generously here; `pnpm bench` measures them.
 */
import { get as httpGet, type ClientRequest, type IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase, type Database } from '../src/db/database';
import { testApp } from './helpers';
import { startTarget, type Target } from './security/fixture';

const PATH = '/export/audit-log.csv';

interface Download {
  status: number;
  response: IncomingMessage;
  request: ClientRequest;
}

async function text({ response }: Download): Promise<string> {
  let body = '';
  for await (const chunk of response as AsyncIterable<Buffer>) body += chunk.toString('utf8');
  return body;
}
const ROWS = 30_000;

describe('audit exports: a cap per instance, other requests answered meanwhile', () => {
  const name = `nova_test_${process.pid}_export_cap_${Date.now().toString(36)}`;
  const adminUrl = new URL(inject('databaseUrl'));
  let database: Database;
  let target: Target;
  let app: FastifyInstance;
  let base: string;

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
    // About 1 KB of CSV a row, 30 MB in all: more than the sockets between client and server hold,
    // so an export that is not read stays open. Plain INSERTs of 2,000 rows a statement.
    for (let from = 1; from <= ROWS; from += 2_000) {
      await admin(
        `insert into audit_log (at, actor_id, actor_name, action, target_type, target_id, before, after, outcome, detail)
          select now() - make_interval(secs => i), 'subject-' || i, 'person ' || (i % 50), 'catalogue.wantedReasons.update',
                 'catalogue.wantedReasons', i::text, jsonb_build_object('name', repeat('v', 400)),
                 jsonb_build_object('name', repeat('n', 400)), 'success', 'Hinweis ' || i
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
        AUDIT_EXPORTS_MAX: '2',
      },
      { store: target.store, database },
    );
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  }, 120_000);

  afterAll(async () => {
    for (const request of downloads) request.destroy();
    await app.close();
    await target.api.close();
    await target.issuer.close();
    await target.store.close();
    await database.close();
    await admin(`drop database if exists "${name}" with (force)`);
  });

  /** Downloads started by the test, each on its own connection (node:http, no keep-alive). */
  const downloads = new Set<ClientRequest>();
  function startExport(): Promise<Download> {
    return new Promise((resolve, reject) => {
      const request = httpGet(
        `${base}${PATH}`,
        { agent: false, headers: { 'x-csrf': '1', cookie: target.cookie('admin') } },
        (response) => resolve({ status: response.statusCode ?? 0, response, request }),
      );
      downloads.add(request);
      request.on('error', reject);
    });
  }
  /** The client gives up, as a browser whose tab is closed: the connection ends. */
  const giveUp = (download: Download | undefined) => download?.request.destroy();

  /** An export started as soon as a slot is free (the server frees one when it sees a close). */
  async function exportWhenFree(): Promise<Download> {
    let started: Download | undefined;
    await expect
      .poll(
        async () => {
          started = await startExport();
          if (started.status !== 200) giveUp(started);
          return started.status;
        },
        { timeout: 15_000, interval: 200 },
      )
      .toBe(200);
    return started as Download;
  }

  async function readToEnd({ response }: Download): Promise<number> {
    let lines = 0;
    for await (const chunk of response as AsyncIterable<Buffer>)
      for (const byte of chunk) if (byte === 0x0a) lines++;
    return lines;
  }

  it('one export more than the cap is 429 in German with Retry-After; a cut-off export frees its slot', async () => {
    const running = [await startExport(), await startExport()];
    expect(running.map((response) => response.status)).toEqual([200, 200]);

    const refused = await startExport();
    expect(refused.status).toBe(429);
    expect(refused.response.headers['retry-after']).toBe('30');
    expect(JSON.parse(await text(refused))).toEqual({
      error: {
        message:
          'Gerade werden schon mehrere Exporte erstellt. Bitte versuche es in einer halben Minute erneut.',
        code: -32029,
        data: { code: 'TOO_MANY_REQUESTS', httpStatus: 429 },
      },
    });

    // The browser gives one up: its slot is free again once the server sees the connection close.
    giveUp(running[0]);
    const again = await exportWhenFree();
    giveUp(again);
    giveUp(running[1]);
  }, 60_000);

  it('/healthz is answered while two exports stream, and both deliver every row', async () => {
    // Slots of earlier answers are free once the server has seen their connections close.
    const responses = [await exportWhenFree(), await exportWhenFree()];
    const state = { exporting: true };
    const exporting = () => state.exporting;
    const during: number[] = [];
    const exports = Promise.all(responses.map(readToEnd)).then((lines) => {
      state.exporting = false;
      return lines;
    });
    while (exporting()) {
      const started = performance.now();
      const answer = await fetch(`${base}/healthz`);
      await answer.arrayBuffer();
      if (exporting()) during.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await exports).toEqual([ROWS + 1, ROWS + 1]);
    // Answered many times while the exports ran, none of them after a long wait (generous bound).
    expect(during.length).toBeGreaterThanOrEqual(3);
    expect(Math.max(...during)).toBeLessThan(1000);
  }, 120_000);
});
