/**
 * Promises of the write side under a real race and a real crash (decision 066), with two BFF
 * processes on the machine's PostgreSQL and Redis in front of one game API:
 * - simultaneous saves of one row, split across both instances: exactly one wins each round, the
 *   others get the conflict answer with the winner's row, nothing is lost;
 * - a create whose instance is killed (-9) after its intent, before its answer, retried with the same
 *   key at the other instance once the old key's 60 s would have passed: one row at the game API.
 */
import type { ChildProcess } from 'node:child_process';
import { randomInt, randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SessionManager } from '../src/session/manager';
import type { SessionStore } from '../src/session/types';
import { startBffProcess } from './bff-process';
import { auditRecordsOf, ownTestDatabase, withLogins, type TrpcErrorBody } from './helpers';
import { startMockGameApi, type MockGameApi } from './mock-game-api';
import { startMockIssuer, type MockIssuer } from './mock-issuer';
import { freePort } from './ports';
import { stackSessionStore } from './session-tools';
import { TEST_SESSION_SECRET } from './stack';
import { sessionHeaders, TEST_CLIENT_ID } from './test-bff';

const ROLES = ['web:admin:server-manager', 'web:admin:server-manager:achievement'];
const ROUNDS = 20;
const ADMINS = ['anna', 'bernd', 'carla', 'dora'];

interface ConflictBody extends TrpcErrorBody {
  error: TrpcErrorBody['error'] & {
    data: TrpcErrorBody['error']['data'] & {
      reason: string | null;
      conflict?: { reason: string; current: unknown; changedBy: { name: string | null } | null };
    };
  };
}

type Row = { id: number; name: string; description: string; exp: number; money: number };

