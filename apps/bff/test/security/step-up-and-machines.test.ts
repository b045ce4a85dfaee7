/**
 * Found by the second security review:
 * - step-up was skipped for a person's bearer token without `auth_time` (dev-idp's code-flow access
 *   token deleted twice with a 10 s window); a future `auth_time` and a session without one must not
 *   count as recent either (deny by default);
 * - machine clients were recognised by a missing claim: the integrator with catalogue roles deleted,
 *   and the roleless integrator read any player's bank accounts; bearer calls were recorded like
 *   browser calls. Machine clients are now named (MACHINE_CLIENT_IDS) or carry Keycloak's
 *   service-account marker, get only what the policy grants machines, and the audit log records how
 *   each call came and from which client.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testSessionManager } from '../helpers';
import { call, CLIENT_ID, HUB, startTarget, type Target } from './fixture';

const WANTED = [HUB, 'web:admin:server-manager:wanted'];
const nowSeconds = () => Math.floor(Date.now() / 1000);

interface ErrorBody {
  error?: { message: string; data: { reason: string | null; httpStatus: number } };
}

/** The row as the admin's screen shows it: the `expected` of the remove. */
const ROW = { id: 41, reason_name: 'Test', points: 1, is_static: 0 };

describe('security: step-up without gaps, machine clients in their place', () => {
  let target: Target;
  beforeAll(async () => {
    target = await startTarget({ STEP_UP_MAX_AGE_SECONDS: '10' });
    target.api.on('GET', 'wanted-reasons/41', { body: ROW });
    target.api.on('DELETE', 'wanted-reasons/41', { body: {} });
  });
  afterAll(() => target.close());

  /** A person's access token from the code flow of nova-web, as dev-idp and Keycloak issue it. */
  const personToken = (claims: Record<string, unknown>) =>
    target.issuer.sign(
      {
        sub: `person-${randomUUID()}`,
        preferred_username: 'admin',
        typ: 'Bearer',
        azp: CLIENT_ID,
        aud: CLIENT_ID,
        resource_access: { [CLIENT_ID]: { roles: WANTED } },
        ...claims,
      },
      { expiresIn: '5m' },
    );

  const deletes = () => target.api.requests.filter((r) => r.method === 'DELETE').length;

  async function removeWith(token: string) {
    const before = deletes();
    const response = await call(target, 'catalogue.wantedReasons.remove', {
      input: { id: 41, expected: ROW },
      headers: { authorization: `Bearer ${token}` },
    });
    return { response, body: response.json<ErrorBody>(), sentToGameApi: deletes() - before };
  }

  it.each([
    ['without auth_time', {}],
    ['with a future auth_time', { auth_time: nowSeconds() + 3600 }],
    ['with an auth_time older than the window', { auth_time: nowSeconds() - 60 }],
    ['with auth_time as a string', { auth_time: String(nowSeconds()) }],
  ])('a person bearer token %s must step up; nothing reaches the game API', async (_name, claims) => {
    const { response, body, sentToGameApi } = await removeWith(await personToken(claims));
    expect(response.statusCode).toBe(403);
    expect(body.error?.data.reason).toBe('STEP_UP_REQUIRED');
    expect(sentToGameApi).toBe(0);
  });

  it('a person bearer token with a recent auth_time deletes (so the refusals above can fail)', async () => {
    const { response, sentToGameApi } = await removeWith(await personToken({ auth_time: nowSeconds() - 2 }));
    expect(response.statusCode).toBe(200);
    expect(sentToGameApi).toBe(1);
  });

  it('a browser session without auth_time must step up', async () => {
    const manager = testSessionManager(target.store);
    const { id } = await manager.create({
      userId: 'no-auth-time-id',
      sid: null,
      displayName: 'ohne',
      auth: {
        accessToken: 'opaque',
        refreshToken: null,
        idToken: null,
        accessTokenExpiresAt: Date.now() + 3_600_000,
        username: 'ohne',
        roles: WANTED,
      },
    });
    const response = await call(target, 'catalogue.wantedReasons.remove', {
      input: { id: 41, expected: ROW },
      headers: { 'x-csrf': '1', cookie: `nova_session=${id}` },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json<ErrorBody>().error?.data.reason).toBe('STEP_UP_REQUIRED');
  });

  // With every scope (decision 081): what refuses them here is the policy's rule for machines.
  const scope = 'nova.catalogues.read nova.catalogues.write nova.sync.read nova.sync.write nova.audit.read';
  const machines = [
    { name: 'named in MACHINE_CLIENT_IDS (azp integrator)', claims: { azp: 'integrator', scope } },
    {
      name: "carrying Keycloak's service-account marker (client_id)",
      claims: { azp: 'anderer-dienst', client_id: 'anderer-dienst', scope },
    },
  ];

  it.each(machines)('a machine client $name with the catalogue roles cannot delete', async ({ claims }) => {
    const token = await personToken({ ...claims, auth_time: nowSeconds() });
    const { response, sentToGameApi } = await removeWith(token);
    expect(response.statusCode).toBe(403);
    expect(sentToGameApi).toBe(0);
    // What the policy grants machines by name still works.
    const list = await call(target, 'catalogue.wantedReasons.list', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(list.statusCode).not.toBe(403);
  });

  it.each(machines)("a machine client $name does not read another player's data", async ({ claims }) => {
    const token = await personToken({ ...claims, resource_access: {} });
    for (const path of ['player.bankAccounts', 'player.inventory', 'player.profile']) {
      const response = await call(target, path, {
        input: { userId: 'some-player' },
        headers: { authorization: `Bearer ${token}` },
      });
      expect([path, response.statusCode]).toEqual([path, 403]);
    }
  });

  it.each(machines)(
    'a machine client $name with every admin role cannot undo a change',
    async ({ claims }) => {
      const roles = ['web:admin', 'web:admin:server-manager', 'web:admin:server-manager:wanted'];
      const undo = async (token: string) =>
        call(target, 'audit.undo', {
          input: { recordId: 1 },
          headers: { authorization: `Bearer ${token}` },
        });
      const before = target.api.requests.length;
      const machine = await undo(
        await personToken({
          ...claims,
          auth_time: nowSeconds(),
          resource_access: { [CLIENT_ID]: { roles } },
        }),
      );
      expect(machine.statusCode).toBe(403);
      expect(target.api.requests.length).toBe(before);
      // A person with the same roles passes the policy (the record does not exist).
      const person = await undo(
        await personToken({ auth_time: nowSeconds(), resource_access: { [CLIENT_ID]: { roles } } }),
      );
      expect(person.statusCode).not.toBe(403);
    },
  );

  it("a person's token without a machine marker still reads player data (so the refusals can fail)", async () => {
    const response = await call(target, 'player.bankAccounts', {
      input: { userId: 'some-player' },
      headers: { authorization: `Bearer ${await personToken({ resource_access: {} })}` },
    });
    expect(response.statusCode).not.toBe(403);
    expect(response.statusCode).not.toBe(401);
  });

  it('the audit log records how a call came and from which client', async () => {
    const marker = `Zugang-${randomUUID()}`;
    const create = (headers: Record<string, string>) =>
      call(target, 'catalogue.wantedReasons.create', {
        input: { values: { reason_name: marker, points: 1, is_static: 0 } },
        headers,
      });
    target.api.on('POST', 'wanted-reasons', {
      body: { id: 77, reason_name: marker, points: 1, is_static: 0 },
    });
    await create({ 'x-csrf': '1', cookie: target.cookie('wantedReasonsManager') });
    await create({ authorization: `Bearer ${await personToken({ auth_time: nowSeconds() })}` });
    await create({
      authorization: `Bearer ${await personToken({ azp: 'integrator', scope: 'nova.catalogues.write' })}`,
    });
    const { rows } = await target.app.nova.audit.list(
      { action: 'catalogue.wantedReasons.create' },
      { offset: 0, limit: 100 },
    );
    const mine = rows.filter((row) => JSON.stringify(row.after).includes(marker));
    expect(mine.map((row) => [row.outcome, row.callKind, row.clientId]).reverse()).toEqual([
      ['success', 'session', null],
      ['success', 'person-token', CLIENT_ID],
      ['success', 'machine', 'integrator'],
    ]);
  });
});
