/**
 * The write locks and the creates' keys (decision 066) at their edges: a lock held elsewhere longer
 * than a write waits is answered "in progress" in German and nothing is written; no lock to be had
 * is a 503; a lock whose database connection is lost mid-write frees itself and nothing hangs; a
 * group that takes an object from another holds that group too; embedded PGlite serialises the
 * saves of one row in its process; the runtime role of a split-role database may use the keys.
 */
import { randomInt, randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { IdempotencyKeys } from '../src/audit/idempotency';
import { TargetLocks } from '../src/audit/target-locks';
import { createDatabase } from '../src/db/database';
import type { TrpcErrorBody } from './helpers';
import { sessionHeaders, startTestBff, withTestBff, type TestBff } from './test-bff';

const ROLES = ['web:admin:server-manager', 'web:admin:server-manager:achievement', 'web:admin:sync-manager'];

interface ReasonBody extends TrpcErrorBody {
  error: TrpcErrorBody['error'] & { data: TrpcErrorBody['error']['data'] & { reason: string | null } };
}

type Row = { id: number; name: string; description: string; exp: number; money: number };

async function mutate(bff: TestBff, procedure: string, input: unknown, username = 'greta') {
  return bff.app.inject({
    method: 'POST',
    url: `/trpc/${procedure}`,
    headers: {
      ...(await sessionHeaders(bff, { username, roles: ROLES })),
      'content-type': 'application/json',
    },
    payload: JSON.stringify(input),
  });
}

/** A PostgreSQL session of the test's own, as another instance would hold it. */
async function otherSession(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: inject('databaseUrl') });
  await client.connect();
  return client;
}

/** The server process holding the advisory lock of this name (pg_locks splits its 64 bits in two). */
const HOLDER = `
  select l.pid from pg_locks l, (select hashtextextended($1, 0) as k) h
  where l.locktype = 'advisory' and l.objsubid = 1 and l.granted
    and l.classid::bigint = (h.k >> 32) & 4294967295 and l.objid::bigint = h.k & 4294967295`;

describe('write locks on PostgreSQL', () => {
  const bff = withTestBff();
  let id = 0;
  let stored: Row;
  const lockName = () => `target:catalogue.achievements:${id}`;

  beforeEach(() => {
    id = randomInt(1_000_000, 2_000_000_000);
    stored = { id, name: 'Angler', description: 'Fange einen Fisch', exp: 100, money: 500 };
    bff.api.on('GET', `achievements/${id}`, () => ({ body: stored }));
  });

  const update = (money: number) =>
    mutate(bff, 'catalogue.achievements.update', {
      id,
      values: { name: stored.name, description: stored.description, exp: stored.exp, money },
      expected: stored,
    });
  const puts = () => bff.api.requests.filter((r) => r.method === 'PUT').length;

  it('a row another instance holds longer than a write waits: "in progress", nothing written', async () => {
    bff.api.on('PUT', `achievements/${id}`, ({ body }) => ({
      body: { id, ...(JSON.parse(body) as object) },
    }));
    const other = await otherSession();
    try {
      await other.query('select pg_advisory_lock(hashtextextended($1, 0))', [lockName()]);
      const refused = await update(600);
      expect(refused.statusCode).toBe(409);
      const { error } = refused.json<ReasonBody>();
      expect(error.data.reason).toBe('in-progress');
      expect(error.message).toBe(
        'Dieser Eintrag wird gerade an anderer Stelle gespeichert. Bitte warte einen Moment und lade dann neu.',
      );
      expect(puts()).toBe(0);
    } finally {
      await other.end();
    }
    // Its session ended, the lock with it: the save goes through.
    expect((await update(700)).statusCode).toBe(200);
    expect(puts()).toBe(1);
  });

  it('a lock whose connection is lost during the game API call frees itself; the write ends, the next one runs', async () => {
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    bff.api.on('PUT', `achievements/${id}`, ({ body }) => {
      stored = { id, ...(JSON.parse(body) as Omit<Row, 'id'>) };
      return { until: answered, body: stored };
    });
    const first = update(800);
    await expect.poll(puts).toBe(1);
    const other = await otherSession();
    try {
      const holders = await other.query<{ pid: number }>(HOLDER, [lockName()]);
      expect(holders.rows).toHaveLength(1);
      await other.query('select pg_terminate_backend($1)', [holders.rows[0]?.pid]);
      await expect.poll(async () => (await other.query(HOLDER, [lockName()])).rowCount).toBe(0);
      answer();
      expect((await first).statusCode).toBe(200);
      expect((await update(900)).statusCode).toBe(200);
      expect((await other.query(HOLDER, [lockName()])).rowCount).toBe(0);
    } finally {
      await other.end();
    }
  });
});

