/**
 * Writes whose answer never came, and creates sent twice (decision 044): the record says `unknown`,
 * the BFF reads the target back and says what it found; a create's key makes a double click or a
 * retry one row, also across two instances sharing the database (decision 066).
 */
import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { auditRecordsOf, type TrpcErrorBody } from './helpers';
import { sessionHeaders, startTestBff, withTestBff, type TestBff } from './test-bff';

const ROLES = ['web:admin:server-manager', 'web:admin:server-manager:achievement', 'web:admin:sync-manager'];

interface ReasonBody extends TrpcErrorBody {
  error: TrpcErrorBody['error'] & { data: TrpcErrorBody['error']['data'] & { reason: string | null } };
}

async function mutate(bff: TestBff, procedure: string, input: unknown, username = 'carla') {
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

const posts = (bff: TestBff, path: string) =>
  bff.api.requests.filter((r) => r.method === 'POST' && r.path === path).length;

describe('a write whose answer never came', () => {
  // Answers later than 300 ms count as never come; the breaker stays closed for the whole file.
  const bff = withTestBff({ env: { GAME_API_TIMEOUT_MS: '300', GAME_API_BREAKER_FAILURES: '1000' } });
  let id = 0;
  let row: Record<string, string | number>;

  beforeEach(() => {
    id = randomInt(1_000_000, 2_000_000_000);
    row = { id, name: 'Angler', description: 'Fange einen Fisch', exp: 100, money: 500 };
  });

  /** The game API stores `state`; a PUT applies (or not) and answers only after the BFF gave up. */
  function lateGameApi(state: { row: Record<string, unknown> | null }, applies: boolean) {
    bff.api.on('GET', `achievements/${id}`, () =>
      state.row ? { body: state.row } : { status: 404, body: {} },
    );
    bff.api.on('PUT', `achievements/${id}`, ({ body }) => {
      if (applies) state.row = { id, ...(JSON.parse(body) as object) };
      return { delayMs: 1500, body: state.row };
    });
    bff.api.on('DELETE', `achievements/${id}`, () => {
      if (applies) state.row = null;
      return { delayMs: 1500, status: 204 };
    });
  }

  const update = (money: number) =>
    mutate(bff, 'catalogue.achievements.update', {
      id,
      values: { name: 'Angler', description: 'Fange einen Fisch', exp: 100, money },
      expected: row,
    });

  it('an update the game API applied late: "gespeichert", recorded as unknown with the state found', async () => {
    const state = { row: { ...row } as Record<string, unknown> | null };
    lateGameApi(state, true);
    const response = await update(2222);
    expect(response.statusCode).toBe(504);
    const { error } = response.json<ReasonBody>();
    expect(error.data.reason).toBe('outcome-applied');
    expect(error.message).toBe('Der Spielserver hat spät geantwortet: Die Änderung wurde gespeichert.');
    const [record] = await auditRecordsOf('catalogue.achievements', id);
    expect(record).toMatchObject({ outcome: 'unknown', detail: 'outcome-applied', after: { money: 2222 } });
  });

  it('an update the game API did not apply: "nicht gespeichert"', async () => {
    const state = { row: { ...row } as Record<string, unknown> | null };
    lateGameApi(state, false);
    const response = await update(3333);
    expect(response.statusCode).toBe(504);
    const { error } = response.json<ReasonBody>();
    expect(error.data.reason).toBe('outcome-not-applied');
    expect(error.message).toBe(
      'Der Spielserver hat nicht geantwortet: Die Änderung wurde nicht gespeichert. Bitte versuche es erneut.',
    );
    const [record] = await auditRecordsOf('catalogue.achievements', id);
    expect(record).toMatchObject({
      outcome: 'unknown',
      detail: 'outcome-not-applied',
      after: { money: 500 },
    });
  });

  it('an update whose row changed otherwise meanwhile: "unklar"', async () => {
    const state = { row: { ...row } as Record<string, unknown> | null };
    lateGameApi(state, false);
    // Someone else changed another field meanwhile: neither the row sent nor the row seen.
    bff.api.on('PUT', `achievements/${id}`, () => {
      state.row = { ...row, name: 'Taucher' };
      return { delayMs: 1500, body: state.row };
    });
    const response = await update(4444);
    expect(response.statusCode).toBe(504);
    const { error } = response.json<ReasonBody>();
    expect(error.data.reason).toBe('outcome-unknown');
    expect(error.message).toBe(
      'Der Spielserver hat nicht geantwortet: Ob die Änderung gespeichert wurde, ist unklar – bitte neu laden.',
    );
  });

  it('a remove the game API applied late: the row is gone, so it was removed', async () => {
    const state = { row: { ...row } as Record<string, unknown> | null };
    lateGameApi(state, true);
    const response = await mutate(bff, 'catalogue.achievements.remove', { id, expected: row });
    expect(response.statusCode).toBe(504);
    expect(response.json<ReasonBody>().error.data.reason).toBe('outcome-applied');
    const [record] = await auditRecordsOf('catalogue.achievements', id);
    expect(record).toMatchObject({ outcome: 'unknown', detail: 'outcome-applied' });
  });

  it('a create applied late is found in the list as a new row; the same key again returns it, no second row', async () => {
    const rows: Record<string, unknown>[] = [
      // An older row with the same values is not taken for the new one.
      { id: id - 1, name: 'Fischer', description: 'Alt', exp: 1, money: 1 },
    ];
    bff.api.on('GET', 'achievements', () => ({ body: rows }));
    bff.api.on('POST', 'achievements', ({ body }) => {
      rows.push({ id, ...(JSON.parse(body) as object) });
      return { delayMs: 1500, body: rows.at(-1) };
    });
    const input = {
      values: { name: 'Fischer', description: 'Alt', exp: 1, money: 1 },
      idempotencyKey: randomUUID(),
    };
    const first = await mutate(bff, 'catalogue.achievements.create', input);
    expect(first.statusCode).toBe(504);
    expect(first.json<ReasonBody>().error.data.reason).toBe('outcome-applied');
    const [record] = await auditRecordsOf('catalogue.achievements', id);
    expect(record).toMatchObject({ outcome: 'unknown', detail: 'outcome-applied', after: { id } });

    const retried = await mutate(bff, 'catalogue.achievements.create', input);
    expect(retried.statusCode).toBe(200);
    expect(retried.json<{ result: { data: { id: number } } }>().result.data.id).toBe(id);
    expect(posts(bff, 'achievements')).toBe(1);
  });

  it('a create whose outcome stayed unclear keeps its key: a later retry reads it back and answers with the row; one POST', async () => {
    const rows: Record<string, unknown>[] = [];
    let listDown = false;
    bff.api.on('GET', 'achievements', () => (listDown ? { status: 503, body: {} } : { body: rows }));
    bff.api.on('POST', 'achievements', ({ body }) => {
      rows.push({ id, ...(JSON.parse(body) as object) });
      // The list is away too when the BFF looks for the row: it cannot tell.
      listDown = true;
      return { delayMs: 1500, body: rows.at(-1) };
    });
    const input = {
      values: { name: 'Unklar', description: 'Erst später gefunden', exp: 3, money: 4 },
      idempotencyKey: randomUUID(),
    };
    const first = await mutate(bff, 'catalogue.achievements.create', input);
    expect(first.statusCode).toBe(504);
    expect(first.json<ReasonBody>().error.data.reason).toBe('outcome-unknown');

    listDown = false;
    const retried = await mutate(bff, 'catalogue.achievements.create', input);
    expect(retried.statusCode).toBe(200);
    expect(retried.json<{ result: { data: { id: number } } }>().result.data).toMatchObject({
      id,
      name: 'Unklar',
    });
    expect(posts(bff, 'achievements')).toBe(1);
  });

  it('a create not applied frees its key: a retry with the same key creates', async () => {
    const rows: Record<string, unknown>[] = [];
    let applies = false;
    bff.api.on('GET', 'achievements', () => ({ body: rows }));
    bff.api.on('POST', 'achievements', ({ body }) => {
      const created = { id, ...(JSON.parse(body) as object) };
      if (!applies) return { delayMs: 1500, body: created };
      rows.push(created);
      return { body: created };
    });
    const input = {
      values: { name: 'Taucher', description: 'Tauche', exp: 5, money: 5 },
      idempotencyKey: randomUUID(),
    };
    const first = await mutate(bff, 'catalogue.achievements.create', input);
    expect(first.json<ReasonBody>().error.data.reason).toBe('outcome-not-applied');
    applies = true;
    const retried = await mutate(bff, 'catalogue.achievements.create', input);
    expect(retried.statusCode).toBe(200);
    expect(posts(bff, 'achievements')).toBe(2);
  });

  it('sync objects: an update applied late is read back from the list', async () => {
    const object = {
      id,
      plattform: 'discord',
      externalId: '123456789012345678',
      description: 'Rolle',
      syncGroup: null,
    };
    let stored: Record<string, unknown> = object;
    bff.api.on('GET', 'sync-manager/sync-objects', () => ({ body: [stored] }));
    bff.api.on('PUT', `sync-manager/sync-objects/${id}`, ({ body }) => {
      stored = JSON.parse(body) as Record<string, unknown>;
      return { delayMs: 1500, body: stored };
    });
    const response = await mutate(bff, 'syncManager.objects.update', {
      id,
      values: {
        plattform: 'discord',
        externalId: '123456789012345678',
        description: 'Rolle neu',
        syncGroup: null,
      },
      expected: object,
    });
    expect(response.statusCode).toBe(504);
    expect(response.json<ReasonBody>().error.data.reason).toBe('outcome-applied');
  });
});

describe('a create sent twice with one key', () => {
  const bff = withTestBff();

  it('a double click: the second is told the first is still being saved, a later retry gets the first row; one POST', async () => {
    const id = randomInt(1_000_000, 2_000_000_000);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    bff.api.on('GET', 'achievements', { body: [] });
    bff.api.on('POST', 'achievements', ({ body }) => ({
      until: held,
      body: { id, ...(JSON.parse(body) as object) },
    }));
    const input = {
      values: { name: 'Doppelklick', description: 'Zweimal', exp: 1, money: 2 },
      idempotencyKey: randomUUID(),
    };
    const first = mutate(bff, 'catalogue.achievements.create', input);
    // The first is at the game API before the second starts.
    await expect.poll(() => posts(bff, 'achievements')).toBe(1);
    const second = await mutate(bff, 'catalogue.achievements.create', input);
    expect(second.statusCode).toBe(409);
    const { error } = second.json<ReasonBody>();
    expect(error.data.reason).toBe('in-progress');
    expect(error.message).toBe(
      'Dieser Eintrag wird gerade schon gespeichert. Bitte warte einen Moment und lade dann neu.',
    );
    release();
    expect((await first).statusCode).toBe(200);
    const third = await mutate(bff, 'catalogue.achievements.create', input);
    expect(third.statusCode).toBe(200);
    expect(third.json<{ result: { data: { id: number } } }>().result.data.id).toBe(id);
    expect(posts(bff, 'achievements')).toBe(1);
    const records = await auditRecordsOf('catalogue.achievements', id);
    expect(records.map((r) => r.outcome)).toEqual(['success']);
  });

  it('keys are per person and per key: another key or another admin creates again', async () => {
    let next = randomInt(1_000_000, 2_000_000_000);
    bff.api.on('GET', 'achievements', { body: [] });
    bff.api.on('POST', 'achievements', ({ body }) => ({
      body: { id: next++, ...(JSON.parse(body) as object) },
    }));
    const values = { name: 'Zweimal', description: 'Absichtlich', exp: 1, money: 2 };
    const key = randomUUID();
    expect(
      (await mutate(bff, 'catalogue.achievements.create', { values, idempotencyKey: key })).statusCode,
    ).toBe(200);
    expect(
      (await mutate(bff, 'catalogue.achievements.create', { values, idempotencyKey: randomUUID() }))
        .statusCode,
    ).toBe(200);
    expect(
      (await mutate(bff, 'catalogue.achievements.create', { values, idempotencyKey: key }, 'dora'))
        .statusCode,
    ).toBe(200);
    expect(posts(bff, 'achievements')).toBe(3);
  });

  it('a create the game API refused frees its key: the corrected retry is sent', async () => {
    let refuse = true;
    const id = randomInt(1_000_000, 2_000_000_000);
    bff.api.on('GET', 'achievements', { body: [] });
    bff.api.on('POST', 'achievements', ({ body }) =>
      refuse
        ? { status: 400, body: { validationErrors: { name: 'Name bereits vergeben' } } }
        : { body: { id, ...(JSON.parse(body) as object) } },
    );
    const input = {
      values: { name: 'Vergeben', description: 'x', exp: 1, money: 2 },
      idempotencyKey: randomUUID(),
    };
    expect((await mutate(bff, 'catalogue.achievements.create', input)).statusCode).toBe(400);
    refuse = false;
    expect((await mutate(bff, 'catalogue.achievements.create', input)).statusCode).toBe(200);
    expect(posts(bff, 'achievements')).toBe(2);
  });
});

describe('two instances sharing the database', () => {
  const started: { close(): Promise<void> }[] = [];
  afterAll(() => Promise.all(started.map((bff) => bff.close())));

  it('a key used on one instance returns the first result on the other; its game API gets no POST', async () => {
    const [a, b] = await Promise.all([startTestBff(), startTestBff()]);
    started.push(a, b);
    const id = randomInt(1_000_000, 2_000_000_000);
    for (const bff of [a, b]) {
      bff.api.on('GET', 'achievements', { body: [] });
      bff.api.on('POST', 'achievements', ({ body }) => ({ body: { id, ...(JSON.parse(body) as object) } }));
    }
    const input = {
      values: { name: 'Geteilt', description: 'Zwei Instanzen', exp: 1, money: 2 },
      idempotencyKey: randomUUID(),
    };
    expect((await mutate(a, 'catalogue.achievements.create', input)).statusCode).toBe(200);
    const again = await mutate(b, 'catalogue.achievements.create', input);
    expect(again.statusCode).toBe(200);
    expect(again.json<{ result: { data: { id: number } } }>().result.data.id).toBe(id);
    expect(posts(a, 'achievements')).toBe(1);
    expect(posts(b, 'achievements')).toBe(0);
  });
});
