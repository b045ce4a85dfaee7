import {
  DEMO_ACCOUNTS,
  DEMO_CLIENT_ID,
  DEMO_CLIENT_SECRET,
  DEMO_FORUM_CLIENT_ID,
  DEMO_FORUM_CLIENT_SECRET,
} from '@nova/demo';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { authorizationRequest, Browser, discover, exchange, signIn } from '../test/browser';
import { startReceiver, type Receiver } from '../test/receiver';
import { silentLogger, startDevIdp, type DevIdp } from './index';

const BACKCHANNEL_EVENT = 'http://schemas.openid.net/event/backchannel-logout';

let receiver: Receiver;
let secondBff: Receiver;
let idp: DevIdp;
let bff: client.Configuration;
let forum: client.Configuration;
let bffCallback: string;
let forumCallback: string;

beforeAll(async () => {
  receiver = await startReceiver();
  secondBff = await startReceiver();
  bffCallback = `${receiver.url}/auth/callback`;
  forumCallback = `${receiver.url}/forum/callback`;
  idp = await startDevIdp({
    port: 0,
    logger: silentLogger,
    bffUrl: [receiver.url, secondBff.url],
    forum: {
      redirectUris: [forumCallback],
      postLogoutRedirectUris: [`${receiver.url}/forum/`],
      backchannelLogoutUri: `${receiver.url}/forum/backchannel-logout`,
    },
  });
  bff = await discover(idp.issuer, DEMO_CLIENT_ID, DEMO_CLIENT_SECRET);
  forum = await discover(idp.issuer, DEMO_FORUM_CLIENT_ID, DEMO_FORUM_CLIENT_SECRET);
});

afterAll(async () => {
  await idp.close();
  await receiver.close();
  await secondBff.close();
});

/** Both BFF instances receive the logout token; returns the primary's POST. */
async function bffLogoutPost() {
  const [primary, copy] = await Promise.all([
    receiver.next('/auth/backchannel-logout'),
    secondBff.next('/auth/backchannel-logout'),
  ]);
  expect(copy.body.get('logout_token')).toBe(primary.body.get('logout_token'));
  return primary;
}

async function verifyLogoutToken(token: string, audience: string) {
  const jwks = createRemoteJWKSet(new URL(`${idp.issuer}/protocol/openid-connect/certs`));
  const { payload } = await jwtVerify(token, jwks, { issuer: idp.issuer, audience, algorithms: ['RS256'] });
  return payload;
}

describe('RP-initiated logout', () => {
  it('with id_token_hint ends the SSO session and redirects to the post-logout URI', async () => {
    const browser = new Browser(idp.url);
    const { tokens } = await signIn(browser, bff, bffCallback, 'spieler', 'spieler');
    // Used (refresh tokens are not rotated, decision 035), it stays valid only until the logout.
    await client.refreshTokenGrant(bff, tokens.refresh_token!);
    const logout = client.buildEndSessionUrl(bff, {
      id_token_hint: tokens.id_token!,
      post_logout_redirect_uri: `${receiver.url}/`,
      client_id: DEMO_CLIENT_ID,
      state: 'zustand',
    });
    const response = await browser.request(logout.href);
    expect([302, 303]).toContain(response.status);
    const location = new URL(response.headers.get('location') ?? '');
    expect(location.origin + location.pathname).toBe(`${receiver.url}/`);
    expect(location.searchParams.get('state')).toBe('zustand');

    await bffLogoutPost();
    // The SSO session is gone: the next authorization request shows the login page again ...
    const again = await browser.navigate((await authorizationRequest(bff, bffCallback)).url.href);
    expect(again.body).toContain('Bei Ihrem Konto anmelden');
    // ... and the refresh token died with it.
    await expect(client.refreshTokenGrant(bff, tokens.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });

  it('with only an id_token_hint ends the session and shows the German goodbye page', async () => {
    const browser = new Browser(idp.url);
    const { tokens } = await signIn(browser, bff, bffCallback, 'spieler', 'spieler');
    const done = await browser.navigate(
      client.buildEndSessionUrl(bff, { id_token_hint: tokens.id_token! }).href,
    );
    expect(done.url).toBe(`${idp.issuer}/protocol/openid-connect/logout/success`);
    expect(done.response.status).toBe(200);
    expect(done.body).toContain('<h1>Abgemeldet</h1>');
    expect(done.body).toContain('Du wurdest abgemeldet.');
    await bffLogoutPost();
  });

  it('without id_token_hint asks in German, then redirects or says "Du wurdest abgemeldet."', async () => {
    const browser = new Browser(idp.url);
    await signIn(browser, bff, bffCallback, 'beta', 'beta');
    const confirm = await browser.navigate(
      client.buildEndSessionUrl(bff, {
        client_id: DEMO_CLIENT_ID,
        post_logout_redirect_uri: `${receiver.url}/`,
      }).href,
    );
    expect(confirm.response.status).toBe(200);
    expect(confirm.body).toContain('lang="de"');
    expect(confirm.body).toMatch(
      /<button type="submit" form="op.logoutForm" name="logout" value="yes"[^>]*>Abmelden<\/button>/,
    );
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(confirm.body)?.[1] ?? '';
    const done = await browser.submit(confirm, { xsrf, logout: 'yes' });
    expect(done.location).toBe(`${receiver.url}/`);
    await bffLogoutPost();

    await signIn(browser, bff, bffCallback, 'beta', 'beta');
    const plain = await browser.navigate(`${idp.issuer}/protocol/openid-connect/logout`);
    expect(plain.body).toContain('Möchtest du dich von Nova Legacy abmelden?');
    const xsrf2 = /name="xsrf" value="([^"]+)"/.exec(plain.body)?.[1] ?? '';
    const bye = await browser.submit(plain, { xsrf: xsrf2, logout: 'yes' });
    expect(bye.response.status).toBe(200);
    expect(bye.body).toContain('Du wurdest abgemeldet.');
    expect(bye.response.headers.get('content-security-policy')).toContain("default-src 'none'");
    await bffLogoutPost();
  });

  it('with the id_token_hint of an older session asks before ending the current one', async () => {
    const browser = new Browser(idp.url);
    const old = await signIn(browser, bff, bffCallback, 'admin', 'admin');
    await browser.navigate(
      client.buildEndSessionUrl(bff, {
        id_token_hint: old.tokens.id_token!,
        post_logout_redirect_uri: `${receiver.url}/`,
      }).href,
    );
    await bffLogoutPost();
    await signIn(browser, bff, bffCallback, 'admin', 'admin');
    const page = await browser.navigate(
      client.buildEndSessionUrl(bff, {
        id_token_hint: old.tokens.id_token!,
        post_logout_redirect_uri: `${receiver.url}/`,
      }).href,
    );
    expect(page.response.status).toBe(200);
    expect(page.body).toContain('Möchtest du dich von Nova Legacy abmelden?');
  });
});

