import {
  DEMO_ACCOUNTS,
  DEMO_CLIENT_ID,
  DEMO_CLIENT_SECRET,
  DEMO_FORUM_CLIENT_ID,
  DEMO_FORUM_CLIENT_SECRET,
  DEMO_INTEGRATOR_CLIENT_ID,
  DEMO_INTEGRATOR_SECRET,
  type DemoAccountName,
} from '@nova/demo';
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { authorizationRequest, Browser, decodeJwt, discover, exchange, signIn } from '../test/browser';
import { DEFAULT_REALM_ROLES, SERVICE_ACCOUNTS, silentLogger, startDevIdp, type DevIdp } from './index';

const BFF_URL = 'http://localhost:3000';
const CALLBACK = `${BFF_URL}/auth/callback`;
const FORUM_CALLBACK = 'http://localhost:8081/callback';

let idp: DevIdp;
let bff: client.Configuration;
let forum: client.Configuration;
let jwks: ReturnType<typeof createRemoteJWKSet>;

beforeAll(async () => {
  idp = await startDevIdp({ port: 0, logger: silentLogger, bffUrl: BFF_URL });
  bff = await discover(
    idp.issuer,
    DEMO_CLIENT_ID,
    DEMO_CLIENT_SECRET,
    client.ClientSecretBasic(DEMO_CLIENT_SECRET),
  );
  forum = await discover(idp.issuer, DEMO_FORUM_CLIENT_ID, DEMO_FORUM_CLIENT_SECRET);
  jwks = createRemoteJWKSet(new URL(`${idp.issuer}/protocol/openid-connect/certs`));
});

afterAll(async () => {
  await idp.close();
});

async function verifyAccessToken(token: string) {
  const { payload, protectedHeader } = await jwtVerify(token, jwks, {
    issuer: idp.issuer,
    algorithms: ['RS256'],
  });
  return { payload, protectedHeader };
}