describe('write locks of every target a save changes', () => {
  const bff = withTestBff();

  type Group = { id: number; name: string; keycloakName: null; syncObjects: { id: number }[] };

  it("a group that takes an object from another holds that group too: the other group's save never undoes the move", async () => {
    for (let round = 1; round <= 5; round++) {
      bff.api.reset();
      const [a, b, objectId] = [1, 2, 3].map(() => randomInt(1_000_000, 2_000_000_000)) as [
        number,
        number,
        number,
      ];
      const object = {
        id: objectId,
        plattform: 'discord',
        externalId: '123456789012345678',
        description: 'Rolle',
      };
      const groups = new Map<number, Group>([
        [a, { id: a, name: `Nehmer ${a}`, keycloakName: null, syncObjects: [] }],
        [b, { id: b, name: `Geber ${b}`, keycloakName: null, syncObjects: [object] }],
      ]);
      const rows = () =>
        [...groups.values()].map((g) => ({ ...g, syncObjects: g.syncObjects.map(() => object) }));
      bff.api.on('GET', 'sync-manager/sync-groups', () => ({ body: rows() }));
      for (const id of [a, b]) {
        bff.api.on('GET', `sync-manager/sync-groups/${id}`, () => ({
          body: rows().find((g) => g.id === id),
        }));
        // The game API applies a group's save after a while (b's later than a's), moving the
        // objects it lists out of every other group.
        bff.api.on('PUT', `sync-manager/sync-groups/${id}`, ({ body }) => {
          const saved = JSON.parse(body) as Group;
          const applied = new Promise<void>((resolve) => setTimeout(resolve, id === a ? 150 : 300)).then(
            () => {
              const taken = new Set(saved.syncObjects.map((o) => o.id));
              for (const group of groups.values())
                group.syncObjects = group.syncObjects.filter((o) => !taken.has(o.id));
              groups.set(id, { ...saved, keycloakName: null });
            },
          );
          return { until: applied, body: { ...saved, syncObjects: saved.syncObjects.map(() => object) } };
        });
      }
      const [seenA, seenB] = [rows().find((g) => g.id === a), rows().find((g) => g.id === b)];
      const [takes, renames] = await Promise.all([
        mutate(
          bff,
          'syncManager.groups.update',
          {
            id: a,
            values: { name: seenA?.name, keycloakName: null, syncObjects: [{ id: objectId }] },
            expected: seenA,
          },
          'ida',
        ),
        mutate(
          bff,
          'syncManager.groups.update',
          {
            id: b,
            values: { name: `Umbenannt ${b}`, keycloakName: null, syncObjects: [{ id: objectId }] },
            expected: seenB,
          },
          'jan',
        ),
      ]);
      expect(takes.statusCode, `round ${round}`).toBe(200);
      // The object is where the last successful save put it: a's save was not undone unseen.
      if (renames.statusCode === 200) expect(groups.get(b)?.name).toBe(`Umbenannt ${b}`);
      else expect(renames.json<ReasonBody>().error.data.reason).toBe('changed');
      expect(
        groups.get(a)?.syncObjects.map((o) => o.id),
        `round ${round}`,
      ).toEqual([objectId]);
    }
  });
});