describe('back-channel logout', () => {
  it('tells every client of the session, with the SSO sid, when the forum logs out', async () => {
    const browser = new Browser(idp.url);
    const { tokens } = await signIn(browser, bff, bffCallback, 'admin', 'admin');
    const sid = tokens.claims()?.sid;
    expect(sid).toEqual(expect.any(String));

    const forumStart = await authorizationRequest(forum, forumCallback);
    const forumHop = await browser.navigate(forumStart.url.href);
    const forumTokens = await exchange(forum, forumHop.location!, forumStart);
    expect(forumTokens.claims()?.sid).toBe(sid);

    const logout = client.buildEndSessionUrl(forum, {
      id_token_hint: forumTokens.id_token!,
      post_logout_redirect_uri: `${receiver.url}/forum/`,
    });
    const response = await browser.request(logout.href);
    expect(response.headers.get('location')).toBe(`${receiver.url}/forum/`);

    const received = await bffLogoutPost();
    expect(received.contentType).toContain('application/x-www-form-urlencoded');
    const claims = await verifyLogoutToken(received.body.get('logout_token') ?? '', DEMO_CLIENT_ID);
    expect(claims).toMatchObject({ iss: idp.issuer, aud: DEMO_CLIENT_ID, sid, sub: DEMO_ACCOUNTS.admin.id });
    expect(claims.events).toEqual({ [BACKCHANNEL_EVENT]: {} });
    expect(claims.jti).toEqual(expect.any(String));
    expect(claims.iat).toEqual(expect.any(Number));
    expect(claims.nonce).toBeUndefined();

    // The forum gets its own token.
    const forumToken = (await receiver.next('/forum/backchannel-logout')).body.get('logout_token') ?? '';
    expect(await verifyLogoutToken(forumToken, DEMO_FORUM_CLIENT_ID)).toMatchObject({
      sid,
      sub: DEMO_ACCOUNTS.admin.id,
    });

    await expect(client.refreshTokenGrant(bff, tokens.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    await expect(client.fetchUserInfo(bff, tokens.access_token, DEMO_ACCOUNTS.admin.id)).rejects.toThrow();
  });

  it('leaves other sessions of the same user alone', async () => {
    const a = new Browser(idp.url);
    const b = new Browser(idp.url);
    const first = await signIn(a, bff, bffCallback, 'beta', 'beta');
    const second = await signIn(b, bff, bffCallback, 'beta', 'beta');
    expect(first.tokens.claims()?.sid).not.toBe(second.tokens.claims()?.sid);

    await a.request(
      client.buildEndSessionUrl(bff, {
        id_token_hint: first.tokens.id_token!,
        post_logout_redirect_uri: `${receiver.url}/`,
      }).href,
    );
    const token = (await bffLogoutPost()).body.get('logout_token') ?? '';
    expect((await verifyLogoutToken(token, DEMO_CLIENT_ID)).sid).toBe(first.tokens.claims()?.sid);

    const refreshed = await client.refreshTokenGrant(bff, second.tokens.refresh_token!);
    expect(refreshed.claims()?.sid).toBe(second.tokens.claims()?.sid);
  });
});
