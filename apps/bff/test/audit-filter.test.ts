/**
 * The audit log's filters in German, on both engines (decision 062): words found anywhere in the row
 * as the viewer reads it (the target's name, the action's German words, the detail), case-insensitive,
 * every word of a search; the action's kind and area; the person anywhere in the name. The viewer's
 * list and the CSV export take the same filter schema.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { AuditEntry } from '../src/audit/entry';
import { AuditLog } from '../src/audit/log';
import { createDatabase, type Database, type DatabaseConfig } from '../src/db/database';
import { Filter, toFilter } from '../src/routers/audit';

const engines: [string, () => DatabaseConfig][] = [
  ['PostgreSQL', () => ({ kind: 'postgres', url: inject('databaseUrl') })],
  ['PGlite', () => ({ kind: 'pglite', dataDir: 'memory://' })],
];

describe.each(engines)('audit filters on %s', (_name, config) => {
  let database: Database;
  let audit: AuditLog;
  const tag = Math.random().toString(36).slice(2, 10);
  const person = `Anna Admin ${tag}`;

  async function found(filter: Parameters<AuditLog['list']>[0]): Promise<string[]> {
    const { rows } = await audit.list({ person: tag, ...filter }, { offset: 0, limit: 50 });
    return rows.map((row) => `${row.action}#${row.targetId ?? '-'}`).sort();
  }

  beforeAll(async () => {
    database = createDatabase(config());
    await database.open();
    audit = new AuditLog(database);
    const actor = { id: `sub-${tag}`, name: person };
    const entries: AuditEntry[] = [
      {
        actor,
        action: 'catalogue.serverRadios.update',
        target: { type: 'catalogue.serverRadios', id: 26 },
        before: { id: 26, name: 'Prüfradio Nord', url: 'https://a.example' },
        after: { id: 26, name: 'Prüfradio Nord', url: 'https://b.example' },
        outcome: 'success',
      },
      {
        actor,
        action: 'catalogue.achievements.remove',
        target: { type: 'catalogue.achievements', id: 7 },
        before: { id: 7, name: 'Angler' },
        outcome: 'success',
      },
      {
        actor,
        action: 'catalogue.achievements.remove',
        target: { type: 'catalogue.achievements', id: 8 },
        outcome: 'refused',
        detail: 'step-up-required',
      },
      { actor, action: 'auth.sign-in', target: { type: 'user', id: `sub-${tag}` }, outcome: 'success' },
      {
        actor,
        action: 'syncManager.groups.create',
        target: { type: 'sync.group', id: 3 },
        after: { id: 3, name: 'Moderatoren', keycloakName: 'mods', syncObjects: [] },
        outcome: 'success',
      },
    ];
    for (const entry of entries) await audit.write(entry);
  }, 60_000);
  afterAll(() => database.close());

  it('finds the entity and the target by name, anywhere and in any case', async () => {
    expect(await found({ target: 'Radiosender' })).toEqual(['catalogue.serverRadios.update#26']);
    expect(await found({ target: 'angler' })).toEqual(['catalogue.achievements.remove#7']);
    expect(await found({ target: 'radio nor' })).toEqual(['catalogue.serverRadios.update#26']);
    expect(await found({ target: 'derat' })).toEqual(['syncManager.groups.create#3']);
    expect(await found({ target: 'Sync Gruppe' })).toEqual(['syncManager.groups.create#3']);
  });

  it('finds actions by their German verbs, done or tried', async () => {
    expect(await found({ target: 'Löschen' })).toEqual([
      'catalogue.achievements.remove#7',
      'catalogue.achievements.remove#8',
    ]);
    expect(await found({ target: 'geändert' })).toEqual(['catalogue.serverRadios.update#26']);
    expect(await found({ target: 'Angemeldet' })).toEqual([`auth.sign-in#sub-${tag}`]);
  });

  it('needs every word of the search, one anywhere in the row each', async () => {
    expect(await found({ target: 'Achievement „Angler“ gelöscht' })).toEqual([
      'catalogue.achievements.remove#7',
    ]);
    expect(await found({ target: 'Radiosender Angler' })).toEqual([]);
    expect(await found({ target: 'Achievement Nr. 8' })).toEqual(['catalogue.achievements.remove#8']);
  });

  it('finds the German words of a coded detail', async () => {
    expect(await found({ target: 'erneute Anmeldung' })).toEqual(['catalogue.achievements.remove#8']);
  });

  it('narrows by kind and area', async () => {
    expect(await found({ kind: 'remove' })).toEqual([
      'catalogue.achievements.remove#7',
      'catalogue.achievements.remove#8',
    ]);
    expect(await found({ kind: 'signIn' })).toEqual([`auth.sign-in#sub-${tag}`]);
    expect(await found({ area: 'sync' })).toEqual(['syncManager.groups.create#3']);
    expect(await found({ area: 'serverRadios' })).toEqual(['catalogue.serverRadios.update#26']);
    expect(await found({ area: 'achievements', kind: 'update' })).toEqual([]);
    expect(await found({ area: 'achievements', kind: 'remove', outcome: 'refused' })).toEqual([
      'catalogue.achievements.remove#8',
    ]);
  });

  it('finds the person anywhere in the name, in any case', async () => {
    const { total } = await audit.list({ person: `admin ${tag}` }, { offset: 0, limit: 1 });
    expect(total).toBe(5);
    expect((await audit.list({ person: `anna ${tag}` }, { offset: 0, limit: 1 })).total).toBe(0);
  });

  it('lists the records about one player by the exact id, not a part of it', async () => {
    expect(await found({ about: { type: 'user', id: `sub-${tag}` } })).toEqual([`auth.sign-in#sub-${tag}`]);
    expect(await found({ about: { type: 'user', id: `sub-${tag.slice(0, 4)}` } })).toEqual([]);
    expect(await found({ about: { type: 'sync.group', id: `sub-${tag}` } })).toEqual([]);
  });

  it('takes LIKE wildcards as text', async () => {
    expect(await found({ target: '%' })).toEqual([]);
    expect(await found({ target: '_' })).toEqual([]);
  });
});

describe.each(engines)('audit search by what the row shows on %s (decision 093)', (_name, config) => {
  let database: Database;
  let audit: AuditLog;
  const tag = Math.random().toString(36).slice(2, 10);

  async function found(filter: Parameters<AuditLog['list']>[0]): Promise<string[]> {
    const { rows } = await audit.list({ person: tag, ...filter }, { offset: 0, limit: 50 });
    return rows.map((row) => `${row.action}#${row.targetId ?? '-'}`).sort();
  }

  beforeAll(async () => {
    database = createDatabase(config());
    await database.open();
    audit = new AuditLog(database);
    const actor = { id: `sub-${tag}`, name: `Bea ${tag}` };
    await audit.write({
      actor,
      action: 'catalogue.achievements.update',
      target: { type: 'catalogue.achievements', id: 9 },
      before: { id: 9, name: 'Goldsucher', exp: 10, money: 200 },
      after: { id: 9, name: 'Goldsucher', exp: 20, money: 1200 },
      outcome: 'success',
    });
    await audit.write({
      actor,
      action: 'catalogue.achievements.update',
      target: { type: 'catalogue.achievements', id: 10 },
      before: { id: 10, name: 'Wanderer', exp: 5, money: 50 },
      after: { id: 10, name: 'Wanderer', exp: 6, money: 50 },
      outcome: 'success',
    });
    await audit.write({
      actor,
      action: 'catalogue.vehicleTypes.update',
      target: { type: 'catalogue.vehicleTypes', id: 403 },
      before: { id: 403, tankclass: 0 },
      after: { id: 403, tankclass: 1 },
      outcome: 'success',
    });
    await audit.refused({
      actor,
      action: 'catalogue.achievements.update',
      target: { type: 'catalogue.achievements', id: 9 },
      detail: 'step-up-required',
    });
  }, 60_000);
  afterAll(() => database.close());

  it('finds a change of a field by its label, not rows where that field stayed', async () => {
    expect(await found({ target: 'Geld' })).toEqual(['catalogue.achievements.update#9']);
    expect(await found({ target: 'Erfahrung' })).toEqual([
      'catalogue.achievements.update#10',
      'catalogue.achievements.update#9',
    ]);
  });

  it('finds a value as the row shows it: a German number, a code by its name', async () => {
    expect(await found({ target: '1.200' })).toEqual(['catalogue.achievements.update#9']);
    expect(await found({ target: 'Diesel' })).toEqual(['catalogue.vehicleTypes.update#403']);
  });

  it('names a refused target from its other records, and shows one record by its number', async () => {
    const { rows } = await audit.list({ person: tag, outcome: 'refused' }, { offset: 0, limit: 5 });
    expect(rows.map((row) => row.targetName)).toEqual(['Goldsucher']);
    const { rows: one } = await audit.list({ record: rows[0]?.id }, { offset: 0, limit: 5 });
    expect(one.map((row) => row.outcome)).toEqual(['refused']);
  });
});

describe('the filter schema of the list and the export', () => {
  it('takes kinds and areas by their keys and refuses others', () => {
    const parsed = Filter.parse({ kind: 'remove', area: 'serverRadios', target: ' Angler ' });
    expect(toFilter(parsed)).toMatchObject({ kind: 'remove', area: 'serverRadios', target: 'Angler' });
    expect(Filter.safeParse({ kind: 'delete' }).success).toBe(false);
    expect(Filter.safeParse({ area: 'radios' }).success).toBe(false);
    // A player's records: by the user's id, limited like the other texts.
    expect(toFilter(Filter.parse({ aboutUser: 'u-1' }))).toMatchObject({
      about: { type: 'user', id: 'u-1' },
    });
    expect(Filter.safeParse({ aboutUser: 'x'.repeat(65) }).success).toBe(false);
  });
});
