/** `user` and `user/{id}`: reading, creating, patching and deleting users. */
import { PlayerProfile, User, Users, gameApiPaths } from '@nova/contracts';
import { DEMO_ACCOUNTS } from '@nova/demo';
import { describe, expect, it } from 'vitest';
import { IDS, call, createTestSim } from './test-support';

describe('users', () => {
  it('answers a demo account with its username and display name', async () => {
    const app = createTestSim();
    for (const account of Object.values(DEMO_ACCOUNTS)) {
      const res = await call(app, 'GET', gameApiPaths.user(account.id), { token: 'spieler' });
      expect(res.json).toEqual({
        id: account.id,
        username: account.username,
        attributes: { customname: [...account.customname] },
      });
    }
  });

  it('answers 404 for unknown users and every call under them', async () => {
    const app = createTestSim();
    for (const path of [
      gameApiPaths.user('unknown'),
      gameApiPaths.profile('unknown'),
      gameApiPaths.inventory('unknown'),
      gameApiPaths.vehicles('unknown'),
    ]) {
      expect(await call(app, 'GET', path, { token: 'spieler' }), path).toMatchObject({
        status: 404,
        json: { error: 'Nicht gefunden' },
      });
    }
  });

  it('searches users by username or display name', async () => {
    const app = createTestSim();
    const res = Users.parse((await call(app, 'GET', 'user?search=jonas_WEBER', { token: 'spieler' })).json);
    expect(res.map((u) => u.id)).toContain(IDS.spieler);
  });

  it('lets an admin create, patch and delete a user; the new character starts from scratch', async () => {
    const app = createTestSim();
    const created = await call(app, 'POST', gameApiPaths.users(), {
      token: 'admin',
      body: { username: 'neuer.spieler', attributes: { customname: ['Tom_Neumann'] } },
    });
    expect(created.status).toBe(201);
    const user = User.parse(created.json);
    expect(user).toMatchObject({ username: 'neuer.spieler', attributes: { customname: ['Tom_Neumann'] } });
    expect((await call(app, 'GET', gameApiPaths.user(user.id), { token: 'spieler' })).json).toEqual(user);
    const profile = PlayerProfile.parse(
      (await call(app, 'GET', gameApiPaths.profile(user.id), { token: 'spieler' })).json,
    );
    expect(profile).toMatchObject({ username: 'Tom_Neumann', level: 1, money: 0, activeSkin: null });
    // Unlike the `empty` demo player, a created user's vehicles are supported (and none).
    expect((await call(app, 'GET', gameApiPaths.vehicles(user.id), { token: 'spieler' })).json).toEqual([]);

    const patched = await call(app, 'PATCH', gameApiPaths.user(user.id), {
      token: 'admin',
      body: { attributes: { customname: ['Tom_Neumann_Jr'] } },
    });
    expect(patched.json).toEqual({ ...user, attributes: { customname: ['Tom_Neumann_Jr'] } });
    expect((await call(app, 'GET', gameApiPaths.profile(user.id), { token: 'spieler' })).json).toMatchObject({
      username: 'Tom_Neumann_Jr',
    });

    expect((await call(app, 'DELETE', gameApiPaths.user(user.id), { token: 'admin' })).status).toBe(204);
    expect((await call(app, 'GET', gameApiPaths.user(user.id), { token: 'spieler' })).status).toBe(404);
    expect((await call(app, 'DELETE', gameApiPaths.user(user.id), { token: 'admin' })).status).toBe(404);
  });

  it('lets a player patch themselves but nobody else; creating and deleting needs web:admin', async () => {
    const app = createTestSim();
    const own = await call(app, 'PATCH', gameApiPaths.user(IDS.spieler), {
      token: 'spieler',
      body: { username: 'jonas' },
    });
    expect(own).toMatchObject({ status: 200, json: { username: 'jonas' } });
    expect(
      (await call(app, 'PATCH', gameApiPaths.user(IDS.beta), { token: 'spieler', body: { username: 'x1x' } }))
        .status,
    ).toBe(403);
    expect(
      (await call(app, 'POST', gameApiPaths.users(), { token: 'beta', body: { username: 'abc' } })).status,
    ).toBe(403);
    expect((await call(app, 'DELETE', gameApiPaths.user(IDS.beta), { token: 'beta' })).status).toBe(403);
  });

  it('validates user bodies and keeps usernames unique', async () => {
    const app = createTestSim();
    const cases = [
      [{}, { username: 'Pflichtfeld' }],
      [{ username: 'ab' }, { username: 'Mindestens 3 Zeichen' }],
      [{ username: 'x'.repeat(33) }, { username: 'Höchstens 32 Zeichen' }],
      [{ username: 'Beta' }, { username: 'Benutzername ist bereits vergeben' }],
      [
        { username: 'gut', attributes: { customname: 'Tom' } },
        { 'attributes.customname': 'Muss eine Liste sein' },
      ],
    ] as const;
    for (const [body, validationErrors] of cases) {
      const res = await call(app, 'POST', gameApiPaths.users(), { token: 'admin', body });
      expect(res, JSON.stringify(body)).toMatchObject({ status: 400, json: { validationErrors } });
    }
    const patch = await call(app, 'PATCH', gameApiPaths.user(IDS.spieler), {
      token: 'spieler',
      body: { username: 'admin' },
    });
    expect(patch).toMatchObject({
      status: 400,
      json: { validationErrors: { username: 'Benutzername ist bereits vergeben' } },
    });
  });
});
