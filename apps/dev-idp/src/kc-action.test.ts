import { DEMO_ACCOUNTS, DEMO_CLIENT_ID, DEMO_CLIENT_SECRET } from '@nova/demo';
import type * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  authorizationRequest,
  Browser,
  decodeJwt,
  discover,
  exchange,
  signIn,
  type Hop,
} from '../test/browser';
import { silentLogger, startDevIdp, type DevIdp } from './index';
import { validateNewPassword } from './interactions';

const CALLBACK = 'http://localhost:3000/auth/callback';

let idp: DevIdp;
let bff: client.Configuration;

beforeAll(async () => {
  idp = await startDevIdp({ port: 0, logger: silentLogger });
  bff = await discover(idp.issuer, DEMO_CLIENT_ID, DEMO_CLIENT_SECRET);
});

afterAll(async () => {
  await idp.close();
});

function expectUpdatePasswordPage(page: Hop): void {
  expect(page.response.status).toBe(200);
  expect(page.body).toContain('lang="de"');
  expect(page.body).toContain('<h1>Passwort aktualisieren</h1>');
  expect(page.body).toMatch(/<label for="password-new">Neues Passwort<\/label>/);
  expect(page.body).toMatch(/<label for="password-confirm">Passwort bestätigen<\/label>/);
  expect(page.body).toMatch(/<button type="submit" name="action" value="submit">Absenden<\/button>/);
  expect(page.body).toMatch(/<button type="submit" name="action" value="cancel"[^>]*>Abbrechen<\/button>/);
}

describe('password validation', () => {
  it('asks for at least 8 characters and a matching confirmation', () => {
    expect(validateNewPassword('', '')).toBe('Das Passwort muss mindestens 8 Zeichen lang sein.');
    expect(validateNewPassword('kurz', 'kurz')).toBe('Das Passwort muss mindestens 8 Zeichen lang sein.');
    expect(validateNewPassword('lang-genug', 'anders-lang')).toBe('Die Passwörter stimmen nicht überein.');
    expect(validateNewPassword('lang-genug', 'lang-genug')).toBeUndefined();
  });
});

describe('kc_action=UPDATE_PASSWORD', () => {
  it('logs in first, validates in German, changes the password and reports success', async () => {
    const browser = new Browser(idp.url);
    const start = await authorizationRequest(bff, CALLBACK, { kc_action: 'UPDATE_PASSWORD' });
    const login = await browser.navigate(start.url.href);
    expect(login.body).toContain('Bei Ihrem Konto anmelden');

    const form = await browser.submit(login, { username: 'beta', password: 'beta' });
    expectUpdatePasswordPage(form);

    const empty = await browser.submit(form, {
      action: 'submit',
      'password-new': '',
      'password-confirm': '',
    });
    expect(empty.body).toContain('Das Passwort muss mindestens 8 Zeichen lang sein.');
    const short = await browser.submit(empty, {
      action: 'submit',
      'password-new': 'kurz',
      'password-confirm': 'kurz',
    });
    expect(short.body).toContain('Das Passwort muss mindestens 8 Zeichen lang sein.');
    const mismatch = await browser.submit(short, {
      action: 'submit',
      'password-new': 'neues-passwort',
      'password-confirm': 'anderes-passwort',
    });
    expect(mismatch.body).toContain('Die Passwörter stimmen nicht überein.');

    const done = await browser.submit(mismatch, {
      action: 'submit',
      'password-new': 'neues-passwort',
      'password-confirm': 'neues-passwort',
    });
    expect(done.location).toBeDefined();
    const callback = new URL(done.location!);
    expect(callback.origin + callback.pathname).toBe(CALLBACK);
    expect(callback.searchParams.get('kc_action_status')).toBe('success');
    const tokens = await exchange(bff, done.location!, start);
    expect(decodeJwt(tokens.access_token).sub).toBe(DEMO_ACCOUNTS.beta.id);

    // The new password works in a fresh browser, the old one no longer does.
    const fresh = new Browser(idp.url);
    const { tokens: again } = await signIn(fresh, bff, CALLBACK, 'beta', 'neues-passwort');
    expect(decodeJwt(again.access_token).sub).toBe(DEMO_ACCOUNTS.beta.id);
    const other = new Browser(idp.url);
    const retry = await other.navigate((await authorizationRequest(bff, CALLBACK)).url.href);
    expect((await other.submit(retry, { username: 'beta', password: 'beta' })).body).toContain(
      'Ungültiger Benutzername oder Passwort.',
    );
  });

  it('skips the login with an SSO session and reports cancelled on "Abbrechen"', async () => {
    const browser = new Browser(idp.url);
    const first = await signIn(browser, bff, CALLBACK, 'spieler', 'spieler');
    const sid = first.tokens.claims()?.sid;

    const start = await authorizationRequest(bff, CALLBACK, { kc_action: 'UPDATE_PASSWORD' });
    const form = await browser.navigate(start.url.href);
    expectUpdatePasswordPage(form);
    expect(form.body).toContain('spieler');

    const done = await browser.submit(form, { action: 'cancel' });
    const callback = new URL(done.location!);
    expect(callback.searchParams.get('kc_action_status')).toBe('cancelled');
    expect(callback.searchParams.get('state')).toBe(start.state);
    const tokens = await exchange(bff, done.location!, start);
    expect(tokens.claims()?.sid).toBe(sid);

    // The password is unchanged.
    const { tokens: again } = await signIn(new Browser(idp.url), bff, CALLBACK, 'spieler', 'spieler');
    expect(decodeJwt(again.access_token).sub).toBe(DEMO_ACCOUNTS.spieler.id);
  });

  it('does not add kc_action_status to a plain login and refuses unknown actions', async () => {
    const browser = new Browser(idp.url);
    const start = await authorizationRequest(bff, CALLBACK);
    const done = await browser.submit(await browser.navigate(start.url.href), {
      username: 'admin',
      password: 'admin',
    });
    expect(new URL(done.location!).searchParams.has('kc_action_status')).toBe(false);

    const unknown = await authorizationRequest(bff, CALLBACK, { kc_action: 'DELETE_ACCOUNT' });
    const answer = await browser.navigate(unknown.url.href);
    expect(new URL(answer.location!).searchParams.get('error')).toBe('invalid_request');
  });
});
