/** Sync objects and sync groups: CRUD round trips and the membership between them. */
import { SyncGroup, SyncObject } from '@nova/contracts';
import { describe, expect, it } from 'vitest';
import { call, createTestSim } from './test-support';

const OBJECTS = 'sync-manager/sync-objects';
const GROUPS = 'sync-manager/sync-groups';
const token = 'admin';

describe('sync manager', () => {
  it('creates, reads, updates and deletes a sync object', async () => {
    const app = createTestSim();
    const created = await call(app, 'POST', OBJECTS, {
      token,
      body: { plattform: 'discord', externalId: '1190000000000000001', description: 'Rolle Taxifahrer' },
    });
    expect(created.status).toBe(201);
    const object = SyncObject.parse(created.json);
    expect(object).toMatchObject({ plattform: 'discord', description: 'Rolle Taxifahrer', syncGroup: null });

    const updated = await call(app, 'PUT', `${OBJECTS}/${object.id}`, {
      token,
      body: { ...object, description: 'Rolle Taxi & Bus', syncGroup: { id: 3, name: 'Polizei' } },
    });
    expect(updated.status).toBe(200);
    expect(updated.json).toEqual({
      ...object,
      description: 'Rolle Taxi & Bus',
      syncGroup: { id: 3, name: 'Polizei' },
    });
    expect((await call(app, 'GET', `${OBJECTS}/${object.id}`, { token })).json).toEqual(updated.json);

    expect((await call(app, 'DELETE', `${OBJECTS}/${object.id}`, { token })).status).toBe(204);
    expect((await call(app, 'GET', `${OBJECTS}/${object.id}`, { token })).status).toBe(404);
    const police = SyncGroup.parse((await call(app, 'GET', `${GROUPS}/3`, { token })).json);
    expect(police.syncObjects.map((o) => o.id)).not.toContain(object.id);
  });

  it('creates, reads, updates and deletes a sync group', async () => {
    const app = createTestSim();
    const created = await call(app, 'POST', GROUPS, {
      token,
      body: { name: 'Eventteam', keycloakName: '/team/events', syncObjects: [{ id: 8 }] },
    });
    expect(created.status).toBe(201);
    const group = SyncGroup.parse(created.json);
    expect(group).toMatchObject({ name: 'Eventteam', keycloakName: '/team/events' });
    expect(group.syncObjects.map((o) => o.id)).toEqual([8]);
    expect((await call(app, 'GET', `${OBJECTS}/8`, { token })).json).toMatchObject({
      syncGroup: { id: group.id, name: 'Eventteam' },
    });

    const updated = await call(app, 'PUT', `${GROUPS}/${group.id}`, {
      token,
      body: { id: group.id, name: 'Eventteam', keycloakName: null, syncObjects: [{ id: 16 }] },
    });
    expect(updated.status).toBe(200);
    expect(updated.json).toMatchObject({ keycloakName: null, syncObjects: [{ id: 16 }] });
    // Object 8 left the group when it was no longer listed.
    expect((await call(app, 'GET', `${OBJECTS}/8`, { token })).json).toMatchObject({ syncGroup: null });

    expect((await call(app, 'DELETE', `${GROUPS}/${group.id}`, { token })).status).toBe(204);
    expect((await call(app, 'GET', `${GROUPS}/${group.id}`, { token })).status).toBe(404);
    // Deleting a group keeps its objects, without a group.
    expect((await call(app, 'GET', `${OBJECTS}/16`, { token })).json).toMatchObject({ syncGroup: null });
  });

  it('moves an object from its old group when another group takes it', async () => {
    const app = createTestSim();
    // Object 3 (Teamspeak "Polizei") belongs to group 3.
    await call(app, 'PUT', `${GROUPS}/4`, {
      token,
      body: { name: 'Medic', syncObjects: [{ id: 4 }, { id: 3 }] },
    });
    const police = SyncGroup.parse((await call(app, 'GET', `${GROUPS}/3`, { token })).json);
    expect(police.syncObjects.map((o) => o.id)).not.toContain(3);
    expect((await call(app, 'GET', `${OBJECTS}/3`, { token })).json).toMatchObject({ syncGroup: { id: 4 } });
  });

  it('finds the group of a new object by name when no id is given', async () => {
    const app = createTestSim();
    const res = await call(app, 'POST', OBJECTS, {
      token,
      body: {
        plattform: 'teamspeak',
        externalId: '40',
        description: 'Servergruppe Ballas OG',
        syncGroup: { name: 'Ballas' },
      },
    });
    expect(res.json).toMatchObject({ syncGroup: { id: 6, name: 'Ballas' } });
  });

  it('answers field errors for invalid objects and groups', async () => {
    const app = createTestSim();
    const invalid = [
      [
        OBJECTS,
        { plattform: 'icq', externalId: ' ', description: '' },
        { plattform: 'Bitte wähle eine Plattform', externalId: 'Pflichtfeld', description: 'Pflichtfeld' },
      ],
      [
        OBJECTS,
        { plattform: 'discord', externalId: '1', description: 'x', syncGroup: { id: 99, name: 'Weg' } },
        { 'syncGroup.id': 'Unbekannte Sync Gruppe' },
      ],
      [
        OBJECTS,
        { plattform: 'discord', externalId: '1', description: 'x', syncGroup: { name: 'Gibt es nicht' } },
        { 'syncGroup.name': 'Unbekannte Sync Gruppe' },
      ],
      [
        GROUPS,
        { keycloakName: 5 },
        { name: 'Pflichtfeld', keycloakName: 'Muss ein Text sein', syncObjects: 'Pflichtfeld' },
      ],
      [
        GROUPS,
        { name: 'Neu', syncObjects: [{ id: 1 }, { id: 999 }, { id: 'x' }] },
        { 'syncObjects.2.id': 'Muss eine Zahl sein' },
      ],
      [
        GROUPS,
        { name: 'Neu', syncObjects: [{ id: 1 }, { id: 999 }] },
        { 'syncObjects.1.id': 'Unbekanntes Sync Objekt' },
      ],
    ] as const;
    for (const [path, body, validationErrors] of invalid) {
      const res = await call(app, 'POST', path, { token, body });
      expect(res, JSON.stringify(body)).toMatchObject({ status: 400, json: { validationErrors } });
    }
    // Nothing was stored by the refused requests.
    expect((await call(app, 'GET', GROUPS, { token })).json).toHaveLength(7);
  });

  it('answers 404 for unknown ids', async () => {
    const app = createTestSim();
    for (const path of [`${OBJECTS}/999`, `${GROUPS}/999`]) {
      expect((await call(app, 'GET', path, { token })).status).toBe(404);
      expect((await call(app, 'DELETE', path, { token })).status).toBe(404);
    }
  });
});