describe('write locks without a database', () => {
  // Nothing listens there: every connection is refused.
  const database = createDatabase({ kind: 'postgres', url: 'postgres://postgres@127.0.0.1:9/nova' });
  const bff = withTestBff({ overrides: { database } });
  afterAll(() => database.close());

  it('an update answers 503 in German and sends nothing', async () => {
    const id = randomInt(1_000_000, 2_000_000_000);
    const row = { id, name: 'Angler', description: 'Fange einen Fisch', exp: 100, money: 500 };
    bff.api.on('GET', `achievements/${id}`, { body: row });
    bff.api.on('PUT', `achievements/${id}`, { body: row });
    const refused = await mutate(bff, 'catalogue.achievements.update', {
      id,
      values: { name: 'Angler', description: 'Fange einen Fisch', exp: 100, money: 1 },
      expected: row,
    });
    expect(refused.statusCode).toBe(503);
    expect(refused.json<ReasonBody>().error.message).toBe(
      'Die Aktion wurde nicht ausgeführt: das Protokoll (Audit-Log) ist gerade nicht erreichbar. Bitte versuche es später erneut.',
    );
    expect(bff.api.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });
});

describe('write locks on embedded PGlite (one process)', () => {
  const database = createDatabase({ kind: 'pglite', dataDir: 'memory://' });
  // Its first start (and migrations) takes long on a busy machine.
  beforeAll(() => database.open(), 120_000);
  const bff = withTestBff({ overrides: { database } });
  afterAll(() => database.close());

  it('four simultaneous saves of one row: one wins, three are told of the conflict', async () => {
    const id = randomInt(1_000_000, 2_000_000_000);
    let stored: Row = { id, name: 'Angler', description: 'Fange einen Fisch', exp: 100, money: 0 };
    bff.api.on('GET', `achievements/${id}`, () => ({ body: stored }));
    bff.api.on('PUT', `achievements/${id}`, ({ body }) => {
      const row = { id, ...(JSON.parse(body) as Omit<Row, 'id'>) };
      const applied = new Promise<void>((resolve) => setTimeout(resolve, 60)).then(() => {
        stored = row;
      });
      return { until: applied, body: row };
    });
    const expected = stored;
    const answers = await Promise.all(
      [1, 2, 3, 4].map((money) =>
        mutate(bff, 'catalogue.achievements.update', {
          id,
          values: { name: 'Angler', description: 'Fange einen Fisch', exp: 100, money },
          expected,
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409]);
    for (const answer of answers.filter((a) => a.statusCode === 409))
      expect(answer.json<ReasonBody>().error.data.reason).toBe('changed');
  });

  it('a create sent twice with one key: one POST, the second answer is the first row', async () => {
    const id = randomInt(1_000_000, 2_000_000_000);
    bff.api.on('GET', 'achievements', { body: [] });
    bff.api.on('POST', 'achievements', ({ body }) => ({ body: { id, ...(JSON.parse(body) as object) } }));
    const input = {
      values: { name: 'Eingebettet', description: 'Ein Prozess', exp: 1, money: 2 },
      idempotencyKey: randomUUID(),
    };
    expect((await mutate(bff, 'catalogue.achievements.create', input)).statusCode).toBe(200);
    const again = await mutate(bff, 'catalogue.achievements.create', input);
    expect(again.json<{ result: { data: { id: number } } }>().result.data.id).toBe(id);
    expect(bff.api.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });
});

describe('the runtime role of a split-role database', () => {
  const base = new URL(inject('databaseUrl'));
  const suffix = `${process.pid}_${randomUUID().slice(0, 8)}`;
  const NAME = `nova_test_${process.pid}_keys_${suffix.split('_')[1]}`;
  const OWNER = `nova_test_owner_${suffix}`;
  const RUNTIME = `nova_test_runtime_${suffix}`;
  const url = (role: string, db: string) => `postgres://${role}@${base.host}/${db}`;
  const superuser = async (text: string) => {
    const client = new pg.Client({ connectionString: url(base.username || 'postgres', 'postgres') });
    await client.connect();
    await client.query(text).finally(() => client.end());
  };
  let close = () => Promise.resolve();
  afterAll(async () => {
    await close();
    await superuser(`drop database if exists "${NAME}" with (force)`);
    await superuser(`drop role if exists "${RUNTIME}"`);
    await superuser(`drop role if exists "${OWNER}"`);
  });

  it('claims, marks, finishes, releases and purges keys, and takes the write locks', async () => {
    await superuser(`create role "${OWNER}" login`);
    await superuser(`create role "${RUNTIME}" login`);
    await superuser(`create database "${NAME}" owner "${OWNER}"`);
    const database = createDatabase({
      kind: 'postgres',
      url: url(RUNTIME, NAME),
      migrationUrl: url(OWNER, NAME),
    });
    close = () => database.close();
    const keys = new IdempotencyKeys(database, new TargetLocks(database, 1000));
    const key = { personId: 'id-hanna', procedure: 'catalogue.achievements.create', key: randomUUID() };
    const held = await keys.hold(key, async () => {
      expect(await keys.claim(key)).toBeNull();
      await keys.sent(key, new Set([1, 2]));
      expect(await keys.claim(key)).toEqual({ state: 'sent', idsBefore: new Set([1, 2]) });
      await keys.finish(key, { id: 3 });
      return keys.claim(key);
    });
    expect(held).toEqual({ state: 'done', result: { id: 3 } });
    await keys.release(key);
    expect(await keys.purge(new Date())).toBe(0);
    expect(await keys.hold(key, () => keys.claim(key))).toBeNull();
    expect(await keys.purge(new Date(Date.now() + 60_000))).toBe(1);
  });
});

describe('a create whose key another call holds', () => {
  it('on a second instance sharing the database: "in progress" at once, no second POST', async () => {
    const [a, b] = await Promise.all([startTestBff(), startTestBff()]);
    try {
      let answer = () => {};
      const answered = new Promise<void>((resolve) => (answer = resolve));
      const id = randomInt(1_000_000, 2_000_000_000);
      for (const bff of [a, b]) {
        bff.api.on('GET', 'achievements', { body: [] });
        bff.api.on('POST', 'achievements', ({ body }) => ({
          until: answered,
          body: { id, ...(JSON.parse(body) as object) },
        }));
      }
      const input = {
        values: { name: 'Zwei Türen', description: 'Gleichzeitig', exp: 1, money: 2 },
        idempotencyKey: randomUUID(),
      };
      const first = mutate(a, 'catalogue.achievements.create', input);
      await expect.poll(() => a.api.requests.filter((r) => r.method === 'POST').length).toBe(1);
      const second = await mutate(b, 'catalogue.achievements.create', input);
      expect(second.statusCode).toBe(409);
      expect(second.json<ReasonBody>().error.data.reason).toBe('in-progress');
      answer();
      expect((await first).statusCode).toBe(200);
      expect(b.api.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
    // Two apps built and closed within the test: more than the default 20 s on a busy machine.
  }, 60_000);
});
