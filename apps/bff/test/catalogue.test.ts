/**
 * Server Management procedures over HTTP (specification §2.34 "Generic table screen", §5.5, §7, §8.7; architecture §8):
 * every catalogue × create/update/remove × the role that may, another admin role, a player, nobody
 * and an integrator's bearer token; what reached the game API (method, path, body); the one
 * field-error shape from the BFF's own validation and from the game API's 400.
 */
import { CATALOGUE_SAMPLES } from '@nova/contracts/samples';
import { CATALOGUE_KEYS } from '@nova/domain';
import { beforeEach, describe, expect, it } from 'vitest';
import { SPA, type TrpcErrorBody } from './helpers';
import { withTestBff } from './test-bff';

const CLIENT_ID = 'nova-web';
const HUB = 'web:admin:server-manager';

/** Per catalogue: its game API path and its role, written out by hand, and its sample body. */
const CASES = [
  {
    key: 'achievements',
    path: 'achievements',
    role: 'web:admin:server-manager:achievement',
    other: 'web:admin:server-manager:car',
    body: CATALOGUE_SAMPLES.achievements,
    canCreate: true,
  },
  {
    key: 'vehicleTypes',
    path: 'vehicles/types',
    role: 'web:admin:server-manager:car',
    other: 'web:admin:server-manager:achievement',
    body: CATALOGUE_SAMPLES.vehicleTypes,
    canCreate: false,
  },
  {
    key: 'serverSkins',
    path: 'management/server-skins',
    role: 'web:admin:server-manager:skin',
    other: 'web:admin:server-manager:radio',
    body: CATALOGUE_SAMPLES.serverSkins,
    canCreate: true,
  },
  {
    key: 'serverRadios',
    path: 'management/server-radios',
    role: 'web:admin:server-manager:radio',
    other: 'web:admin:server-manager:skin',
    body: CATALOGUE_SAMPLES.serverRadios,
    canCreate: true,
  },
  {
    key: 'wantedReasons',
    path: 'wanted-reasons',
    role: 'web:admin:server-manager:wanted',
    other: 'web:admin:server-manager:skin',
    body: CATALOGUE_SAMPLES.wantedReasons,
    canCreate: true,
  },
] as const;

