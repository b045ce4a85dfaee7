/**
 * "Integrationen" (decision 083): the machine clients of the audit log with their used scopes, first
 * and last call, calls and refusals per day and the link to the service account; for web:admin only.
 * The records come from real calls of a machine client through the REST API.
 */
import { describe, expect, it } from 'vitest';
import { TEST_CLIENT_ID as CLIENT_ID, withTestBff } from './test-bff';

const ROW = { id: 41, reason_name: 'Raub', points: 3, is_static: 0 };

interface Seen {
  clientId: string;
  serviceAccount: string | null;
  adminUrl: string | null;
  calls: number;
  refusals: number;
  scopes: string[];
  days: { day: string; calls: number; refusals: number }[];
  firstAt: string;
  lastAt: string;
}

describe('Integrationen', () => {
  const bff = withTestBff({ env: { IDP_ADMIN_USER_URL: 'https://sso.example/admin/nova/users/{id}' } });

  const machine = (azp: string, scopes: string[]) =>
    bff.issuer.sign(
      {
        sub: `service-account-id-${azp}`,
        preferred_username: `service-account-${azp}`,
        azp,
        client_id: azp,
        aud: CLIENT_ID,
        typ: 'Bearer',
        resource_access: {
          [CLIENT_ID]: { roles: ['web:admin:server-manager', 'web:admin:server-manager:wanted'] },
        },
        scope: scopes.join(' '),
      },
      { expiresIn: '5m' },
    );

  async function adminCookie(roles: string[]) {
    const { id } = await bff.manager.create({
      userId: 'admin-id',
      sid: null,
      displayName: 'admin',
      authTime: Math.floor(Date.now() / 1000),
      auth: {
        accessToken: 'opaque',
        refreshToken: null,
        idToken: null,
        accessTokenExpiresAt: Date.now() + 3_600_000,
        username: 'admin',
        roles,
      },
    });
    return `nova_session=${id}`;
  }

  it('lists every machine client the audit log has seen, with used scopes, counts per day and its link', async () => {
    bff.api.on('GET', 'wanted-reasons', { body: [ROW] });
    bff.api.on('POST', 'wanted-reasons', { body: { ...ROW, id: 50 } });
    const writer = await machine('laden-bot', ['nova.catalogues.write']);
    const created = await bff.app.inject({
      method: 'POST',
      url: '/api/v1/catalogues/wanted-reasons',
      headers: { authorization: `Bearer ${writer}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ reason_name: 'Raub', points: 3, is_static: 0 }),
    });
    expect(created.statusCode).toBe(201);
    // A write without its scope: refused and recorded.
    const reader = await machine('forum-bot', ['nova.catalogues.read']);
    const refused = await bff.app.inject({
      method: 'POST',
      url: '/api/v1/catalogues/wanted-reasons',
      headers: { authorization: `Bearer ${reader}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ reason_name: 'Raub', points: 3, is_static: 0 }),
    });
    expect(refused.statusCode).toBe(403);

    const answer = await bff.app.inject({
      method: 'GET',
      url: '/trpc/integrations.list',
      headers: { cookie: await adminCookie(['web:admin']), 'x-csrf': '1' },
    });
    expect(answer.statusCode).toBe(200);
    const seen = answer.json<{ result: { data: Seen[] } }>().result.data;
    const today = new Date().toISOString().slice(0, 10);
    const laden = seen.find((client) => client.clientId === 'laden-bot');
    expect(laden).toMatchObject({
      serviceAccount: 'service-account-laden-bot',
      adminUrl: 'https://sso.example/admin/nova/users/service-account-id-laden-bot',
      calls: 1,
      refusals: 0,
      scopes: ['nova.catalogues.write'],
      days: [{ day: today, calls: 1, refusals: 0 }],
    });
    const forum = seen.find((client) => client.clientId === 'forum-bot');
    expect(forum).toMatchObject({
      calls: 1,
      refusals: 1,
      scopes: [],
      days: [{ day: today, calls: 1, refusals: 1 }],
    });
    expect(Date.parse(forum?.lastAt ?? '')).toBeGreaterThanOrEqual(Date.parse(laden?.lastAt ?? ''));
  });

  it('is for web:admin only', async () => {
    const answer = await bff.app.inject({
      method: 'GET',
      url: '/trpc/integrations.list',
      headers: { cookie: await adminCookie(['web:admin:server-manager']), 'x-csrf': '1' },
    });
    expect(answer.statusCode).toBe(403);
  });
});
