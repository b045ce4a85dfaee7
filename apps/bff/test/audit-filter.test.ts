/**
 * The audit log's filters in German, on both engines (decision 062): words found anywhere in the row
 * as the viewer reads it (the target's name, the action's German words, the detail), case-insensitive,
 * every word of a search; the action's kind and area; the person anywhere in the name. The viewer's
 * list and the CSV export take the same filter schema.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AuditLog, type AuditEntry } from '../src/audit/log';
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
