/**
 * Audit first (decision 043) over real HTTP with the tests' PostgreSQL: the intent (who,
 * what, target, the values sent) is in the database while the game API call is still under way;
 * an intent that a crash left open is closed as "unbekannt" (`unknown`) when an instance starts, and
 * the viewer filters by it.
 */
import type { ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startBffProcess } from './bff-process';
import { HttpBrowser, signIn } from './http-browser';
import { sharedTestDatabase, withLogins } from './helpers';
import { startStack, type Stack } from './stack';
import { call, query } from './trpc-http';

/** The game API's fetch; writes wait until `release` while `hold` is on. */
function holdingGameApi() {
  const held: (() => void)[] = [];
  let hold = false;
  const fetchFn: typeof fetch = async (input, init) => {
    if (hold && (init?.method ?? 'GET') !== 'GET') {
      await new Promise<void>((resolve) => held.push(resolve));
      throw new TypeError('fetch failed', { cause: { code: 'ECONNRESET' } });
    }
    return fetch(input, init);
  };
  return {
    fetch: fetchFn,
    hold: () => (hold = true),
    waiting: () => held.length,
    release: () => {
      hold = false;
      for (const resolve of held.splice(0)) resolve();
    },
  };
}

async function auditRowOf(name: string) {
  const db = await sharedTestDatabase().open();
  const rows = await db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', 'catalogue.wantedReasons.create')
    .where(sql<string>`sent->>'reason_name'`, '=', name)
    .execute();
  return (await withLogins(rows))[0];
}

/** The game API in front of the simulator, holding every create of a wanted reason unanswered. */
async function holdingProxy(
  target: string,
): Promise<{ url: string; held: () => number; close(): Promise<void> }> {
  let held = 0;
  const server: Server = createServer((req, res) => {
    if (req.method === 'POST' && req.url?.includes('wanted-reasons')) {
      held++;
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter(
          ([name]) => !['host', 'connection', 'content-length'].includes(name),
        ),
      ) as Record<string, string>;
      fetch(new URL(req.url ?? '/', target), {
        method: req.method ?? 'GET',
        headers,
        ...(chunks.length ? { body: Buffer.concat(chunks) } : {}),
      })
        .then(async (answer) => {
          res.writeHead(answer.status, {
            'content-type': answer.headers.get('content-type') ?? 'application/json',
          });
          res.end(Buffer.from(await answer.arrayBuffer()));
        })
        .catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    held: () => held,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('audit first', () => {
  let stack: Stack;
  const gameApi = holdingGameApi();
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    stack = await startStack({ bffCount: 4 });
  });
  afterAll(async () => {
    gameApi.release();
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    await stack.close();
  });

  it('the intent is recorded before the game API is called; one left open by a crash is closed as unknown', async () => {
    const first = await stack.startBff(0, { gameApiFetch: gameApi.fetch });
    const admin = new HttpBrowser();
    await signIn(admin, first.url, 'admin');
    const name = `Absturz ${Date.now()}`;
    gameApi.hold();
    const pending = call(admin, first.url, 'catalogue.wantedReasons.create', {
      values: { reason_name: name, points: 3, is_static: 0 },
    });
    await expect.poll(() => gameApi.waiting()).toBe(1);
    expect(await auditRowOf(name)).toMatchObject({
      outcome: 'pending',
      actor_name: 'admin',
      target_type: 'catalogue.wantedReasons',
      sent: { reason_name: name, points: 3, is_static: 0 },
    });

    // The first instance "crashes" here: its request never completes the record. A new instance
    // (the restart) closes what is older than AUDIT_INTENT_MAX_AGE_SECONDS when it starts.
    await new Promise((resolve) => setTimeout(resolve, 2100));
    await stack.startBff(1, { env: { AUDIT_INTENT_MAX_AGE_SECONDS: '2' } });
    await expect.poll(async () => (await auditRowOf(name))?.outcome).toBe('unknown');
    const viewer = await query(admin, first.url, 'audit.list', { outcome: 'unknown', pageSize: 100 });
    expect(viewer.status).toBe(200);
    const rows = (viewer.body.result?.data as { rows: { sent: unknown; outcome: string }[] }).rows;
    expect(rows.find((r) => JSON.stringify(r.sent).includes(name))).toMatchObject({ outcome: 'unknown' });

    // The late completion of the "crashed" request does not overwrite the closed record.
    gameApi.release();
    await pending;
    expect((await auditRowOf(name))?.outcome).toBe('unknown');
  }, 30_000);

  it('a BFF process killed (SIGKILL) between intent and completion: the next instance closes the intent as unknown', async () => {
    const proxy = await holdingProxy(stack.gameApiUrl);
    try {
      const url = stack.bffUrls[2] ?? '';
      const child = await startBffProcess(url, {
        OIDC_ISSUER: stack.idp.issuer,
        GAME_API_URL: proxy.url,
        DATABASE_URL: inject('databaseUrl'),
      });
      children.push(child);
      const admin = new HttpBrowser();
      await signIn(admin, url, 'admin');
      const name = `Prozess beendet ${Date.now()}`;
      void call(admin, url, 'catalogue.wantedReasons.create', {
        values: { reason_name: name, points: 4, is_static: 0 },
      }).catch(() => undefined);
      // The first call to a freshly started process: on a busy machine (three test files beside it)
      // it took longer than 10 s to reach the game API.
      await expect.poll(() => proxy.held(), { timeout: 30_000 }).toBe(1);
      expect((await auditRowOf(name))?.outcome).toBe('pending');
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;

      // The intent is older than the new instance's AUDIT_INTENT_MAX_AGE_SECONDS before it starts.
      await expect
        .poll(
          async () => {
            const db = await sharedTestDatabase().open();
            const row = await db
              .selectFrom('audit_log')
              .select(sql<boolean>`at < now() - interval '2 seconds'`.as('old'))
              .where(sql<string>`sent->>'reason_name'`, '=', name)
              .executeTakeFirst();
            return row?.old;
          },
          { timeout: 10_000 },
        )
        .toBe(true);
      await stack.startBff(3, { env: { AUDIT_INTENT_MAX_AGE_SECONDS: '2' } });
      await expect.poll(async () => (await auditRowOf(name))?.outcome, { timeout: 30_000 }).toBe('unknown');
    } finally {
      await proxy.close();
    }
  }, 90_000);
});
