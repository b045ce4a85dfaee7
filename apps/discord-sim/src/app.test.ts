/** The Discord stand-in speaks the authorization-code subset the BFF uses. */
import { describe, expect, it } from 'vitest';
import { API_PREFIX, createDiscordSim, snowflakeOf } from './app';

const CALLBACK = 'http://localhost:3000/auth/discord/callback';
const sim = () => createDiscordSim({ clientId: 'cid', clientSecret: 'secret', redirectUris: [CALLBACK] });
const authorizeQuery = new URLSearchParams({
  client_id: 'cid',
  redirect_uri: CALLBACK,
  response_type: 'code',
  scope: 'identify',
  state: 'st-1',
});
const basic = `Basic ${Buffer.from('cid:secret').toString('base64')}`;
const form = (values: Record<string, string>) => new URLSearchParams(values).toString();
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

async function codeFor(app: ReturnType<typeof sim>, username = 'nova_spieler'): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/oauth2/authorize',
    headers: FORM,
    payload: form({ ...Object.fromEntries(authorizeQuery), decision: 'allow', username }),
  });
  expect(response.statusCode).toBe(302);
  const target = new URL(response.headers.location ?? '');
  expect(target.origin + target.pathname).toBe(CALLBACK);
  expect(target.searchParams.get('state')).toBe('st-1');
  return target.searchParams.get('code') ?? '';
}

describe('discord-sim', () => {
  it('shows a German consent page and refuses unknown clients and redirect URIs', async () => {
    const app = sim();
    const page = await app.inject({ url: `/oauth2/authorize?${authorizeQuery.toString()}` });
    expect(page.body).toContain('Nova Legacy möchte auf dein Discord-Konto zugreifen');
    expect(page.body).toContain('Autorisieren');
    expect(page.body).toContain('Abbrechen');
    for (const [key, value] of [
      ['client_id', 'other'],
      ['redirect_uri', 'https://evil.example/cb'],
      ['scope', 'email'],
    ] as const) {
      const query = new URLSearchParams(authorizeQuery);
      query.set(key, value);
      const refused = await app.inject({ url: `/oauth2/authorize?${query.toString()}` });
      expect(refused.statusCode, key).toBe(400);
    }
  });

  it('sends access_denied back with the state when the user cancels', async () => {
    const response = await sim().inject({
      method: 'POST',
      url: '/oauth2/authorize',
      headers: FORM,
      payload: form({ ...Object.fromEntries(authorizeQuery), decision: 'deny', username: 'x_y' }),
    });
    const target = new URL(response.headers.location ?? '');
    expect(target.searchParams.get('error')).toBe('access_denied');
    expect(target.searchParams.get('state')).toBe('st-1');
    expect(target.searchParams.get('code')).toBeNull();
  });

  it('exchanges a code once for a token that reads /users/@me until it is revoked', async () => {
    const app = sim();
    const code = await codeFor(app);
    const exchange = () =>
      app.inject({
        method: 'POST',
        url: `${API_PREFIX}/oauth2/token`,
        headers: { ...FORM, authorization: basic },
        payload: form({ grant_type: 'authorization_code', code, redirect_uri: CALLBACK }),
      });
    const first = await exchange();
    expect(first.statusCode).toBe(200);
    const { access_token: token } = first.json<{ access_token: string }>();
    expect((await exchange()).json()).toMatchObject({ error: 'invalid_grant' });

    const me = await app.inject({
      url: `${API_PREFIX}/users/@me`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.json()).toMatchObject({ id: snowflakeOf('nova_spieler'), username: 'nova_spieler' });
    expect(snowflakeOf('nova_spieler')).toMatch(/^[1-9]\d{17}$/);

    const revoke = await app.inject({
      method: 'POST',
      url: `${API_PREFIX}/oauth2/token/revoke`,
      headers: { ...FORM, authorization: basic },
      payload: form({ token, token_type_hint: 'access_token' }),
    });
    expect(revoke.statusCode).toBe(200);
    const after = await app.inject({
      url: `${API_PREFIX}/users/@me`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(after.statusCode).toBe(401);
  });

  it('refuses a wrong client secret and a redirect URI that differs from the authorisation', async () => {
    const app = sim();
    const wrongSecret = await app.inject({
      method: 'POST',
      url: `${API_PREFIX}/oauth2/token`,
      headers: { ...FORM, authorization: `Basic ${Buffer.from('cid:nope').toString('base64')}` },
      payload: form({ grant_type: 'authorization_code', code: await codeFor(app), redirect_uri: CALLBACK }),
    });
    expect(wrongSecret.statusCode).toBe(401);
    const wrongUri = await app.inject({
      method: 'POST',
      url: `${API_PREFIX}/oauth2/token`,
      headers: { ...FORM, authorization: basic },
      payload: form({
        grant_type: 'authorization_code',
        code: await codeFor(app),
        redirect_uri: `${CALLBACK}x`,
      }),
    });
    expect(wrongUri.json()).toMatchObject({ error: 'invalid_grant' });
  });
});
