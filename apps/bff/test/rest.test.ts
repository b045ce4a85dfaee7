/**
 * The REST door `/api/v1` (decision 080) over HTTP: bearer only, the procedures' policy and scopes,
 * HTTP's conventions mapped onto the write spine (ETag/If-Match with 412 and 428, Idempotency-Key,
 * Problem Details with JSON pointers, paging links), asserted on what reached the fake game API.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ROLES_OF } from './access-table';
import { restClient, type ProblemBody } from './rest-client';
import { withTestBff } from './test-bff';

const WANTED_ROLES = ['web:admin:server-manager', 'web:admin:server-manager:wanted'];
const ROW = { id: 41, reason_name: 'Raub', points: 3, is_static: 0 };
const OTHER = { id: 42, reason_name: 'Mord', points: 6, is_static: 1 };

describe('REST API /api/v1', () => {
  const bff = withTestBff({
    env: {
      RATE_LIMIT_TRPC_PER_CLIENT: '100000',
      RATE_LIMIT_TRPC_PER_USER: '100000',
      STEP_UP_MAX_AGE_SECONDS: '300',
    },
  });

  const { machine, request, ...tokens } = restClient(bff, { machineRoles: ROLES_OF.admin });
  const writer = () =>
    machine(['nova.catalogues.read', 'nova.catalogues.write', 'nova.sync.read', 'nova.sync.write']);
  const person = () => tokens.person({ sub: 'person-admin', username: 'admin', roles: WANTED_ROLES });

  const sent = (method: string) => bff.api.requests.filter((r) => r.method === method);

  /** The row's ETag as GET of the row gives it. */
  async function etagOf(token: string, url: string): Promise<string> {
    const answer = await request('GET', url, { token });
    expect(answer.statusCode).toBe(200);
    return String(answer.headers.etag);
  }

  it('answers the public toplist without a token and with the same body as tRPC', async () => {
    bff.api.on('GET', 'toplist', {
      body: {
        players: {
          most_crimes: { player: 'A', value: 3 },
          most_prestige: { player: 'B', value: 2 },
          most_login_streak: { player: 'C', value: 1 },
        },
        list: { most_crimes: [], most_prestige: [], most_login_streak: [], most_playtime: [] },
      },
    });
    const rest = await request('GET', '/api/v1/toplist');
    expect(rest.statusCode).toBe(200);
    const trpc = await bff.app.inject({
      method: 'GET',
      url: '/trpc/toplist.get',
      headers: { 'x-csrf': '1' },
    });
    expect(rest.json()).toEqual(trpc.json<{ result: { data: unknown } }>().result.data);
  });

  it('takes bearer tokens only: a session cookie alone is 401 as Problem Details', async () => {
    const { id } = await bff.manager.create({
      userId: 'admin-id',
      sid: 'sid-admin',
      displayName: 'admin',
      authTime: Math.floor(Date.now() / 1000),
      auth: {
        accessToken: 'opaque',
        refreshToken: null,
        idToken: null,
        accessTokenExpiresAt: Date.now() + 3_600_000,
        username: 'admin',
        roles: WANTED_ROLES,
      },
    });
    const answer = await request('GET', '/api/v1/catalogues/wanted-reasons', {
      headers: { cookie: `nova_session=${id}`, 'x-csrf': '1' },
    });
    expect(answer.statusCode).toBe(401);
    expect(answer.headers['content-type']).toContain('application/problem+json');
    expect(answer.headers['www-authenticate']).toBe('Bearer realm="nova"');
    expect(answer.json<ProblemBody>()).toMatchObject({
      type: 'urn:nova:problem:bearer-only',
      title: 'Nicht angemeldet',
      status: 401,
      detail:
        'Bitte sende ein gültiges Zugriffstoken als „Authorization: Bearer …“. Ein Sitzungs-Cookie der Website gilt hier nicht.',
    });
    expect(bff.api.requests).toHaveLength(0);
  });

  it('refuses an invalid token with 401 as Problem Details', async () => {
    const answer = await request('GET', '/api/v1/catalogues/wanted-reasons', {
      token: 'kein.gültiges.token',
    });
    expect(answer.statusCode).toBe(401);
    expect(answer.headers['content-type']).toContain('application/problem+json');
    expect(answer.json<ProblemBody>().title).toBe('Nicht angemeldet');
  });

  it('names the missing scope in a 403', async () => {
    const answer = await request('GET', '/api/v1/catalogues/wanted-reasons', {
      token: await machine(['nova.sync.read']),
    });
    expect(answer.statusCode).toBe(403);
    expect(answer.headers['www-authenticate']).toBe(
      'Bearer realm="nova", error="insufficient_scope", scope="nova.catalogues.read"',
    );
    expect(answer.json<ProblemBody>()).toMatchObject({
      type: 'urn:nova:problem:missing-scope',
      title: 'Keine Berechtigung',
      scope: 'nova.catalogues.read',
      reason: 'MISSING_SCOPE',
    });
  });

  it('pages a list with Link and X-Total-Count', async () => {
    const rows = Array.from({ length: 5 }, (_, i) => ({ ...ROW, id: i + 1, reason_name: `Grund ${i + 1}` }));
    bff.api.on('GET', 'wanted-reasons', { body: rows });
    const token = await machine(['nova.catalogues.read']);
    const answer = await request('GET', '/api/v1/catalogues/wanted-reasons?page=2&pageSize=2', { token });
    expect(answer.statusCode).toBe(200);
    expect(answer.json<{ id: number }[]>().map((row) => row.id)).toEqual([3, 4]);
    expect(answer.headers['x-total-count']).toBe('5');
    expect(answer.headers.link).toBe(
      [
        '</api/v1/catalogues/wanted-reasons?page=1&pageSize=2>; rel="first"',
        '</api/v1/catalogues/wanted-reasons?page=1&pageSize=2>; rel="prev"',
        '</api/v1/catalogues/wanted-reasons?page=3&pageSize=2>; rel="next"',
        '</api/v1/catalogues/wanted-reasons?page=3&pageSize=2>; rel="last"',
      ].join(', '),
    );
    const bad = await request('GET', '/api/v1/catalogues/wanted-reasons?pageSize=100000', { token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ProblemBody>().errors?.[0]?.parameter).toBe('pageSize');
  });

  it('gives a row its ETag and answers If-None-Match with 304', async () => {
    bff.api.on('GET', 'wanted-reasons', { body: [ROW, OTHER] });
    const token = await machine(['nova.catalogues.read']);
    const answer = await request('GET', '/api/v1/catalogues/wanted-reasons/41', { token });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual(ROW);
    const etag = String(answer.headers.etag);
    expect(etag).toMatch(/^"n1\.[A-Za-z0-9_-]+"$/);
    const again = await request('GET', '/api/v1/catalogues/wanted-reasons/41', {
      token,
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(
      String((await request('GET', '/api/v1/catalogues/wanted-reasons/42', { token })).headers.etag),
    ).not.toBe(etag);
    const missing = await request('GET', '/api/v1/catalogues/wanted-reasons/43', { token });
    expect(missing.statusCode).toBe(404);
    expect(missing.json<ProblemBody>().detail).toBe('Diese Zeile gibt es nicht.');
  });

  it('updates with If-Match: the row seen goes to the write spine, the new ETag comes back', async () => {
    bff.api.on('GET', 'wanted-reasons', { body: [ROW] });
    bff.api.on('GET', 'wanted-reasons/41', { body: ROW });
    const changed = { ...ROW, points: 4 };
    bff.api.on('PUT', 'wanted-reasons/41', { body: changed });
    const token = await writer();
    const etag = await etagOf(token, '/api/v1/catalogues/wanted-reasons/41');
    const answer = await request('PUT', '/api/v1/catalogues/wanted-reasons/41', {
      token,
      headers: { 'if-match': etag },
      body: { reason_name: 'Raub', points: 4, is_static: 0 },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual(changed);
    expect(answer.headers.etag).not.toBe(etag);
    expect(sent('PUT').map((r) => JSON.parse(r.body) as unknown)).toEqual([
      { reason_name: 'Raub', points: 4, is_static: 0 },
    ]);
  });

  it('a stale If-Match is 412 with the current row, who changed it and its ETag; nothing is sent', async () => {
    bff.api.on('GET', 'wanted-reasons', { body: [ROW] });
    const token = await writer();
    const etag = await etagOf(token, '/api/v1/catalogues/wanted-reasons/41');
    const now = { ...ROW, reason_name: 'Raubüberfall' };
    bff.api.on('GET', 'wanted-reasons/41', { body: now });
    const answer = await request('PUT', '/api/v1/catalogues/wanted-reasons/41', {
      token,
      headers: { 'if-match': etag },
      body: { reason_name: 'Raub', points: 5, is_static: 0 },
    });
    expect(answer.statusCode).toBe(412);
    expect(answer.headers['content-type']).toContain('application/problem+json');
    const body = answer.json<ProblemBody>();
    expect(body).toMatchObject({
      type: 'urn:nova:problem:conflict',
      title: 'Die Zeile hat sich geändert',
      reason: 'changed',
      current: now,
    });
    expect(body).toHaveProperty('changedBy');
    expect(answer.headers.etag).not.toBe(etag);
    // The 412's ETag is the current row's: with it the change goes through.
    bff.api.on('PUT', 'wanted-reasons/41', { body: { ...now, points: 5 } });
    const retry = await request('PUT', '/api/v1/catalogues/wanted-reasons/41', {
      token,
      headers: { 'if-match': String(answer.headers.etag) },
      body: { reason_name: 'Raubüberfall', points: 5, is_static: 0 },
    });
    expect(retry.statusCode).toBe(200);
    expect(sent('PUT')).toHaveLength(1);
  });

  it('an If-Match that is no ETag of ours is 400; a weak one too', async () => {
    const token = await writer();
    for (const value of ['"abc"', 'W/"n1.abc"', '*']) {
      const answer = await request('PUT', '/api/v1/catalogues/wanted-reasons/41', {
        token,
        headers: { 'if-match': value },
        body: { reason_name: 'Raub', points: 4, is_static: 0 },
      });
      expect([value, answer.statusCode]).toEqual([value, 400]);
      expect(answer.json<ProblemBody>().type).toBe('urn:nova:problem:invalid-precondition');
    }
    expect(bff.api.requests).toHaveLength(0);
  });

  it('creates with an Idempotency-Key: 201 with Location and ETag, a repeat creates nothing twice', async () => {
    const created = { id: 77, reason_name: 'Schmuggel', points: 2, is_static: 0 };
    bff.api.on('GET', 'wanted-reasons', { body: [ROW] });
    bff.api.on('POST', 'wanted-reasons', { body: created });
    const token = await writer();
    const key = randomUUID();
    const create = () =>
      request('POST', '/api/v1/catalogues/wanted-reasons', {
        token,
        headers: { 'idempotency-key': key },
        body: { reason_name: 'Schmuggel', points: 2, is_static: 0 },
      });
    const first = await create();
    expect(first.statusCode).toBe(201);
    expect(first.headers.location).toBe('/api/v1/catalogues/wanted-reasons/77');
    expect(first.headers.etag).toMatch(/^"n1\./);
    expect(first.json()).toEqual(created);
    const second = await create();
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(created);
    expect(sent('POST')).toHaveLength(1);

    const badKey = await request('POST', '/api/v1/catalogues/wanted-reasons', {
      token,
      headers: { 'idempotency-key': 'nochmal' },
      body: { reason_name: 'Schmuggel', points: 2, is_static: 0 },
    });
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json<ProblemBody>().errors).toEqual([
      { parameter: 'Idempotency-Key', detail: 'Ungültiger Schlüssel' },
    ]);
  });

  it('field errors come as Problem Details with JSON pointers into the body', async () => {
    const answer = await request('POST', '/api/v1/catalogues/wanted-reasons', {
      token: await writer(),
      body: { reason_name: '', points: 'viele', is_static: 0 },
    });
    expect(answer.statusCode).toBe(400);
    const body = answer.json<ProblemBody>();
    expect(body).toMatchObject({
      type: 'urn:nova:problem:validation',
      title: 'Ungültige Anfrage',
      detail: 'Bitte überprüfe deine Eingaben.',
    });
    expect(body.errors?.map((error) => error.pointer).sort()).toEqual(['/points', '/reason_name']);
    expect(body.errors?.find((error) => error.pointer === '/reason_name')?.detail).toBe('Pflichtfeld');
    expect(sent('POST')).toHaveLength(0);
  });

  it('a body that is no JSON is 400 in German', async () => {
    const answer = await bff.app.inject({
      method: 'POST',
      url: '/api/v1/catalogues/wanted-reasons',
      headers: { authorization: `Bearer ${await writer()}`, 'content-type': 'application/json' },
      payload: '{"reason_name":',
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json<ProblemBody>().detail).toBe(
      'Die Anfrage konnte nicht gelesen werden (kein gültiges JSON).',
    );
  });

  it('deletes with If-Match for a person with a recent sign-in; a machine client never deletes', async () => {
    bff.api.on('GET', 'wanted-reasons', { body: [ROW] });
    bff.api.on('GET', 'wanted-reasons/41', { body: ROW });
    bff.api.on('DELETE', 'wanted-reasons/41', { body: {} });
    const token = await person();
    const etag = await etagOf(token, '/api/v1/catalogues/wanted-reasons/41');
    const byMachine = await request('DELETE', '/api/v1/catalogues/wanted-reasons/41', {
      token: await writer(),
      headers: { 'if-match': etag },
    });
    expect(byMachine.statusCode).toBe(403);
    expect(byMachine.headers['content-type']).toContain('application/problem+json');
    const missing = await request('DELETE', '/api/v1/catalogues/wanted-reasons/41', { token });
    expect(missing.statusCode).toBe(428);
    expect(missing.json<ProblemBody>()).toMatchObject({
      type: 'urn:nova:problem:precondition-required',
      title: 'If-Match fehlt',
    });
    expect(sent('DELETE')).toHaveLength(0);
    const answer = await request('DELETE', '/api/v1/catalogues/wanted-reasons/41', {
      token,
      headers: { 'if-match': etag },
    });
    expect(answer.statusCode).toBe(204);
    expect(sent('DELETE')).toHaveLength(1);
  });

  it('a delete of a row deleted meanwhile is 412 with current null', async () => {
    bff.api.on('GET', 'wanted-reasons', { body: [ROW] });
    const token = await person();
    const etag = await etagOf(token, '/api/v1/catalogues/wanted-reasons/41');
    const answer = await request('DELETE', '/api/v1/catalogues/wanted-reasons/41', {
      token,
      headers: { 'if-match': etag },
    });
    expect(answer.statusCode).toBe(412);
    expect(answer.json<ProblemBody>()).toMatchObject({ reason: 'deleted', current: null });
    expect(answer.headers.etag).toBeUndefined();
  });

  // Every write route of the reference, written out by hand.
  const UPDATES = [
    '/api/v1/catalogues/achievements/1',
    '/api/v1/catalogues/vehicle-types/1',
    '/api/v1/catalogues/server-skins/1',
    '/api/v1/catalogues/server-radios/1',
    '/api/v1/catalogues/wanted-reasons/1',
    '/api/v1/sync/objects/1',
    '/api/v1/sync/groups/1',
  ];
  const REMOVES = UPDATES.filter((url) => !url.includes('vehicle-types'));
  const CREATES = REMOVES.map((url) => url.replace(/\/1$/, ''));

  it.each(UPDATES)('PUT %s without If-Match is 428 and sends nothing', async (url) => {
    const answer = await request('PUT', url, { token: await writer(), body: {} });
    expect(answer.statusCode).toBe(428);
    expect(answer.headers['content-type']).toContain('application/problem+json');
    expect(answer.json<ProblemBody>().detail).toBe(
      'Sende die ETag der Zeile als If-Match mit, damit keine fremde Änderung überschrieben wird. Du bekommst sie mit GET der Zeile.',
    );
    expect(bff.api.requests).toHaveLength(0);
  });

  it.each(REMOVES)('DELETE %s without If-Match is 428', async (url) => {
    const answer = await request('DELETE', url, { token: await person() });
    expect(answer.statusCode).toBe(428);
    expect(bff.api.requests).toHaveLength(0);
  });

  it.each(CREATES)('POST %s with an empty body is 400 with field errors by pointer', async (url) => {
    const answer = await request('POST', url, {
      token: await writer(),
      body: {},
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(answer.statusCode).toBe(400);
    const body = answer.json<ProblemBody>();
    expect(body.type).toBe('urn:nova:problem:validation');
    expect(body.errors?.length).toBeGreaterThan(0);
    for (const error of body.errors ?? []) expect(error.pointer).toMatch(/^\/\w+/);
  });

  it('a sync object is created once per Idempotency-Key and updated with If-Match', async () => {
    const object = {
      id: 5,
      plattform: 'discord',
      externalId: '123456789012345678',
      description: 'Rolle',
      syncGroup: null,
    };
    bff.api.on('GET', 'sync-manager/sync-objects', { body: [] });
    bff.api.on('POST', 'sync-manager/sync-objects', { body: object });
    const token = await writer();
    const key = randomUUID();
    const values = {
      plattform: 'discord',
      externalId: '123456789012345678',
      description: 'Rolle',
      syncGroup: null,
    };
    for (let i = 0; i < 2; i += 1) {
      const answer = await request('POST', '/api/v1/sync/objects', {
        token,
        headers: { 'idempotency-key': key },
        body: values,
      });
      expect(answer.statusCode).toBe(201);
      expect(answer.headers.location).toBe('/api/v1/sync/objects/5');
    }
    expect(sent('POST')).toHaveLength(1);

    bff.api.on('GET', 'sync-manager/sync-objects', { body: [object] });
    const etag = await etagOf(token, '/api/v1/sync/objects/5');
    bff.api.on('GET', 'sync-manager/sync-objects', { body: [{ ...object, description: 'Andere' }] });
    const stale = await request('PUT', '/api/v1/sync/objects/5', {
      token,
      headers: { 'if-match': etag },
      body: { ...values, description: 'Neu' },
    });
    expect(stale.statusCode).toBe(412);
    expect(stale.json<ProblemBody>().current).toMatchObject({ description: 'Andere' });
    expect(sent('PUT')).toHaveLength(0);
  });

  it('unknown addresses are 404 as Problem Details', async () => {
    const answer = await request('GET', '/api/v1/gibt-es-nicht');
    expect(answer.statusCode).toBe(404);
    expect(answer.headers['content-type']).toContain('application/problem+json');
  });

  it('serves its OpenAPI document and the reference page from our origin', async () => {
    const document = await request('GET', '/api/v1/openapi.json');
    expect(document.statusCode).toBe(200);
    expect(document.json<{ openapi: string }>().openapi).toBe('3.1.0');
    const page = await request('GET', '/api/docs');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<script src="/api/docs/swagger-ui-bundle.js"></script>');
    expect(page.body).not.toMatch(/https?:\/\//);
    const script = await request('GET', '/api/docs/swagger-ui-bundle.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('javascript');
    const start = await request('GET', '/api/docs/start.js');
    expect(start.body).toContain("url: '/api/v1/openapi.json'");
  });
});