describe('discovery', () => {
  it('is served at the Keycloak path with Keycloak endpoint paths', async () => {
    const response = await fetch(`${idp.issuer}/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    const metadata = (await response.json()) as Record<string, unknown>;
    const oidc = `${idp.issuer}/protocol/openid-connect`;
    expect(idp.issuer).toBe(`http://localhost:${idp.port}/realms/nova`);
    expect(metadata).toMatchObject({
      issuer: idp.issuer,
      authorization_endpoint: `${oidc}/auth`,
      token_endpoint: `${oidc}/token`,
      jwks_uri: `${oidc}/certs`,
      end_session_endpoint: `${oidc}/logout`,
      userinfo_endpoint: `${oidc}/userinfo`,
      introspection_endpoint: `${oidc}/token/introspect`,
      revocation_endpoint: `${oidc}/revoke`,
      code_challenge_methods_supported: ['S256'],
      backchannel_logout_supported: true,
      backchannel_logout_session_supported: true,
      frontchannel_logout_supported: false,
    });
    expect(bff.serverMetadata().issuer).toBe(idp.issuer);
  });

  it('answers /healthz', async () => {
    const response = await fetch(`${idp.url}/healthz`);
    expect(response.status).toBe(200);
  });
});

describe('login page', () => {
  it('is German, labelled and protected by a strict CSP', async () => {
    const browser = new Browser(idp.url);
    const { url } = await authorizationRequest(bff, CALLBACK);
    const page = await browser.navigate(url.href);
    expect(page.response.status).toBe(200);
    expect(page.url).toContain('/realms/nova/login-actions/');
    expect(page.body).toContain('<html lang="de">');
    expect(page.body).toContain('<title>Bei Ihrem Konto anmelden</title>');
    expect(page.body).toMatch(/<label for="username">Benutzername oder E-Mail<\/label>/);
    expect(page.body).toMatch(/<label for="password">Passwort<\/label>/);
    expect(page.body).toMatch(/<button type="submit">Anmelden<\/button>/);
    expect(page.body).not.toMatch(/<script(?![^>]*application\/json)/);
    const csp = page.response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
  });

  it('shows the German error for a wrong password, keeps the username, then accepts the right one', async () => {
    const browser = new Browser(idp.url);
    const start = await authorizationRequest(bff, CALLBACK);
    const page = await browser.navigate(start.url.href);
    const wrong = await browser.submit(page, { username: 'Spieler', password: 'falsch' });
    expect(wrong.response.status).toBe(200);
    expect(wrong.body).toContain('Ungültiger Benutzername oder Passwort.');
    expect(wrong.body).toContain('value="Spieler"');
    expect(wrong.location).toBeUndefined();

    const right = await browser.submit(wrong, { username: 'Spieler', password: 'spieler' });
    expect(right.location).toMatch(/^http:\/\/localhost:3000\/auth\/callback\?/);
    const tokens = await exchange(bff, right.location!, start);
    expect(decodeJwt(tokens.access_token).sub).toBe(DEMO_ACCOUNTS.spieler.id);
  });

  it('shows a German expiry page for a login page opened without its interaction cookie', async () => {
    const { url } = await authorizationRequest(bff, CALLBACK);
    const page = await new Browser(idp.url).navigate(url.href);
    const elsewhere = await new Browser(idp.url).navigate(page.url);
    expect(elsewhere.response.status).toBe(400);
    expect(elsewhere.body).toContain('Die Anmeldung ist abgelaufen.');
  });

  it('rejects an authorization request without PKCE for the BFF client', async () => {
    const url = client.buildAuthorizationUrl(bff, { redirect_uri: CALLBACK, scope: 'openid', state: 'x' });
    const response = await new Browser(idp.url).request(url.href);
    const location = new URL(response.headers.get('location') ?? '');
    expect(location.origin + location.pathname).toBe(CALLBACK);
    expect(location.searchParams.get('error')).toBe('invalid_request');
  });

  it('shows a German error page without details for an unknown client', async () => {
    const response = await fetch(
      `${idp.issuer}/protocol/openid-connect/auth?client_id=unbekannt&response_type=code&scope=openid`,
      {
        headers: { accept: 'text/html' },
      },
    );
    expect(response.status).toBe(400);
    const body = await response.text();
    expect(body).toContain('lang="de"');
    expect(body).toContain('Die Anwendung ist nicht bekannt.');
    expect(body).not.toMatch(/at \w+ \(|node_modules|Error:/);
  });
});

const EXPECTED: Record<DemoAccountName, { realm: string[]; client: string[] }> = {
  spieler: { realm: [], client: [] },
  beta: { realm: ['web:beta'], client: [] },
  admin: {
    realm: [
      'web:beta',
      'web:admin',
      'web:admin:sync-manager',
      'web:admin:server-manager',
      'web:admin:privacy',
    ],
    client: [
      'web:admin:server-manager:achievement',
      'web:admin:server-manager:car',
      'web:admin:server-manager:skin',
      'web:admin:server-manager:radio',
      'web:admin:server-manager:wanted',
      'web:admin:webhooks',
    ],
  },
};

describe('authorization code + PKCE', () => {
  it.each(Object.keys(EXPECTED) as DemoAccountName[])(
    'issues Keycloak-shaped tokens for %s',
    async (name) => {
      const account = DEMO_ACCOUNTS[name];
      const { tokens, start } = await signIn(
        new Browser(idp.url),
        bff,
        CALLBACK,
        account.username,
        account.password,
      );
      expect(tokens.token_type.toLowerCase()).toBe('bearer');
      expect(tokens.expires_in).toBe(300);
      expect(tokens.refresh_token).toEqual(expect.any(String));

      const { payload: at, protectedHeader } = await verifyAccessToken(tokens.access_token);
      expect(protectedHeader.alg).toBe('RS256');
      expect(protectedHeader.kid).toEqual(expect.any(String));
      expect(at).toMatchObject({
        iss: idp.issuer,
        sub: account.id,
        aud: DEMO_CLIENT_ID,
        typ: 'Bearer',
        azp: DEMO_CLIENT_ID,
        preferred_username: account.username,
        name: account.customname[0],
        email: account.email,
        scope: expect.stringContaining('openid') as unknown,
      });
      expect(at.exp! - at.iat!).toBe(300);
      expect(at.jti).toEqual(expect.any(String));
      expect(at.realm_access).toEqual({ roles: [...EXPECTED[name].realm, ...DEFAULT_REALM_ROLES] });
      expect(at.resource_access).toEqual(
        EXPECTED[name].client.length ? { [DEMO_CLIENT_ID]: { roles: EXPECTED[name].client } } : {},
      );

      const idToken = tokens.claims();
      expect(idToken).toMatchObject({
        iss: idp.issuer,
        aud: DEMO_CLIENT_ID,
        sub: account.id,
        nonce: start.nonce,
        preferred_username: account.username,
        name: account.customname[0],
        email: account.email,
        customname: account.customname,
      });
      expect(idToken?.sid).toEqual(expect.any(String));
      expect(at.sid).toBe(idToken?.sid);
    },
  );

  it('refreshes without offline_access, keeping the sid; a used refresh token stays valid', async () => {
    const signedInAt = Math.floor(Date.now() / 1000);
    const { tokens } = await signIn(new Browser(idp.url), bff, CALLBACK, 'beta', 'beta');
    const sid = decodeJwt(tokens.access_token).sid;
    // Like Keycloak: a person's access token says when they signed in, a refreshed one the same time.
    const authTime = decodeJwt(tokens.access_token).auth_time;
    expect(authTime).toBeGreaterThanOrEqual(signedInAt - 1);
    expect(authTime).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
    const refreshed = await client.refreshTokenGrant(bff, tokens.refresh_token!);
    const { payload } = await verifyAccessToken(refreshed.access_token);
    expect(payload.sid).toBe(sid);
    expect(payload.auth_time).toBe(authTime);
    expect(payload.sub).toBe(DEMO_ACCOUNTS.beta.id);
    expect(payload.realm_access).toEqual({ roles: ['web:beta', ...DEFAULT_REALM_ROLES] });
    expect(refreshed.refresh_token).toEqual(expect.any(String));
    expect(refreshed.claims()?.sid).toBe(sid);
    // Like the realm (revokeRefreshToken: false): the answer above may never have reached the
    // client, and the token it holds still works, again and again, in the same session.
    for (let i = 0; i < 2; i++) {
      const again = await client.refreshTokenGrant(bff, tokens.refresh_token!);
      expect(decodeJwt(again.access_token).sid).toBe(sid);
      expect(again.claims()?.sid).toBe(sid);
    }
    const latest = await client.refreshTokenGrant(bff, refreshed.refresh_token!);
    expect(latest.claims()?.sid).toBe(sid);
  });

  it('gives two logins of the same user two different sids, and SSO in one browser one sid', async () => {
    const first = new Browser(idp.url);
    const a = await signIn(first, bff, CALLBACK, 'admin', 'admin');
    const b = await signIn(new Browser(idp.url), bff, CALLBACK, 'admin', 'admin');
    expect(a.tokens.claims()?.sid).not.toBe(b.tokens.claims()?.sid);

    // Single sign-on: the forum gets a code without a login page, in the same SSO session.
    const start = await authorizationRequest(forum, FORUM_CALLBACK);
    const hop = await first.navigate(start.url.href);
    expect(hop.location).toMatch(/^http:\/\/localhost:8081\/callback\?/);
    const forumTokens = await exchange(forum, hop.location!, start);
    expect(forumTokens.claims()?.sid).toBe(a.tokens.claims()?.sid);
    expect(decodeJwt(forumTokens.access_token)).toMatchObject({
      aud: DEMO_FORUM_CLIENT_ID,
      azp: DEMO_FORUM_CLIENT_ID,
    });
  });

  it('accepts client_secret_post as well as client_secret_basic', async () => {
    const post = await discover(
      idp.issuer,
      DEMO_CLIENT_ID,
      DEMO_CLIENT_SECRET,
      client.ClientSecretPost(DEMO_CLIENT_SECRET),
    );
    const { tokens } = await signIn(new Browser(idp.url), post, CALLBACK, 'spieler', 'spieler');
    expect(decodeJwt(tokens.access_token).azp).toBe(DEMO_CLIENT_ID);
  });
});

describe('client credentials', () => {
  it("gives the integrator a token for the BFF with its service account's roles and no nova scope unasked", async () => {
    const integrator = await discover(idp.issuer, DEMO_INTEGRATOR_CLIENT_ID, DEMO_INTEGRATOR_SECRET);
    const tokens = await client.clientCredentialsGrant(integrator);
    expect(tokens.refresh_token).toBeUndefined();
    const { payload } = await verifyAccessToken(tokens.access_token);
    expect([payload.aud].flat()).toContain(DEMO_CLIENT_ID);
    expect(payload).toMatchObject({
      azp: DEMO_INTEGRATOR_CLIENT_ID,
      sub: SERVICE_ACCOUNTS[DEMO_INTEGRATOR_CLIENT_ID]?.id,
      typ: 'Bearer',
      scope: 'profile email',
      realm_access: {
        roles: [
          'web:admin',
          'web:admin:sync-manager',
          'web:admin:server-manager',
          'web:admin:server-manager:achievement',
          'web:admin:server-manager:car',
          'web:admin:server-manager:skin',
          'web:admin:server-manager:radio',
          'web:admin:server-manager:wanted',
          'web:admin:webhooks',
          ...DEFAULT_REALM_ROLES,
        ],
      },
      resource_access: {},
    });
    expect(payload).not.toHaveProperty('auth_time');
    const again = await client.clientCredentialsGrant(integrator);
    expect(decodeJwt(again.access_token).sub).toBe(payload.sub);
  });

  it('puts the nova scopes the integrator asks for into its token, like Keycloak (decision 081)', async () => {
    const integrator = await discover(idp.issuer, DEMO_INTEGRATOR_CLIENT_ID, DEMO_INTEGRATOR_SECRET);
    for (const scope of [
      'nova.catalogues.read',
      'nova.catalogues.write',
      'nova.sync.read',
      'nova.sync.write',
      'nova.audit.read',
      'nova.webhooks',
    ]) {
      const tokens = await client.clientCredentialsGrant(integrator, { scope });
      expect([scope, decodeJwt(tokens.access_token).scope]).toEqual([scope, `${scope} profile email`]);
    }
    const two = await client.clientCredentialsGrant(integrator, { scope: 'nova.sync.read nova.audit.read' });
    expect(decodeJwt(two.access_token).scope).toBe('nova.sync.read nova.audit.read profile email');
    // A scope the realm does not know never reaches the token (Keycloak refuses the request instead).
    const unknown = await client.clientCredentialsGrant(integrator, { scope: 'nova.alles nova.sync.read' });
    expect(decodeJwt(unknown.access_token).scope).toBe('nova.sync.read profile email');
  });

  it('refuses a wrong secret', async () => {
    const wrong = await discover(idp.issuer, DEMO_INTEGRATOR_CLIENT_ID, 'falsch');
    await expect(client.clientCredentialsGrant(wrong)).rejects.toMatchObject({ error: 'invalid_client' });
  });
});

describe('userinfo and introspection', () => {
  it('answer for a JWT access token like Keycloak', async () => {
    const { tokens } = await signIn(new Browser(idp.url), bff, CALLBACK, 'beta', 'beta');
    const info = await client.fetchUserInfo(bff, tokens.access_token, DEMO_ACCOUNTS.beta.id);
    expect(info).toMatchObject({
      sub: DEMO_ACCOUNTS.beta.id,
      preferred_username: 'beta',
      customname: ['Lena_Hoffmann'],
    });

    const introspection = await client.tokenIntrospection(bff, tokens.access_token);
    expect(introspection).toMatchObject({
      active: true,
      sub: DEMO_ACCOUNTS.beta.id,
      client_id: DEMO_CLIENT_ID,
      username: 'beta',
    });
    expect((await client.tokenIntrospection(bff, 'kein-token')).active).toBe(false);
    expect((await client.tokenIntrospection(bff, tokens.refresh_token!)).active).toBe(true);
  });

  it('revokes refresh tokens at the Keycloak revoke endpoint, a used one as well', async () => {
    const { tokens } = await signIn(new Browser(idp.url), bff, CALLBACK, 'spieler', 'spieler');
    await client.refreshTokenGrant(bff, tokens.refresh_token!);
    await client.tokenRevocation(bff, tokens.refresh_token!);
    await expect(client.refreshTokenGrant(bff, tokens.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });

  it('serves a JWKS with the signing key', async () => {
    const { tokens } = await signIn(new Browser(idp.url), bff, CALLBACK, 'spieler', 'spieler');
    const body = (await (await fetch(`${idp.issuer}/protocol/openid-connect/certs`)).json()) as {
      keys: { kid: string; d?: string }[];
    };
    const { kid } = decodeProtectedHeader(tokens.access_token);
    expect(body.keys.map((key) => key.kid)).toContain(kid);
    expect(body.keys.every((key) => key.d === undefined)).toBe(true);
  });
});