describe('two BFF processes, one game API: races and a crash', () => {
  // A database of its own: the conflict names who last changed the row by their person, whose
  // stored names other files' apps rewrite in the shared database (another display name for the
  // same subject), and the crash test reads every intent of its action.
  const own = ownTestDatabase('write_races');
  // Created keys in Redis under this prefix, if an instance keeps them there.
  const idempotencyNamespace = `nova-test-races:${randomUUID()}:`;
  let issuer: MockIssuer;
  let api: MockGameApi;
  let store: SessionStore;
  let manager: SessionManager;
  let redis: Redis;
  const urls: string[] = [];
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    [issuer, api, store] = await Promise.all([
      startMockIssuer(),
      startMockGameApi(),
      stackSessionStore(inject('redisUrl')),
    ]);
    redis = new Redis(inject('redisUrl'));
    // Made and migrated here, before the two instances open it.
    await own.create();
    await own.database.open();
    manager = new SessionManager({
      store,
      secret: TEST_SESSION_SECRET,
      idleSeconds: 1800,
      absoluteSeconds: 36_000,
      secure: true,
      https: false,
    });
    urls.push(...(await Promise.all([freePort(), freePort()])).map((port) => `http://localhost:${port}`));
    const env = {
      OIDC_ISSUER: issuer.issuer,
      OIDC_CLIENT_ID: TEST_CLIENT_ID,
      GAME_API_URL: api.url,
      REDIS_URL: inject('redisUrl'),
      SESSION_SECRET: TEST_SESSION_SECRET,
      DATABASE_URL: own.url,
      // A loaded machine must not turn a conflict into a lock timeout.
      DB_STATEMENT_TIMEOUT_MS: '10000',
      GAME_API_BREAKER_FAILURES: '1000',
      RATE_LIMIT_TRPC_PER_CLIENT: '1000000',
      RATE_LIMIT_TRPC_PER_USER: '1000000',
      RATE_LIMIT_NAMESPACE: `nova-test-races-rl:${randomUUID()}:`,
      IDEMPOTENCY_NAMESPACE: idempotencyNamespace,
    };
    children.push(...(await Promise.all(urls.map((url) => startBffProcess(url, env)))));
  }, 120_000);
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    redis.disconnect();
    await store.close();
    await Promise.all([api.close(), issuer.close()]);
    await own.drop();
  });

  const headers = new Map<string, Record<string, string>>();
  async function mutate(url: string, procedure: string, input: unknown, username: string) {
    if (!headers.has(username))
      headers.set(username, await sessionHeaders({ manager }, { username, roles: ROLES }));
    const response = await fetch(`${url}/trpc/${procedure}`, {
      method: 'POST',
      headers: { ...headers.get(username), 'content-type': 'application/json' },
      body: JSON.stringify(input),
    });
    return {
      status: response.status,
      body: (await response.json()) as ConflictBody & { result?: { data: unknown } },
    };
  }

  it(`${ROUNDS} rounds of four simultaneous saves of one row on two instances: one wins each round, none is lost`, async () => {
    const id = randomInt(1_000_000, 2_000_000_000);
    let stored: Row = { id, name: 'Angler', description: 'Fange einen Fisch', exp: 100, money: 0 };
    api.on('GET', `achievements/${id}`, () => ({ body: stored }));
    // The game API takes a moment to apply a write, as a real one does; then it answers.
    api.on('PUT', `achievements/${id}`, ({ body }) => {
      const row = { id, ...(JSON.parse(body) as Omit<Row, 'id'>) };
      const applied = new Promise<void>((resolve) => setTimeout(resolve, 60)).then(() => {
        stored = row;
      });
      return { until: applied, body: row };
    });

    const winners: string[] = [];
    let lost = 0;
    for (let round = 1; round <= ROUNDS; round++) {
      const expected = stored;
      const answers = await Promise.all(
        ADMINS.map((admin, i) =>
          mutate(
            urls[i % 2] ?? '',
            'catalogue.achievements.update',
            { id, values: { ...expected, id: undefined, money: round * 10 + i }, expected },
            admin,
          ),
        ),
      );
      const won = answers.flatMap((answer, i) => (answer.status === 200 ? [i] : []));
      expect(won, `round ${round}: one winner`).toHaveLength(1);
      const winner = won[0] ?? -1;
      winners.push(ADMINS[winner] ?? '');
      // A save answered 200 whose change is not what the game API holds now is lost.
      lost += won.filter((i) => stored.money !== round * 10 + i).length;
      for (const [i, answer] of answers.entries()) {
        if (i === winner) continue;
        expect(answer.status, `round ${round}: ${ADMINS[i]} is told of the conflict`).toBe(409);
        expect(answer.body.error.message).toBe(
          'Der Eintrag wurde inzwischen geändert. Bitte prüfe den aktuellen Stand.',
        );
        expect(answer.body.error.data.conflict).toMatchObject({
          reason: 'changed',
          current: { money: round * 10 + winner },
          changedBy: { name: ADMINS[winner] },
        });
      }
    }
    expect(lost).toBe(0);

    const records = await auditRecordsOf('catalogue.achievements', id, own.database);
    const successes = records.filter((r) => r.outcome === 'success');
    expect(successes.map((r) => r.actor_name)).toEqual(winners);
    // The conflicts are refusals, recorded within the per-client budget of refusal records.
    expect(records.filter((r) => r.outcome !== 'success' && r.outcome !== 'refused')).toEqual([]);
    // Each success saw the row its round began with, so no write overwrote another unseen.
    expect(new Set(successes.map((r) => JSON.stringify(r.before))).size).toBe(ROUNDS);
  }, 240_000);

  it('a create killed (-9) between its intent and its answer, retried with its key after the old 60 s: one row', async () => {
    const id = randomInt(1_000_000, 2_000_000_000);
    const rows: Row[] = [];
    api.on('GET', 'achievements', () => ({ body: rows }));
    // The game API creates the row; its answer never leaves (the instance is killed meanwhile).
    const never = new Promise<void>(() => {});
    api.on('POST', 'achievements', ({ body }) => {
      rows.push({ id, ...(JSON.parse(body) as Omit<Row, 'id'>) });
      return { until: never, body: rows.at(-1) };
    });
    const posts = () => api.requests.filter((r) => r.method === 'POST' && r.path === 'achievements').length;
    const input = {
      values: { name: 'Absturz', description: 'Einmal angelegt', exp: 1, money: 2 },
      idempotencyKey: randomUUID(),
    };
    const [a, b] = urls as [string, string];
    void mutate(a, 'catalogue.achievements.create', input, 'erik').catch(() => undefined);
    await expect.poll(posts, { timeout: 20_000 }).toBe(1);
    const db = await own.database.open();
    const intents = async () =>
      (
        await withLogins(
          await db
            .selectFrom('audit_log')
            .select(['outcome', 'actor_person', 'actor_name', 'sent'])
            .where('action', '=', 'catalogue.achievements.create')
            .execute(),
          own.database,
        )
      ).filter(
        // jsonb keeps its own key order: the sent values compared field by field.
        (r) =>
          r.actor_name === 'erik' &&
          Object.entries(input.values).every(
            ([k, v]) => (r.sent as Record<string, unknown> | null)?.[k] === v,
          ),
      );
    expect((await intents()).map((r) => r.outcome)).toEqual(['pending']);
    const killed = children[0];
    killed?.kill('SIGKILL');
    await expect.poll(() => killed?.signalCode).toBe('SIGKILL');

    // What 60 s do to a key kept with a time to live: it is gone.
    for (const key of await redis.keys(`${idempotencyNamespace}*`)) await redis.pexpire(key, 1);

    // The dead instance's database connections close with it, and so do its locks: tried again
    // until the answer is no longer "in progress".
    let retried = { status: 0 } as Awaited<ReturnType<typeof mutate>>;
    await expect
      .poll(async () => (retried = await mutate(b, 'catalogue.achievements.create', input, 'erik')).status, {
        timeout: 20_000,
      })
      .not.toBe(409);
    expect(posts()).toBe(1);
    expect(retried.status).toBe(200);
    expect(retried.body.result?.data).toMatchObject({ id, name: 'Absturz' });
    // The key was kept in the database, without an expiry, and now holds the row found.
    const key = await db
      .selectFrom('idempotency_keys')
      .select('state')
      .where('person_id', '=', 'id-erik')
      .where('key', '=', input.idempotencyKey)
      .executeTakeFirst();
    expect(key).toEqual({ state: 'done' });
  }, 120_000);
});
