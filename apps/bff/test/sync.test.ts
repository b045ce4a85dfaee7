/**
 * Account synchronisation and sync manager procedures over HTTP (specification §4, §5, §7, §8.6): roles,
 * "only for yourself", what reached the game API (method, path, body), the Teamspeak 404, the
 * nickname limit, and the one field-error shape.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { SPA, type TrpcErrorBody } from './helpers';
import { withTestBff } from './test-bff';

const SYNC_ROLE = 'web:admin:sync-manager';
const ME = 'a1b2c3d4-0000-4000-8000-00000000e5f6';
const IDENTITY = 'u8Xh3kQ9vR2mN5pL7sT1wY4zA6c=';

describe('sync procedures', () => {
  const bff = withTestBff();

  async function cookieFor(
    roles: string[],
    username = 'spieler',
    userId = ME,
    signedInSecondsAgo = 0,
  ): Promise<Record<string, string>> {
    const { id } = await bff.manager.create({
      userId,
      sid: 'sid-1',
      displayName: username,
      // Signed in just now: a remove needs no step-up (test/accountability.test.ts covers it).
      authTime: Math.floor(Date.now() / 1000) - signedInSecondsAgo,
      auth: {
        accessToken: 'eyJ-user-access-token',
        refreshToken: 'r',
        idToken: null,
        accessTokenExpiresAt: Date.now() + 3_600_000,
        username,
        roles,
      },
    });
    return { ...SPA, cookie: `nova_session=${id}` };
  }

  const mutate = (procedure: string, input: unknown, headers: Record<string, string>) =>
    bff.app.inject({
      method: 'POST',
      url: `/trpc/${procedure}`,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify(input),
    });
  const query = (procedure: string, headers: Record<string, string>) =>
    bff.app.inject({ method: 'GET', url: `/trpc/${procedure}`, headers });
  const writes = () =>
    bff.api.requests
      .filter((r) => r.method !== 'GET')
      .map((r) => ({
        method: r.method,
        path: r.path,
        body: r.body === '' ? undefined : (JSON.parse(r.body) as unknown),
      }));

  describe('external accounts', () => {
    it('reports the status of every platform from one game API call for the signed-in player', async () => {
      bff.api.on('GET', `user/${ME}/external-accounts`, {
        body: [
          { id: 4, userId: ME, plattform: 'discord', externalId: '112233445566778899' },
          { id: 9, userId: ME, plattform: 'teamspeak', externalId: IDENTITY },
        ],
      });
      const response = await query('externalAccounts.status', await cookieFor([]));
      expect(response.json()).toEqual({
        result: {
          data: {
            teamspeak: { id: 9, externalId: IDENTITY },
            // No name was kept for this Discord account (it was not linked through this BFF).
            discord: { id: 4, externalId: '112233445566778899', name: null },
            forum: null,
          },
        },
      });
      expect(bff.api.requests.map((r) => r.path)).toEqual([`user/${ME}/external-accounts`]);
      expect(bff.api.requests[0]?.authorization).toBe('Bearer eyJ-user-access-token');
    });

    it('links a Teamspeak identity for the signed-in player only, with the body of specification §7', async () => {
      bff.api.on('POST', `user/${ME}/external-accounts`, ({ body }) => ({
        status: 201,
        body: { id: 12, ...(JSON.parse(body) as object) },
      }));
      const response = await mutate(
        'externalAccounts.linkTeamspeak',
        { values: { identity: ` ${IDENTITY} ` } },
        await cookieFor([]),
      );
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ result: { data: { externalId: IDENTITY } } });
      expect(writes()).toEqual([
        {
          method: 'POST',
          path: `user/${ME}/external-accounts`,
          body: { userId: ME, plattform: 'teamspeak', externalId: IDENTITY },
        },
      ]);
    });

    it('accepts no user id: a player never links, unlinks or syncs for someone else', async () => {
      const headers = await cookieFor([]);
      const attempts = [
        mutate(
          'externalAccounts.linkTeamspeak',
          { values: { identity: IDENTITY }, userId: 'other' },
          headers,
        ),
        mutate('externalAccounts.unlink', { plattform: 'teamspeak', userId: 'other' }, headers),
        mutate('externalAccounts.sync', { plattform: 'discord', userId: 'other' }, headers),
      ];
      for (const response of await Promise.all(attempts)) expect(response.statusCode).toBe(400);
      expect(bff.api.requests).toEqual([]);
    });

    it('answers NOT_FOUND when the game API does not know the Teamspeak identity', async () => {
      bff.api.on('POST', `user/${ME}/external-accounts`, { status: 404, body: { error: 'nicht gefunden' } });
      const response = await mutate(
        'externalAccounts.linkTeamspeak',
        { values: { identity: 'unknown' } },
        await cookieFor([]),
      );
      expect(response.statusCode).toBe(404);
      expect(response.json<TrpcErrorBody>().error.data.code).toBe('NOT_FOUND');
    });

    it('answers CONFLICT when another player holds the identity', async () => {
      bff.api.on('POST', `user/${ME}/external-accounts`, { status: 409, body: { error: 'vergeben' } });
      const response = await mutate(
        'externalAccounts.linkTeamspeak',
        { values: { identity: IDENTITY } },
        await cookieFor([]),
      );
      expect(response.json<TrpcErrorBody>().error.data.code).toBe('CONFLICT');
    });

    it('refuses an empty identity in German before calling the game API', async () => {
      const response = await mutate(
        'externalAccounts.linkTeamspeak',
        { values: { identity: '  ' } },
        await cookieFor([]),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json<TrpcErrorBody>().error.data.fieldErrors).toEqual({ identity: 'Pflichtfeld' });
      expect(bff.api.requests).toEqual([]);
    });

    it('refuses to link when the Teamspeak nickname would exceed 30 characters, and says why', async () => {
      // 3 + 25 + 3 = 31 characters.
      const headers = await cookieFor([], 'Maximilian_Mustermann_Xyz');
      const response = await mutate(
        'externalAccounts.linkTeamspeak',
        { values: { identity: IDENTITY } },
        headers,
      );
      expect(response.statusCode).toBe(412);
      expect(response.json<TrpcErrorBody>().error.message).toContain('länger als 30 Zeichen');
      expect(bff.api.requests).toEqual([]);
      // Exactly 30 characters is allowed.
      bff.api.on('POST', `user/${ME}/external-accounts`, { status: 201, body: undefined });
      const fits = await mutate(
        'externalAccounts.linkTeamspeak',
        { values: { identity: IDENTITY } },
        await cookieFor([], 'Maximilian_Mustermann_Xy'),
      );
      expect(fits.statusCode).toBe(200);
    });

    it('unlinks the first own account of the platform found by the lookup', async () => {
      bff.api.on('GET', `user/${ME}/external-accounts`, {
        body: [{ id: 31, userId: ME, plattform: 'discord', externalId: '112233445566778899' }],
      });
      bff.api.on('DELETE', `user/${ME}/external-accounts/31`, { status: 204 });
      const response = await mutate('externalAccounts.unlink', { plattform: 'discord' }, await cookieFor([]));
      expect(response.json()).toEqual({ result: { data: { id: 31 } } });
      expect(bff.api.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
        `GET user/${ME}/external-accounts`,
        `DELETE user/${ME}/external-accounts/31`,
      ]);
    });

    it('answers NOT_FOUND and deletes nothing when there is no account to unlink', async () => {
      bff.api.on('GET', `user/${ME}/external-accounts`, { body: [] });
      const response = await mutate(
        'externalAccounts.unlink',
        { plattform: 'teamspeak' },
        await cookieFor([]),
      );
      expect(response.statusCode).toBe(404);
      expect(writes()).toEqual([]);
    });

    it('starts a synchronisation with { plattform } and refuses the forum and unknown platforms', async () => {
      bff.api.on('POST', `user/${ME}/external-accounts/sync`, { body: { ok: true } });
      const headers = await cookieFor([]);
      expect((await mutate('externalAccounts.sync', { plattform: 'teamspeak' }, headers)).statusCode).toBe(
        200,
      );
      expect(writes()).toEqual([
        { method: 'POST', path: `user/${ME}/external-accounts/sync`, body: { plattform: 'teamspeak' } },
      ]);
      for (const plattform of ['forum', 'icq']) {
        const refused = await mutate('externalAccounts.sync', { plattform }, headers);
        expect(refused.json<TrpcErrorBody>().error.data.fieldErrors).toEqual({
          plattform: 'Bitte wähle eine Plattform',
        });
      }
    });

    it('encodes the user id in every path', async () => {
      const odd = 'a/b?c';
      bff.api.on('GET', `user/${encodeURIComponent(odd)}/external-accounts`, { body: [] });
      const response = await query('externalAccounts.status', await cookieFor([], 'x', odd));
      expect(response.statusCode).toBe(200);
      expect(bff.api.requests[0]?.path).toBe('user/a%2Fb%3Fc/external-accounts');
    });

    it('needs a sign-in', async () => {
      expect((await query('externalAccounts.status', { ...SPA })).statusCode).toBe(401);
    });
  });

  describe('sync manager', () => {
    const object = { plattform: 'discord', externalId: '1187364520918273399', description: 'Rolle Test' };
    const group = { name: 'Test', keycloakName: '/team/test', syncObjects: [{ id: 3 }, { id: 4 }] };
    // The rows as the admin saw them (and as the game API still has them): the condition of a write.
    const objectRow = { id: 5, ...object, syncGroup: { id: 2, name: 'Support' } };
    const groupRow = { id: 5, name: 'Test', keycloakName: '/team/test', syncObjects: [] };
    // Creates and updates look for duplicates in the lists first (test/sync-integrity.test.ts).
    beforeEach(() => {
      bff.api.on('GET', 'sync-manager/sync-objects', { body: [] });
      bff.api.on('GET', 'sync-manager/sync-groups', { body: [] });
    });
    const operations = [
      {
        proc: 'syncManager.objects.create',
        input: { values: { ...object, externalId: '1187364520918273398' } },
        method: 'POST',
        path: 'sync-manager/sync-objects',
        body: { ...object, externalId: '1187364520918273398' },
      },
      {
        proc: 'syncManager.objects.update',
        input: { id: 5, values: { ...object, syncGroup: { id: 2, name: 'Support' } }, expected: objectRow },
        method: 'PUT',
        path: 'sync-manager/sync-objects/5',
        body: { id: 5, ...object, syncGroup: { id: 2, name: 'Support' } },
      },
      {
        proc: 'syncManager.objects.remove',
        input: { id: 5, expected: objectRow },
        method: 'DELETE',
        path: 'sync-manager/sync-objects/5',
        body: undefined,
      },
      {
        proc: 'syncManager.groups.create',
        input: { values: group },
        method: 'POST',
        path: 'sync-manager/sync-groups',
        body: group,
      },
      {
        proc: 'syncManager.groups.update',
        input: { id: 5, values: group, expected: groupRow },
        method: 'PUT',
        path: 'sync-manager/sync-groups/5',
        body: { id: 5, ...group },
      },
      {
        proc: 'syncManager.groups.remove',
        input: { id: 5, expected: groupRow },
        method: 'DELETE',
        path: 'sync-manager/sync-groups/5',
        body: undefined,
      },
    ] as const;

    for (const op of operations) {
      it(`${op.proc}: ${op.method} ${op.path} for the sync bff.manager, 403 for others`, async () => {
        bff.api.on(op.method, op.path, { status: op.method === 'DELETE' ? 204 : 200, body: undefined });
        bff.api.on('GET', 'sync-manager/sync-objects', { body: [objectRow] });
        bff.api.on('GET', 'sync-manager/sync-groups/5', { body: groupRow });
        for (const roles of [[], ['web:beta', 'web:admin', 'web:admin:server-manager']]) {
          const refused = await mutate(op.proc, op.input, await cookieFor(roles));
          expect(refused.statusCode).toBe(403);
        }
        expect((await mutate(op.proc, op.input, { ...SPA })).statusCode).toBe(401);
        expect(bff.api.requests).toEqual([]);
        const allowed = await mutate(op.proc, op.input, await cookieFor([SYNC_ROLE]));
        expect(allowed.statusCode).toBe(200);
        expect(writes()).toEqual([{ method: op.method, path: op.path, body: op.body }]);
        expect(bff.api.requests[0]?.authorization).toBe('Bearer eyJ-user-access-token');
      });
    }

    it('refuses a delete with an old sign-in before the game API is asked (step-up)', async () => {
      for (const proc of ['syncManager.objects.remove', 'syncManager.groups.remove']) {
        const expected = proc.includes('objects') ? objectRow : groupRow;
        const res = await mutate(
          proc,
          { id: 5, expected },
          await cookieFor([SYNC_ROLE], 'spieler', ME, 3600),
        );
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ error: { data: { reason: 'STEP_UP_REQUIRED' } } });
      }
      expect(writes()).toEqual([]);
    });

    it('lists sync objects and groups as the game API answers them', async () => {
      const objects = [
        {
          id: 1,
          plattform: 'teamspeak',
          externalId: '6',
          description: 'Admin',
          syncGroup: { id: 1, name: 'Admin' },
        },
      ];
      const groups = [
        {
          id: 1,
          name: 'Admin',
          keycloakName: '/team/admin',
          syncObjects: [{ id: 1, plattform: 'teamspeak', externalId: '6', description: 'Admin' }],
        },
      ];
      bff.api.on('GET', 'sync-manager/sync-objects', { body: objects });
      bff.api.on('GET', 'sync-manager/sync-groups', { body: groups });
      const headers = await cookieFor([SYNC_ROLE]);
      expect((await query('syncManager.objects.list', headers)).json()).toEqual({
        result: { data: objects },
      });
      expect((await query('syncManager.groups.list', headers)).json()).toEqual({ result: { data: groups } });
    });

    it('refuses missing fields and an unknown platform per field, in German, before the game API', async () => {
      const response = await mutate(
        'syncManager.objects.create',
        { values: { plattform: 'icq', externalId: ' ', description: '' } },
        await cookieFor([SYNC_ROLE]),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json<TrpcErrorBody>().error.data.fieldErrors).toEqual({
        plattform: 'Bitte wähle eine Plattform',
        externalId: 'Pflichtfeld',
        description: 'Pflichtfeld',
      });
      const noName = await mutate(
        'syncManager.groups.create',
        { values: { name: '', syncObjects: [] } },
        await cookieFor([SYNC_ROLE]),
      );
      expect(noName.json<TrpcErrorBody>().error.data.fieldErrors).toEqual({ name: 'Pflichtfeld' });
      expect(bff.api.requests).toEqual([]);
    });

    it('passes the game API’s validationErrors through under the fields', async () => {
      bff.api.on('POST', 'sync-manager/sync-groups', {
        status: 400,
        body: { validationErrors: { 'syncObjects.0.id': 'Unbekanntes Sync Objekt' } },
      });
      const response = await mutate(
        'syncManager.groups.create',
        { values: group },
        await cookieFor([SYNC_ROLE]),
      );
      expect(response.json<TrpcErrorBody>().error.data.fieldErrors).toEqual({
        'syncObjects.0.id': 'Unbekanntes Sync Objekt',
      });
    });
  });
});