describe('catalogue procedures', () => {
  const bff = withTestBff();

  it('has a case for every catalogue of the registry', () => {
    expect(CASES.map((c) => c.key)).toEqual(CATALOGUE_KEYS);
  });

  beforeEach(() => {
    for (const { path } of CASES) {
      bff.api.on('POST', path, ({ body }) => ({
        status: 201,
        body: { id: 77, ...(JSON.parse(body) as object) },
      }));
      bff.api.on('PUT', `${path}/5`, ({ body }) => ({ body: { id: 5, ...(JSON.parse(body) as object) } }));
      bff.api.on('GET', `${path}/5`, { body: { id: 5, ...CASES.find((c) => c.path === path)?.body } });
      bff.api.on('DELETE', `${path}/5`, { status: 204 });
    }
  });

  /** A browser session with these roles: its cookie. */
  async function sessionWith(roles: string[]): Promise<string> {
    const { id } = await bff.manager.create({
      userId: 'u-1',
      sid: 'sid-1',
      displayName: 'Verwalter',
      // Signed in just now: a remove needs no step-up (test/accountability.test.ts covers it).
      authTime: Math.floor(Date.now() / 1000),
      auth: {
        accessToken: 'eyJ-user-access-token',
        refreshToken: 'r',
        idToken: null,
        accessTokenExpiresAt: Date.now() + 3_600_000,
        username: 'verwalter',
        roles,
      },
    });
    return `nova_session=${id}`;
  }

  async function bearerWith(roles: string[]): Promise<string> {
    return bff.issuer.sign(
      {
        sub: 'svc-1',
        azp: 'integrator',
        aud: [CLIENT_ID],
        typ: 'Bearer',
        preferred_username: 'service-account-integrator',
        resource_access: { [CLIENT_ID]: { roles } },
        scope: 'profile email nova.catalogues.read nova.catalogues.write',
      },
      { expiresIn: '5m' },
    );
  }

  type Caller = 'allowed' | 'other admin' | 'spieler' | 'anonymous' | 'bearer' | 'bearer without role';

  async function headersFor(caller: Caller, role: string, other: string): Promise<Record<string, string>> {
    switch (caller) {
      case 'allowed':
        return { ...SPA, cookie: await sessionWith([HUB, role]) };
      case 'other admin':
        return { ...SPA, cookie: await sessionWith(['web:beta', HUB, other]) };
      case 'spieler':
        return { ...SPA, cookie: await sessionWith([]) };
      case 'anonymous':
        return { ...SPA };
      case 'bearer':
        return { authorization: `Bearer ${await bearerWith([HUB, role])}` };
      case 'bearer without role':
        return { authorization: `Bearer ${await bearerWith([HUB, other])}` };
    }
  }

  const mutate = (procedure: string, input: unknown, headers: Record<string, string>) =>
    bff.app.inject({
      method: 'POST',
      url: `/trpc/${procedure}`,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify(input),
    });

  const callers: { caller: Caller; status: number }[] = [
    { caller: 'allowed', status: 200 },
    { caller: 'bearer', status: 200 },
    { caller: 'other admin', status: 403 },
    { caller: 'bearer without role', status: 403 },
    { caller: 'spieler', status: 403 },
    { caller: 'anonymous', status: 401 },
  ];

  for (const c of CASES) {
    const operations = [
      {
        name: 'create',
        input: { values: c.body },
        request: { method: 'POST', path: c.path, body: c.body },
        allowed: c.canCreate,
      },
      {
        name: 'update',
        input: { id: 5, values: c.body, expected: { id: 5, ...c.body } },
        request: { method: 'PUT', path: `${c.path}/5`, body: c.body },
        allowed: true,
      },
      {
        name: 'remove',
        input: { id: 5, expected: { id: 5, ...c.body } },
        request: { method: 'DELETE', path: `${c.path}/5`, body: undefined },
        allowed: c.canCreate,
      },
    ];
    for (const op of operations) {
      for (const { caller, status } of callers) {
        // An operation the catalogue does not offer is refused to everyone (deny by default); a
        // machine client (the integrator) never deletes (decision 053).
        const machineDelete = caller === 'bearer' && op.name === 'remove';
        const expected = op.allowed && !machineDelete ? status : 403;
        it(`catalogue.${c.key}.${op.name} as ${caller}: ${expected}`, async () => {
          const response = await mutate(
            `catalogue.${c.key}.${op.name}`,
            op.input,
            await headersFor(caller, c.role, c.other),
          );
          expect(response.statusCode).toBe(expected);
          const seen = bff.api.requests.filter((r) => r.method !== 'GET');
          if (expected === 200) {
            expect(seen).toHaveLength(1);
            expect(seen[0]).toMatchObject({ method: op.request.method, path: op.request.path });
            expect(seen[0]?.authorization).toMatch(/^Bearer ey/);
            expect(seen[0]?.cookie).toBeUndefined();
            expect(seen[0]?.body === '' ? undefined : JSON.parse(seen[0]?.body ?? '')).toEqual(
              op.request.body,
            );
          } else {
            expect(seen).toEqual([]);
          }
        });
      }
    }
  }

  it('lists a catalogue for its role and refuses a player', async () => {
    bff.api.on('GET', 'wanted-reasons', { body: [{ id: 1, reason_name: 'Mord', points: 6, is_static: 1 }] });
    const allowed = await bff.app.inject({
      method: 'GET',
      url: '/trpc/catalogue.wantedReasons.list',
      headers: await headersFor('allowed', 'web:admin:server-manager:wanted', ''),
    });
    expect(allowed.json()).toEqual({
      result: { data: [{ id: 1, reason_name: 'Mord', points: 6, is_static: 1 }] },
    });
    const player = await bff.app.inject({
      method: 'GET',
      url: '/trpc/catalogue.wantedReasons.list',
      headers: await headersFor('spieler', '', ''),
    });
    expect(player.statusCode).toBe(403);
  });

  it('passes the game API’s 400 validationErrors through as German field errors', async () => {
    bff.api.on('POST', 'wanted-reasons', {
      status: 400,
      body: { validationErrors: { reason_name: 'Diesen Grund gibt es bereits' } },
    });
    const response = await mutate(
      'catalogue.wantedReasons.create',
      { values: { reason_name: 'Mord', points: 6, is_static: 1 } },
      await headersFor('allowed', 'web:admin:server-manager:wanted', ''),
    );
    expect(response.statusCode).toBe(400);
    const { error } = response.json<TrpcErrorBody>();
    expect(error.data.fieldErrors).toEqual({ reason_name: 'Diesen Grund gibt es bereits' });
  });

  it('refuses invalid input itself, in German, per field, before the game API is called', async () => {
    const response = await mutate(
      'catalogue.serverRadios.update',
      {
        id: 5,
        values: { name: '   ', url: 'javascript:alert(1)', color: 'rot' },
        expected: { id: 5, ...CASES[3].body },
      },
      await headersFor('allowed', 'web:admin:server-manager:radio', ''),
    );
    expect(response.statusCode).toBe(400);
    const { error } = response.json<TrpcErrorBody>();
    expect(error.message).toBe('Bitte überprüfe deine Eingaben.');
    expect(error.data.fieldErrors).toEqual({
      name: 'Pflichtfeld',
      url: 'Muss eine Adresse mit http:// oder https:// sein',
      color: 'Muss eine Farbe im Format #RRGGBB sein',
    });
    expect(bff.api.requests).toEqual([]);
  });

  it('refuses numbers out of range, fractions and unknown fields', async () => {
    const headers = await headersFor('allowed', 'web:admin:server-manager:wanted', '');
    const cases = [
      { points: 101, expected: 'Darf höchstens 100 sein' },
      { points: -1, expected: 'Muss mindestens 0 sein' },
      { points: 2.5, expected: 'Muss eine ganze Zahl sein' },
    ];
    for (const { points, expected } of cases) {
      const response = await mutate(
        'catalogue.wantedReasons.create',
        { values: { reason_name: 'Mord', points, is_static: 3, extra: 1 } },
        headers,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json<TrpcErrorBody>().error.data.fieldErrors, String(points)).toEqual({
        points: expected,
        is_static: 'Bitte wähle einen Wert aus der Liste',
        body: 'Unbekanntes Feld',
      });
    }
    expect(bff.api.requests).toEqual([]);
  });

  it('applies the skin defaults of specification §9.8 to fields left out', async () => {
    const response = await mutate(
      'catalogue.serverSkins.create',
      {
        values: {
          skinId: 12,
          gender: 0,
          wearhat: 0,
          wearmask: 0,
          expire: 0,
          blocked: 0,
          category: 0,
          season: 0,
          description: '  ',
        },
      },
      await headersFor('allowed', 'web:admin:server-manager:skin', ''),
    );
    expect(response.statusCode).toBe(200);
    const sent = bff.api.requests.find((request) => request.method === 'POST');
    expect(JSON.parse(sent?.body ?? '')).toMatchObject({
      job: -1,
      faction: -1,
      gang: -1,
      expiration: 10,
      description: 'Unknown',
    });
  });

  it('accepts a write answered without a body (201/204 are not fixed by the contract)', async () => {
    bff.api.on('PUT', 'achievements/5', { status: 204 });
    const response = await mutate(
      'catalogue.achievements.update',
      { id: 5, values: CASES[0].body, expected: { id: 5, ...CASES[0].body } },
      await headersFor('allowed', 'web:admin:server-manager:achievement', ''),
    );
    expect(response.json()).toEqual({ result: { data: null } });
  });

  it('encodes the id as one path segment and refuses ids that are not whole numbers', async () => {
    const headers = await headersFor('allowed', 'web:admin:server-manager:achievement', '');
    for (const id of ['5/../../user', -1, 1.5, '5']) {
      const response = await mutate('catalogue.achievements.remove', { id, expected: { id: 5 } }, headers);
      expect(response.statusCode, String(id)).toBe(400);
    }
    expect(bff.api.requests).toEqual([]);
  });
});
