/**
 * Architecture §5: cookie-authenticated /trpc requests must prove they come from our SPA, and bearer
 * tokens are checked strictly. Tested as tables over queries, mutations-shaped POSTs and batches.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SPA } from './helpers';
import { withTestBff } from './test-bff';

const CLIENT_ID = 'nova-web';

describe('/trpc request guard', () => {
  const bff = withTestBff();
  let cookie: string;

  beforeEach(() => {
    bff.api.on('GET', 'toplist', {
      body: {
        players: {},
        list: { most_crimes: [], most_prestige: [], most_login_streak: [], most_playtime: [] },
      },
    });
    bff.api.on('GET', 'user/u-1', { body: { id: 'u-1', username: 'spieler' } });
  });
  beforeAll(async () => {
    const { id } = await bff.manager.create({
      userId: 'u-1',
      sid: 'sid-1',
      displayName: 'Jonas_Weber',
      auth: {
        accessToken: 'opaque-test-token',
        refreshToken: 'r',
        idToken: null,
        accessTokenExpiresAt: Date.now() + 3_600_000,
        username: 'spieler',
        roles: [],
      },
    });
    cookie = `nova_session=${id}`;
  });

  const query = '/trpc/player.user';
  const batch = '/trpc/session.me,player.user?batch=1&input=%7B%7D';

  const attempts = [
    { name: 'query without X-CSRF', method: 'GET', url: query, headers: {} },
    { name: 'batch without X-CSRF', method: 'GET', url: batch, headers: {} },
    {
      name: 'POST without X-CSRF',
      method: 'POST',
      url: query,
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    },
    {
      name: 'query from a foreign Origin',
      method: 'GET',
      url: query,
      headers: { ...SPA, origin: 'https://evil.example' },
    },
    {
      name: 'batch from a foreign Origin',
      method: 'GET',
      url: batch,
      headers: { ...SPA, origin: 'https://evil.example' },
    },
    {
      name: 'POST from a foreign Origin',
      method: 'POST',
      url: query,
      headers: { ...SPA, origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: '{}',
    },
    {
      name: 'cross-site Fetch Metadata',
      method: 'GET',
      url: query,
      headers: { ...SPA, 'sec-fetch-site': 'cross-site' },
    },
    {
      name: 'text/plain POST',
      method: 'POST',
      url: query,
      headers: { ...SPA, 'content-type': 'text/plain' },
      payload: '{}',
    },
    {
      name: 'text/plain batch POST',
      method: 'POST',
      url: batch,
      headers: { ...SPA, 'content-type': 'text/plain;charset=UTF-8' },
      payload: '{}',
    },
    {
      name: 'form POST',
      method: 'POST',
      url: query,
      headers: { ...SPA, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a=1',
    },
  ] as const;

  it.each(attempts)('rejects $name with 403 before any procedure runs', async (attempt) => {
    bff.api.requests.length = 0;
    const response = await bff.app.inject({
      method: attempt.method,
      url: attempt.url,
      headers: { cookie, ...attempt.headers },
      ...('payload' in attempt ? { payload: attempt.payload } : {}),
    });
    expect(response.statusCode).toBe(403);
    expect(bff.api.requests).toHaveLength(0);
  });

  it('accepts the SPA request and relays the session token, not the cookie', async () => {
    bff.api.requests.length = 0;
    const response = await bff.app.inject({
      method: 'GET',
      url: query,
      headers: { cookie, ...SPA, origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(bff.api.requests).toEqual([
      {
        method: 'GET',
        path: 'user/u-1',
        authorization: 'Bearer opaque-test-token',
        cookie: undefined,
        body: '',
      },
    ]);
  });

  it('a signed-in-only procedure without a session is 401, never a redirect', async () => {
    const response = await bff.app.inject({ method: 'GET', url: query, headers: SPA });
    expect(response.statusCode).toBe(401);
    expect(response.headers.location).toBeUndefined();
  });

  it('a stale session cookie is cleared', async () => {
    const response = await bff.app.inject({
      method: 'GET',
      url: '/trpc/session.me',
      headers: { ...SPA, cookie: `nova_session=${'x'.repeat(43)}` },
    });
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['set-cookie'])).toMatch(/^nova_session=;/);
  });

  it('limits how often one client may start a sign-in (each start stores a pending login)', async () => {
    const starts = await Promise.all(
      Array.from({ length: 31 }, () =>
        bff.app.inject({ method: 'GET', url: '/auth/login', remoteAddress: '203.0.113.9' }),
      ),
    );
    expect(starts.slice(0, 30).map((r) => r.statusCode)).toEqual(Array(30).fill(302));
    expect(starts[30]?.statusCode).toBe(429);
    expect(starts[30]?.body).toContain('Zu viele Anmeldeversuche');
    const other = await bff.app.inject({ method: 'GET', url: '/auth/login', remoteAddress: '203.0.113.10' });
    expect(other.statusCode).toBe(302);
  });

  describe('bearer tokens', () => {
    const meWith = (token: string, extra: Record<string, string> = {}) =>
      bff.app.inject({
        method: 'GET',
        url: '/trpc/session.me',
        headers: { authorization: `Bearer ${token}`, ...extra },
      });

    it('a valid access token is accepted without X-CSRF and names the caller', async () => {
      const token = await bff.issuer.sign(
        {
          sub: 'svc-1',
          azp: 'integrator',
          aud: [CLIENT_ID, 'account'],
          typ: 'Bearer',
          preferred_username: 'service-account-integrator',
          realm_access: { roles: ['web:beta', 'offline_access'] },
        },
        { expiresIn: '5m' },
      );
      const response = await meWith(token);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        result: {
          data: {
            signedIn: true,
            id: 'svc-1',
            username: 'service-account-integrator',
            displayName: 'service-account-integrator',
            roles: ['web:beta'],
          },
        },
      });
    });

    const payload = { sub: 'u-1', azp: CLIENT_ID, typ: 'Bearer' };
    const cases: { name: string; token: () => Promise<string> }[] = [
      {
        name: 'a tampered signature',
        token: async () => tamper(await bff.issuer.sign(payload, { expiresIn: '5m' })),
      },
      { name: 'a foreign key', token: () => bff.issuer.sign(payload, { expiresIn: '5m', key: 'foreign' }) },
      {
        name: 'a wrong issuer',
        token: () =>
          bff.issuer.sign({ ...payload, iss: 'https://evil.example/realms/nova' }, { expiresIn: '5m' }),
      },
      {
        name: 'an expired token',
        token: () => bff.issuer.sign(payload, { expiresIn: Math.floor(Date.now() / 1000) - 60 }),
      },
      { name: 'no expiry', token: () => bff.issuer.sign(payload) },
      {
        name: 'alg none',
        token: () =>
          Promise.resolve(
            unsigned({ ...payload, iss: bff.issuer.issuer, exp: Math.floor(Date.now() / 1000) + 300 }),
          ),
      },
      {
        name: 'another audience',
        token: () => bff.issuer.sign({ ...payload, azp: 'other', aud: 'account' }, { expiresIn: '5m' }),
      },
      {
        name: 'an ID token',
        token: () => bff.issuer.sign({ ...payload, typ: 'ID', aud: CLIENT_ID }, { expiresIn: '5m' }),
      },
      { name: 'garbage', token: () => Promise.resolve('not-a-jwt') },
    ];

    it.each(cases)('$name is 401, even with a valid session cookie beside it', async ({ token }) => {
      const response = await meWith(await token(), { cookie, ...SPA });
      expect(response.statusCode).toBe(401);
    });

    it('an Authorization header that is not Bearer is 401', async () => {
      const response = await bff.app.inject({
        method: 'GET',
        url: '/trpc/session.me',
        headers: { authorization: 'Basic dXNlcjpwdw==' },
      });
      expect(response.statusCode).toBe(401);
    });
  });
});

function b64(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function unsigned(payload: Record<string, unknown>): string {
  return `${b64({ alg: 'none', typ: 'JWT' })}.${b64(payload)}.`;
}

function tamper(token: string): string {
  const [header, body, signature] = token.split('.');
  const claims = JSON.parse(Buffer.from(body ?? '', 'base64url').toString()) as Record<string, unknown>;
  return `${header}.${b64({ ...claims, sub: 'someone-else' })}.${signature}`;
}
