/**
 * Conditional writes (architecture §8.6 "No silent overwrite", decision 044): an update or remove
 * carries the row as the admin saw it; the BFF reads the row right before writing and, when it
 * differs or is gone, answers CONFLICT with the current row and who last changed it, and writes
 * nothing. "Trotzdem speichern" (`force`) writes anyway and is recorded as forced.
 */
import { randomInt } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { auditRecordsOf, type TrpcErrorBody } from './helpers';
import { sessionHeaders, withTestBff } from './test-bff';

const ROLES = ['web:admin:server-manager', 'web:admin:server-manager:achievement', 'web:admin:sync-manager'];

interface ConflictBody extends TrpcErrorBody {
  error: TrpcErrorBody['error'] & {
    data: TrpcErrorBody['error']['data'] & {
      reason: string | null;
      conflict?: { reason: string; current: unknown; changedBy: { name: string | null; at: string } | null };
    };
  };
}

describe('conditional writes', () => {
  // Test files and runs share the audit table: ids of this run only.
  let id = 0;
  let seen: Record<string, string | number>;
  const bff = withTestBff();

  beforeEach(() => {
    id = randomInt(1_000_000, 2_000_000_000);
    seen = { id, name: 'Angler', description: 'Fange einen Fisch', exp: 100, money: 500 };
  });

  // Logins of this file only: another file's display name for a shared login (its person id) would
  // show in "who changed it" instead of the login.
  const mutate = async (procedure: string, input: unknown, username = 'bernd-konflikt') =>
    bff.app.inject({
      method: 'POST',
      url: `/trpc/${procedure}`,
      headers: {
        ...(await sessionHeaders(bff, { username, roles: ROLES })),
        'content-type': 'application/json',
      },
      payload: JSON.stringify(input),
    });

  const writes = () => bff.api.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`);

  /** The game API holds `row` for this id (GET), and answers PUT and DELETE. */
  function gameApiHolds(path: string, row: unknown) {
    bff.api.on('GET', `${path}/${id}`, row === null ? { status: 404, body: {} } : { body: row });
    bff.api.on('PUT', `${path}/${id}`, ({ body }) => ({ body: { id, ...(JSON.parse(body) as object) } }));
    bff.api.on('DELETE', `${path}/${id}`, { status: 204 });
  }

  it('refuses an update of a row changed meanwhile with the current row and who changed it; nothing is written', async () => {
    // Anna saves first (her row was current) ...
    gameApiHolds('achievements', seen);
    const annas = await mutate(
      'catalogue.achievements.update',
      { id, values: { ...seen, id: undefined, exp: 111 }, expected: seen },
      'anna-konflikt',
    );
    expect(annas.statusCode).toBe(200);
    // ... then Bernd, who loaded the row before her save.
    const theirs = { ...seen, exp: 111 };
    bff.api.reset();
    gameApiHolds('achievements', theirs);
    const response = await mutate('catalogue.achievements.update', {
      id,
      values: { name: 'Angler', description: 'Fange einen Fisch', exp: 100, money: 2222 },
      expected: seen,
    });
    expect(response.statusCode).toBe(409);
    const { error } = response.json<ConflictBody>();
    expect(error.message).toBe('Der Eintrag wurde inzwischen geändert. Bitte prüfe den aktuellen Stand.');
    expect(error.data.reason).toBe('changed');
    const at: unknown = expect.stringMatching(/^\d{4}-\d\d-\d\dT/);
    expect(error.data.conflict).toEqual({
      reason: 'changed',
      current: theirs,
      changedBy: { name: 'anna-konflikt', at },
    });
    expect(writes()).toEqual([]);
    const rows = await auditRecordsOf('catalogue.achievements', id);
    expect(rows.map((r) => [r.actor_name, r.outcome, r.detail])).toEqual([
      ['anna-konflikt', 'success', null],
      ['bernd-konflikt', 'refused', 'Konflikt: geändert'],
    ]);
  });

  it('refuses an update of a row deleted meanwhile as "deleted"', async () => {
    gameApiHolds('achievements', null);
    const response = await mutate('catalogue.achievements.update', {
      id,
      values: { name: 'Angler', description: 'Fange einen Fisch', exp: 100, money: 1 },
      expected: seen,
    });
    expect(response.statusCode).toBe(409);
    const { error } = response.json<ConflictBody>();
    expect(error.message).toBe('Der Eintrag wurde inzwischen gelöscht.');
    expect(error.data.conflict).toEqual({ reason: 'deleted', current: null, changedBy: null });
    expect(writes()).toEqual([]);
  });

  it('"Trotzdem speichern" (force) overwrites a changed row and is recorded as forced', async () => {
    gameApiHolds('achievements', { ...seen, exp: 111 });
    const response = await mutate('catalogue.achievements.update', {
      id,
      values: { name: 'Angler', description: 'Fange einen Fisch', exp: 100, money: 2222 },
      expected: seen,
      force: true,
    });
    expect(response.statusCode).toBe(200);
    expect(writes()).toEqual([`PUT achievements/${id}`]);
    const [record] = await auditRecordsOf('catalogue.achievements', id);
    expect(record).toMatchObject({
      outcome: 'success',
      forced: true,
      detail: 'Trotzdem gespeichert (Überschreiben)',
      before: { exp: 111 },
      after: { money: 2222 },
    });
  });

  it('refuses a remove of a row changed since it was shown, and removes it when unchanged', async () => {
    gameApiHolds('achievements', { ...seen, description: 'Fange einen Hai' });
    const refused = await mutate('catalogue.achievements.remove', { id, expected: seen });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ConflictBody>().error.data.conflict).toMatchObject({
      reason: 'changed',
      current: { description: 'Fange einen Hai' },
    });
    expect(writes()).toEqual([]);

    bff.api.reset();
    gameApiHolds('achievements', seen);
    const removed = await mutate('catalogue.achievements.remove', { id, expected: seen });
    expect(removed.statusCode).toBe(200);
    expect(writes()).toEqual([`DELETE achievements/${id}`]);
  });

  it('compares as the read path maps rows: NFC text, absent and null alike, member lists in any order', async () => {
    // The game API answers in NFD, leaves out keycloakName and lists members in another order.
    const group = {
      id,
      name: 'Café',
      keycloakName: null,
      syncObjects: [
        { id: 1, plattform: 'discord', externalId: '123456789012345678', description: 'Rolle' },
        { id: 2, plattform: 'teamspeak', externalId: '7', description: 'Gruppe' },
      ],
    };
    gameApiHolds('sync-manager/sync-groups', {
      id,
      name: 'Cafe\u0301',
      syncObjects: [...group.syncObjects].reverse(),
    });
    bff.api.on('PUT', `sync-manager/sync-groups/${id}`, { status: 204 });
    bff.api.on('GET', 'sync-manager/sync-groups', { body: [] });
    const response = await mutate('syncManager.groups.update', {
      id,
      values: { name: 'Café', keycloakName: '/Team', syncObjects: [{ id: 1 }, { id: 2 }] },
      expected: group,
    });
    expect(response.statusCode).toBe(200);
    expect(writes()).toEqual([`PUT sync-manager/sync-groups/${id}`]);
  });

  it('guards sync objects and groups the same way', async () => {
    const object = {
      id,
      plattform: 'discord',
      externalId: '123456789012345678',
      description: 'Rolle',
      syncGroup: null,
    };
    bff.api.on('GET', 'sync-manager/sync-objects', {
      body: [{ ...object, syncGroup: { id: 9, name: 'Admin' } }],
    });
    const moved = await mutate('syncManager.objects.update', {
      id,
      values: { plattform: 'discord', externalId: '123456789012345678', description: 'Neu' },
      expected: object,
    });
    expect(moved.statusCode).toBe(409);
    expect(moved.json<ConflictBody>().error.data.conflict).toMatchObject({
      reason: 'changed',
      current: { syncGroup: { id: 9, name: 'Admin' } },
    });

    gameApiHolds('sync-manager/sync-groups', null);
    const gone = await mutate('syncManager.groups.remove', {
      id,
      expected: { id, name: 'Admin', keycloakName: null, syncObjects: [] },
    });
    expect(gone.statusCode).toBe(409);
    expect(gone.json<ConflictBody>().error.data.reason).toBe('deleted');
    expect(writes()).toEqual([]);
  });
});
