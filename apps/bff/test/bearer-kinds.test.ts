/**
 * Bearer kinds (an audit found 15 of 270 role-matrix cells allowed unexpectedly): only access tokens (`typ:
 * Bearer`) are bearer tokens. An ID token (Keycloak's `typ: ID`, or dev-idp's without `typ`), a
 * refresh token and a logout token, each signed by the issuer for our client, are refused by every
 * procedure of the policy; a genuine access token passes the same requests (so the test can fail).
 */
import { PROCEDURE_POLICY } from '@nova/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from './helpers';
import { startMockIssuer, type MockIssuer } from './mock-issuer';

const CLIENT_ID = 'nova-web';
const PROCEDURES = Object.keys(PROCEDURE_POLICY);
const isMutation = (path: string) => /\.(create|update|remove)$/.test(path);

describe('bearer tokens: access tokens only', () => {
  let issuer: MockIssuer;
  let app: FastifyInstance;

  beforeAll(async () => {
    issuer = await startMockIssuer();
    // The game API is unreachable: an accepted token shows as anything but 401.
    app = await testApp({
      OIDC_ISSUER: issuer.issuer,
      OIDC_CLIENT_ID: CLIENT_ID,
      GAME_API_URL: 'http://127.0.0.1:9/',
      GAME_API_TIMEOUT_MS: '200',
    });
  });
  afterAll(async () => {
    await app.close();
    await issuer.close();
  });

  const call = (path: string, token: string) =>
    app.inject({
      method: isMutation(path) ? 'POST' : 'GET',
      url: isMutation(path) ? `/trpc/${path}` : `/trpc/${path}?input=${encodeURIComponent('{}')}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(isMutation(path) ? { payload: '{}' } : {}),
    });

  const user = {
    sub: 'u-1',
    sid: 'sid-1',
    preferred_username: 'admin',
    resource_access: { [CLIENT_ID]: { roles: ['web:admin:server-manager'] } },
  };
  const kinds: { name: string; token: () => Promise<string> }[] = [
    {
      name: 'a Keycloak ID token (typ ID)',
      token: () =>
        issuer.sign({ ...user, typ: 'ID', aud: CLIENT_ID, azp: CLIENT_ID }, { expiresIn: '5m', typ: 'JWT' }),
    },
    {
      name: 'an ID token without typ (as oidc-provider signs them)',
      token: () => issuer.sign({ ...user, aud: CLIENT_ID, azp: CLIENT_ID }, { expiresIn: '5m' }),
    },
    {
      name: 'a refresh token',
      token: () =>
        issuer.sign({ ...user, typ: 'Refresh', aud: issuer.issuer, azp: CLIENT_ID }, { expiresIn: '30m' }),
    },
    {
      name: 'a logout token',
      token: () =>
        issuer.sign(
          {
            sub: 'u-1',
            sid: 'sid-1',
            typ: 'Logout',
            aud: CLIENT_ID,
            jti: 'j-1',
            events: { 'http://schemas.openid.net/event/backchannel-logout': {} },
          },
          { expiresIn: '2m', typ: 'logout+jwt' },
        ),
    },
  ];

  it.each(kinds)('$name is refused (401) by every procedure', async ({ token }) => {
    const jwt = await token();
    const statuses = await Promise.all(
      PROCEDURES.map(async (path) => [path, (await call(path, jwt)).statusCode]),
    );
    expect(statuses.filter(([, status]) => status !== 401)).toEqual([]);
    expect(statuses.length).toBe(PROCEDURES.length);
  });

  it('the same requests with an access token (typ Bearer) are not refused as unauthenticated', async () => {
    const jwt = await issuer.sign({ ...user, typ: 'Bearer', azp: CLIENT_ID }, { expiresIn: '5m' });
    const statuses = await Promise.all(
      PROCEDURES.map(async (path) => [path, (await call(path, jwt)).statusCode]),
    );
    expect(statuses.filter(([, status]) => status === 401)).toEqual([]);
  });
});
