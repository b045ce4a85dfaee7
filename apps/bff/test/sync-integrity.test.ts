/**
 * Sync manager integrity (specification §4): external ids in their platform's format, no duplicate
 * platform + external id, unique group names (case-insensitive, NFC), a Keycloak group as a name or a
 * path (checked when the write changes it), and a group that takes an object from another group
 * records both groups' change.
 */
import { randomInt } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { sharedTestDatabase, type TrpcErrorBody } from './helpers';
import { sessionHeaders, withTestBff } from './test-bff';

const OBJECTS = 'sync-manager/sync-objects';
const GROUPS = 'sync-manager/sync-groups';

describe('sync manager integrity', () => {
  const bff = withTestBff();
  // Test files and runs share the audit table: group ids of this run only.
  let admin: number;
  let fresh: number;
  let objects: { id: number; syncGroup: unknown }[];
  let groups: { id: number; name: string; keycloakName: string | null; syncObjects: unknown[] }[];

  beforeEach(() => {
    admin = randomInt(1_000_000, 2_000_000_000);
    fresh = admin + 1;
    const member = (id: number, plattform: string, externalId: string, description: string) => ({
      id,
      plattform,
      externalId,
      description,
    });
    const adminObjects = [
      member(1, 'teamspeak', '6', 'Servergruppe Server Admin'),
      member(2, 'discord', '1187364520918273301', 'Rolle Admin'),
    ];
    objects = [
      ...adminObjects.map((o) => ({ ...o, syncGroup: { id: admin, name: 'Admin' } })),
      { ...member(3, 'teamspeak', '31', 'Servergruppe Eventteam'), syncGroup: null },
    ];
    groups = [
      { id: admin, name: 'Admin', keycloakName: '/team/admin', syncObjects: adminObjects },
      { id: admin + 2, name: 'café', keycloakName: null, syncObjects: [] },
    ];
    bff.api.on('GET', OBJECTS, () => ({ body: objects }));
    bff.api.on('GET', GROUPS, () => ({ body: groups }));
    bff.api.on('POST', OBJECTS, ({ body }) => ({ body: { id: 99, ...(JSON.parse(body) as object) } }));
    bff.api.on('PUT', `${OBJECTS}/1`, ({ body }) => ({ body: JSON.parse(body) as unknown }));
    bff.api.on('POST', GROUPS, ({ body }) => ({ body: { id: fresh, ...groupAnswer(body) } }));
    bff.api.on('GET', `${GROUPS}/${admin}`, () => ({ body: groups[0] }));
    bff.api.on('PUT', `${GROUPS}/${admin}`, ({ body }) => ({ body: groupAnswer(body) }));
  });

  /** The game API answers a group with its objects in full. */
  function groupAnswer(body: string) {
    const group = JSON.parse(body) as { syncObjects: { id: number }[] };
    const members = group.syncObjects.map(({ id }) => {
      const { syncGroup: _, ...member } = objects.find((o) => o.id === id)!;
      return member;
    });
    return { ...group, syncObjects: members };
  }

  async function headers(): Promise<Record<string, string>> {
    const session = await sessionHeaders(bff, { username: 'anna', roles: ['web:admin:sync-manager'] });
    return { ...session, 'content-type': 'application/json' };
  }

  const mutate = async (procedure: string, input: unknown) =>
    bff.app.inject({
      method: 'POST',
      url: `/trpc/${procedure}`,
      headers: await headers(),
      payload: JSON.stringify(input),
    });
  const fieldErrors = async (procedure: string, input: unknown) => {
    const response = await mutate(procedure, input);
    return response.statusCode === 200
      ? 'gespeichert'
      : response.json<TrpcErrorBody>().error.data.fieldErrors;
  };
  const writes = () => bff.api.requests.filter((r) => r.method !== 'GET');

  const object = (plattform: string, externalId: string) => ({
    values: { plattform, externalId, description: 'Neu' },
  });

  it('takes Discord ids of 15 to 20 digits only, with a German field error', async () => {
    const wrong = { externalId: 'Eine Discord-ID besteht aus 15 bis 20 Ziffern.' };
    const create = 'syncManager.objects.create';
    expect(await fieldErrors(create, object('discord', 'keine-zahl äöü'))).toEqual(wrong);
    expect(await fieldErrors(create, object('discord', '12345678901234'))).toEqual(wrong);
    expect(await fieldErrors(create, object('discord', '123456789012345678901'))).toEqual(wrong);
    expect(await fieldErrors(create, object('discord', '1187 3645209182733'))).toEqual(wrong);
    expect(writes()).toEqual([]);
    expect(await fieldErrors(create, object('discord', '123456789012345'))).toBe('gespeichert');
    expect(await fieldErrors(create, object('discord', '12345678901234567890'))).toBe('gespeichert');
  });

  it('takes a Teamspeak server group id (a whole number), not a user identity', async () => {
    const wrong = { externalId: 'Eine Teamspeak-Servergruppen-ID ist eine ganze Zahl, z. B. 6.' };
    const create = 'syncManager.objects.create';
    expect(await fieldErrors(create, object('teamspeak', 'u8Xh3kQ9vR2mN5pL7sT1wY4zA6c='))).toEqual(wrong);
    expect(await fieldErrors(create, object('teamspeak', 'Admin'))).toEqual(wrong);
    expect(await fieldErrors(create, object('teamspeak', '-4'))).toEqual(wrong);
    expect(writes()).toEqual([]);
    expect(await fieldErrors(create, object('teamspeak', '40'))).toBe('gespeichert');
  });

  it('refuses a second object with the same platform and external id, but not the object itself', async () => {
    expect(await fieldErrors('syncManager.objects.create', object('teamspeak', '6'))).toEqual({
      externalId: 'Diese externe ID ist auf dieser Plattform schon vergeben („Servergruppe Server Admin“).',
    });
    const update = (externalId: string) => ({
      id: 1,
      values: { plattform: 'teamspeak', externalId, description: 'Umbenannt' },
      expected: objects[0],
    });
    expect(await fieldErrors('syncManager.objects.update', update('31'))).toEqual({
      externalId: 'Diese externe ID ist auf dieser Plattform schon vergeben („Servergruppe Eventteam“).',
    });
    expect(writes()).toEqual([]);
    // The same number on another platform is another thing; the object may keep its own id.
    expect(await fieldErrors('syncManager.objects.create', object('forum', '6'))).toBe('gespeichert');
    expect(await fieldErrors('syncManager.objects.update', update('6'))).toBe('gespeichert');
  });

  it('reads the list once for a create: for the duplicate check and for the ids before the write', async () => {
    const before = bff.api.requests.length;
    expect(await fieldErrors('syncManager.objects.create', object('forum', '77'))).toBe('gespeichert');
    const calls = bff.api.requests.slice(before).map((r) => `${r.method} ${r.path}`);
    expect(calls).toEqual(['GET sync-manager/sync-objects', 'POST sync-manager/sync-objects']);
  });

  const group = (name: string, keycloakName: string | null = null, syncObjects: { id: number }[] = []) => ({
    values: { name, keycloakName, syncObjects },
  });

  it('refuses a group name that exists, case-insensitively and in either Unicode form', async () => {
    const taken = { name: 'Eine Sync Gruppe mit diesem Namen gibt es schon.' };
    expect(await fieldErrors('syncManager.groups.create', group('admin'))).toEqual(taken);
    expect(await fieldErrors('syncManager.groups.create', group('  ADMIN '))).toEqual(taken);
    expect(await fieldErrors('syncManager.groups.create', group('Cafe\u0301'))).toEqual(taken);
    expect(writes()).toEqual([]);
    expect(await fieldErrors('syncManager.groups.create', group('Cafe'))).toBe('gespeichert');
    // A group keeps its own name.
    const keep = { id: admin, ...group('Admin', '/team/admin', [{ id: 1 }, { id: 2 }]), expected: groups[0] };
    expect(await fieldErrors('syncManager.groups.update', keep)).toBe('gespeichert');
  });

  it('takes a Keycloak group name or path and refuses what is neither, with a German field error', async () => {
    const refused = {
      'team/admin':
        'Ein Pfad beginnt mit „/“, z. B. /team/admin – oder gib nur den Gruppennamen an, z. B. pruefteam.',
      '/team//admin':
        'Der Pfad hat einen leeren Abschnitt. Schreibe ihn ohne „//“ und ohne „/“ am Ende, z. B. /team/admin.',
      '/team/':
        'Der Pfad hat einen leeren Abschnitt. Schreibe ihn ohne „//“ und ohne „/“ am Ende, z. B. /team/admin.',
      '/': 'Der Pfad hat einen leeren Abschnitt. Schreibe ihn ohne „//“ und ohne „/“ am Ende, z. B. /team/admin.',
      '/../admin':
        '„.“ und „..“ sind keine Gruppennamen. Gib den Pfad der Gruppe von oben an, z. B. /team/admin.',
      '/team/./admin':
        '„.“ und „..“ sind keine Gruppennamen. Gib den Pfad der Gruppe von oben an, z. B. /team/admin.',
      '..': '„.“ und „..“ sind keine Gruppennamen. Gib den Pfad der Gruppe von oben an, z. B. /team/admin.',
      '/ team': 'Ein Gruppenname beginnt und endet nicht mit einem Leerzeichen, auch nicht im Pfad.',
      '/team /admin': 'Ein Gruppenname beginnt und endet nicht mit einem Leerzeichen, auch nicht im Pfad.',
      'admin\u202Egnp.exe':
        'Die Keycloak Gruppe enthält unsichtbare Steuer- oder Richtungszeichen. Bitte gib sie ohne diese Zeichen ein.',
      '/team/ad\u0007min':
        'Die Keycloak Gruppe enthält unsichtbare Steuer- oder Richtungszeichen. Bitte gib sie ohne diese Zeichen ein.',
      '/team/\u2066admin':
        'Die Keycloak Gruppe enthält unsichtbare Steuer- oder Richtungszeichen. Bitte gib sie ohne diese Zeichen ein.',
    };
    for (const [value, message] of Object.entries(refused)) {
      expect(await fieldErrors('syncManager.groups.create', group('Neu', value)), value).toEqual({
        keycloakName: message,
      });
    }
    expect(writes()).toEqual([]);
    for (const value of [
      'pruefteam',
      'Team Süd',
      '/team/admin',
      '/Fraktionen/Polizei LSPD',
      '/gangs',
      null,
      '',
    ]) {
      expect(await fieldErrors('syncManager.groups.create', group('Neu', value)), String(value)).toBe(
        'gespeichert',
      );
    }
  });

  describe('a group the game server holds with a Keycloak group older than the rule', () => {
    let legacy: { id: number; name: string; keycloakName: string | null; syncObjects: unknown[] };
    const puts = () => writes().map((r) => JSON.parse(r.body) as { keycloakName: unknown });
    const save = (keycloakName: string | null, syncObjects: { id: number }[] = []) =>
      fieldErrors('syncManager.groups.update', {
        id: legacy.id,
        ...group('Prüfteam', keycloakName, syncObjects),
        expected: legacy,
      });

    /** The game server's group `keycloakName` and its update, which echoes what it was sent. */
    function holds(keycloakName: string) {
      legacy = { id: admin + 4, name: 'Prüfteam', keycloakName, syncObjects: [] };
      groups.push(legacy);
      bff.api.on('GET', `${GROUPS}/${legacy.id}`, { body: legacy });
      bff.api.on('PUT', `${GROUPS}/${legacy.id}`, ({ body }) => ({ body: groupAnswer(body) }));
    }

    it('saves a plain group name, as a create and as an update', async () => {
      holds('pruefteam');
      expect(await save('pruefteam', [{ id: 3 }])).toBe('gespeichert');
      expect(await fieldErrors('syncManager.groups.create', group('Zweites Team', 'pruefteam'))).toBe(
        'gespeichert',
      );
      expect(puts().map((body) => body.keycloakName)).toEqual(['pruefteam', 'pruefteam']);
    });

    it('saves a ticked object when the value invalid by today’s rule is left as it is', async () => {
      holds('pruefung/alt');
      // As the dialog sends it: the stored value, blanks around it and all.
      expect(await save(' pruefung/alt ', [{ id: 3 }])).toBe('gespeichert');
      expect(puts()).toEqual([
        { id: legacy.id, name: 'Prüfteam', keycloakName: 'pruefung/alt', syncObjects: [{ id: 3 }] },
      ]);
    });

    it('refuses a changed value by today’s rule, whatever the row sent as seen claims', async () => {
      holds('pruefung/alt');
      expect(await save('/../admin')).toEqual({
        keycloakName:
          '„.“ und „..“ sind keine Gruppennamen. Gib den Pfad der Gruppe von oben an, z. B. /team/admin.',
      });
      // The comparison is with the game API's group, not with the client's `expected`.
      const claimed = await fieldErrors('syncManager.groups.update', {
        id: legacy.id,
        ...group('Prüfteam', '/../admin'),
        expected: { ...legacy, keycloakName: '/../admin' },
        force: true,
      });
      expect(claimed).toEqual({
        keycloakName:
          '„.“ und „..“ sind keine Gruppennamen. Gib den Pfad der Gruppe von oben an, z. B. /team/admin.',
      });
      expect(writes()).toEqual([]);
      expect(await save('/pruefung/alt')).toBe('gespeichert');
      expect(await save(null)).toBe('gespeichert');
    });
  });

  it('records both groups when a new group takes an object from another group', async () => {
    const response = await mutate(
      'syncManager.groups.create',
      group('Neu', '/team/neu', [{ id: 2 }, { id: 3 }]),
    );
    expect(response.statusCode).toBe(200);
    const db = await sharedTestDatabase().open();
    const records = await db
      .selectFrom('audit_log')
      .selectAll()
      .where('target_type', '=', 'sync.group')
      .where('target_id', 'in', [String(admin), String(fresh)])
      .orderBy('id', 'asc')
      .execute();
    expect(records.map((r) => [r.action, r.target_id, r.outcome])).toEqual([
      ['syncManager.groups.create', String(fresh), 'success'],
      ['syncManager.groups.update', String(admin), 'success'],
    ]);
    const [, other] = records;
    const ids = (state: unknown) => (state as { syncObjects: { id: number }[] }).syncObjects.map((o) => o.id);
    expect(ids(other?.before)).toEqual([1, 2]);
    expect(ids(other?.after)).toEqual([1]);
    expect(other?.detail).toBe('Sync Objekte an „Neu“ abgegeben');
  });

  it('records the other group when an existing group takes its object, and nothing extra without a move', async () => {
    const police = { id: admin + 3, name: 'Polizei', keycloakName: null, syncObjects: [] };
    groups.push(police);
    bff.api.on('GET', `${GROUPS}/${police.id}`, { body: police });
    bff.api.on('PUT', `${GROUPS}/${police.id}`, ({ body }) => ({ body: groupAnswer(body) }));
    const save = (syncObjects: { id: number }[]) =>
      mutate('syncManager.groups.update', {
        id: police.id,
        ...group('Polizei', null, syncObjects),
        expected: police,
      });
    expect((await save([{ id: 1 }])).statusCode).toBe(200);
    expect((await save([])).statusCode).toBe(200);
    const db = await sharedTestDatabase().open();
    const records = await db
      .selectFrom('audit_log')
      .select(['action', 'target_id', 'before', 'after'])
      .where('target_type', '=', 'sync.group')
      .where('target_id', 'in', [String(admin), String(police.id)])
      .where('outcome', '=', 'success')
      .orderBy('id', 'asc')
      .execute();
    expect(records.map((r) => r.target_id)).toEqual([String(police.id), String(admin), String(police.id)]);
    expect((records[1]?.after as { syncObjects: { id: number }[] }).syncObjects).toEqual([
      { id: 2, plattform: 'discord', externalId: '1187364520918273301', description: 'Rolle Admin' },
    ]);
  });
});
