/**
 * Audit first (issue 16, decision 043) over real HTTP with the tests' PostgreSQL: the intent (who,
 * what, target, the values sent) is in the database while the game API call is still under way;
 * an intent that a crash left open is closed as "unbekannt" (`unknown`) when an instance starts, and
 * the viewer filters by it.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpBrowser, signIn } from './http-browser';
import { sharedTestDatabase } from './helpers';
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
  return db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', 'catalogue.wantedReasons.create')
    .where(sql<string>`sent->>'reason_name'`, '=', name)
    .executeTakeFirst();
}

describe('audit first', () => {
  let stack: Stack;
  const gameApi = holdingGameApi();

  beforeAll(async () => {
    stack = await startStack({ bffCount: 2 });
  });
  afterAll(async () => {
    gameApi.release();
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
});
