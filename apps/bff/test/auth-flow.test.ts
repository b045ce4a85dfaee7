/**
 * The BFF's Keycloak session against the real demo identity provider (dev-idp) and game API
 * (game-api-sim) over HTTP: cookie, session id rotation, returnTo, logout, back-channel logout,
 * single-flight refresh, invalid_grant, the password action and integrator bearer tokens.
 */
import { DEMO_ACCOUNTS, DEMO_CLIENT_ID, DEMO_INTEGRATOR_CLIENT_ID, DEMO_INTEGRATOR_SECRET } from '@nova/demo';
import { ALL_ROLES } from '@nova/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integratorClient } from '../examples/integrator';
import { MemorySessionStore } from '../src/session/memory-store';
import { formOf, HttpBrowser, signIn } from './http-browser';
import { expireTokens, integratorToken } from './session-tools';
import { startStack, type Bff, type Stack } from './stack';
import { SPA, expectTokenlessLogout } from './helpers';

describe('sign-in through the BFF', () => {
  let stack: Stack;
  let bff: Bff;
  const store = new MemorySessionStore();

  beforeAll(async () => {
    stack = await startStack();
    bff = await stack.startBff(0, { store });
  });
  afterAll(async () => {
    await stack.close();
    await store.close();
  });

  const me = async (browser: HttpBrowser) =>
    JSON.parse((await browser.request(`${bff.url}/trpc/session.me`, { headers: SPA })).body) as {
      result: { data: { signedIn: boolean; id?: string; displayName?: string; roles?: string[] } };
    };

  it('sets an opaque, HttpOnly, Secure, SameSite=Lax, host-only cookie of a few bytes and returns to the wanted page', async () => {
    const browser = new HttpBrowser();
    const callback = await signIn(browser, bff.url, 'spieler', { returnTo: '/control-panel/user/inventory' });
    expect(callback.status).toBe(302);
    expect(callback.location).toBe(`${bff.url}/control-panel/user/inventory`);
    const cookie = callback.setCookies.find((c) => c.startsWith('nova_session='));
    expect(cookie).toBeDefined();
    const [pair, ...attributes] = (cookie ?? '').split(';').map((s) => s.trim());
    expect(pair).toMatch(/^nova_session=[A-Za-z0-9_-]{43}$/);
    expect(attributes).toEqual(expect.arrayContaining(['HttpOnly', 'Secure', 'SameSite=Lax', 'Path=/']));
    expect(attributes.some((a) => /^domain=/i.test(a))).toBe(false);
    expect((cookie ?? '').length).toBeLessThan(200);
    expect(callback.body).not.toMatch(/eyJ/); // no token in what the browser gets
  });

  it.each(Object.values(DEMO_ACCOUNTS))(
    'session.me names $username with exactly the roles of the account',
    async (account) => {
      const browser = new HttpBrowser();
      await signIn(browser, bff.url, account.username);
      const { result } = await me(browser);
      expect(result.data).toEqual({
        signedIn: true,
        id: account.id,
        username: account.username,
        displayName: account.customname[0],
        roles: ALL_ROLES.filter((role) => [...account.realmRoles, ...account.clientRoles].includes(role)),
      });
    },
  );

  it('replaces a planted session id at sign-in, and gives each sign-in a new id', async () => {
    const browser = new HttpBrowser();
    const planted = 'A'.repeat(43);
    browser.cookies.set('nova_session', { value: planted, path: '/' });
    await signIn(browser, bff.url, 'spieler');
    const first = browser.cookies.get('nova_session')?.value;
    expect(first).toBeDefined();
    expect(first).not.toBe(planted);

    const other = new HttpBrowser();
    await signIn(other, bff.url, 'spieler');
    expect(other.cookies.get('nova_session')?.value).not.toBe(first);
  });

  it.each([
    'https://evil.example/',
    '//evil.example/',
    '/\\evil.example',
    'https:evil.example',
    '/auth/logout',
    'http://localhost.evil.example/control-panel',
    '/.//evil.example/x',
  ])('an open-redirect attempt %j lands on "/"', async (returnTo) => {
    const browser = new HttpBrowser();
    const callback = await signIn(browser, bff.url, 'spieler', { returnTo });
    expect(callback.location).toBe(`${bff.url}/`);
  });

  it('a replayed or foreign callback is refused', async () => {
    const browser = new HttpBrowser();
    const callback = await signIn(browser, bff.url, 'spieler');
    const callbackUrl = browser.history.find((s) => new URL(s.url).pathname === '/auth/callback')?.url ?? '';
    expect(callback.status).toBe(302);
    const replay = await browser.request(callbackUrl);
    expect(replay.status).toBe(400);
    expect(replay.body).toContain('Die Anmeldung ist abgelaufen oder ungültig.');
  });

  it('logout cannot be triggered cross-site', async () => {
    const browser = new HttpBrowser();
    await signIn(browser, bff.url, 'spieler');
    const attempts: Record<string, string>[] = [
      {},
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of attempts) {
      const attempt = await browser.request(`${bff.url}/auth/logout`, { method: 'POST', headers });
      expect(attempt.status).toBe(403);
    }
    expect((await browser.request(`${bff.url}/auth/logout`)).status).toBe(200); // a confirmation page only
    expect((await me(browser)).result.data.signedIn).toBe(true);
  });

  it('logout ends the BFF session and the identity provider session', async () => {
    const browser = new HttpBrowser();
    await signIn(browser, bff.url, 'spieler');
    const logout = await browser.request(`${bff.url}/auth/logout`, {
      method: 'POST',
      headers: { origin: bff.url },
    });
    expect(logout.status).toBe(303);
    // The identity provider's session ended server to server: the browser sees no token;
    // the start page it lands on says that the user was signed out.
    expect(new URL(logout.location ?? '', bff.url).href).toBe(`${bff.url}/home?abgemeldet=1`);
    expect(JSON.stringify(logout)).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}\./);
    expect(logout.setCookies.some((c) => c.startsWith('nova_session=;'))).toBe(true);
    expect((await me(browser)).result.data.signedIn).toBe(false);
    // The identity provider asks for credentials again: its session is gone too.
    const again = await browser.get(`${bff.url}/auth/login?returnTo=/control-panel`);
    expect(again.body).toContain('Benutzername');
  });

  it('logout whose server-side end is refused sends the browser to the provider without any token', async () => {
    const browser = new HttpBrowser();
    await signIn(browser, bff.url, 'spieler');
    await expireTokens(store, browser, { refreshToken: 'not-a-valid-refresh-token' });
    const logout = await browser.request(`${bff.url}/auth/logout`, {
      method: 'POST',
      headers: { origin: bff.url },
    });
    const endSession = expectTokenlessLogout(logout, stack.idp.issuer);
    expect(endSession.searchParams.get('client_id')).toBe(DEMO_CLIENT_ID);
    expect(endSession.searchParams.get('post_logout_redirect_uri')).toBe(`${bff.url}/`);
    expect((await me(browser)).result.data.signedIn).toBe(false);
  });

  it('back-channel logout (here: logging out in the forum) ends only the matching session', async () => {
    const a = new HttpBrowser();
    const b = new HttpBrowser();
    await signIn(a, bff.url, 'spieler');
    await signIn(b, bff.url, 'spieler');
    const confirm = await a.get(`${stack.idp.issuer}/protocol/openid-connect/logout?client_id=forum`);
    expect(confirm.body).toContain('Abmelden');
    await a.submit(confirm, { logout: 'yes' }, 'op.logoutForm');
    await expect.poll(async () => (await me(a)).result.data.signedIn, { timeout: 5000 }).toBe(false);
    expect((await me(b)).result.data.signedIn).toBe(true);
  });

  it('refuses a forged logout token and ends nothing', async () => {
    const browser = new HttpBrowser();
    await signIn(browser, bff.url, 'spieler');
    const forged = await fetch(`${bff.url}/auth/backchannel-logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ logout_token: 'eyJhbGciOiJub25lIn0.eyJzaWQiOiJ4In0.' }),
    });
    expect(forged.status).toBe(400);
    expect((await me(browser)).result.data.signedIn).toBe(true);
  });

  it('20 concurrent calls with an expiring token make exactly one token request', async () => {
    const browser = new HttpBrowser();
    await signIn(browser, bff.url, 'spieler');
    await expireTokens(store, browser);
    bff.counter.reset();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => browser.request(`${bff.url}/trpc/player.user`, { headers: SPA })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(bff.counter.refreshes()).toBe(1);
  });

  it('a refresh refused with invalid_grant ends the session: 401 and the cookie cleared', async () => {
    const browser = new HttpBrowser();
    await signIn(browser, bff.url, 'spieler');
    await expireTokens(store, browser, { refreshToken: 'not-a-valid-refresh-token' });
    const answer = await browser.request(`${bff.url}/trpc/player.user`, { headers: SPA });
    expect(answer.status).toBe(401);
    expect(answer.setCookies.some((c) => c.startsWith('nova_session=;'))).toBe(true);
    expect((await me(browser)).result.data.signedIn).toBe(false);
  });

  it('the password change comes back as "abgebrochen" or "geaendert" with a new session id; success ends other sessions, at the identity provider too', async () => {
    const browser = new HttpBrowser();
    const elsewhere = new HttpBrowser();
    await signIn(browser, bff.url, 'beta');
    await signIn(elsewhere, bff.url, 'beta');
    const before = browser.cookies.get('nova_session')?.value;
    const page = await browser.get(`${bff.url}/auth/password`);
    expect(page.body).toContain('Passwort aktualisieren');
    const cancelled = await browser.submit(page, { action: 'cancel' });
    expect(cancelled.url).toBe(`${bff.url}/control-panel/user/settings?passwort=abgebrochen`);
    const afterCancel = browser.cookies.get('nova_session')?.value;
    expect(afterCancel).toBeDefined();
    expect(afterCancel).not.toBe(before);
    expect((await me(browser)).result.data.signedIn).toBe(true);
    expect((await me(elsewhere)).result.data.signedIn).toBe(true);

    const again = await browser.get(`${bff.url}/auth/password`);
    const done = await browser.submit(again, {
      action: 'submit',
      'password-new': 'neues-passwort-123',
      'password-confirm': 'neues-passwort-123',
    });
    expect(done.url).toBe(`${bff.url}/control-panel/user/settings?passwort=geaendert`);
    expect(browser.cookies.get('nova_session')?.value).not.toBe(afterCancel);
    expect((await me(browser)).result.data.id).toBe(DEMO_ACCOUNTS.beta.id);
    expect((await me(elsewhere)).result.data.signedIn).toBe(false);
    // The other browser's identity-provider session ended too (it must sign in again); this
    // browser's lives on (the password form comes without a sign-in).
    const elsewhereAgain = await elsewhere.get(`${bff.url}/auth/login?returnTo=%2Fcontrol-panel`);
    expect(elsewhereAgain.body).toContain('Benutzername');
    const stillHere = await browser.get(`${bff.url}/auth/password`);
    expect(stillHere.body).toContain('Passwort aktualisieren');
    const fresh = new HttpBrowser();
    await signIn(fresh, bff.url, 'beta', { password: 'neues-passwort-123' });
    expect((await me(fresh)).result.data.signedIn).toBe(true);
  });

  it('the sign-in binding cookie ends with its callback', async () => {
    const browser = new HttpBrowser();
    await signIn(browser, bff.url, 'spieler');
    const callback = browser.history.find((s) => new URL(s.url).pathname === '/auth/callback');
    expect(callback?.setCookies.some((c) => c.startsWith('nova_login=;'))).toBe(true);
    expect(browser.cookies.has('nova_login')).toBe(false);
    expect(browser.cookies.has('nova_session')).toBe(true);
  });

  it('the password change cannot be started from another site', async () => {
    const browser = new HttpBrowser();
    await signIn(browser, bff.url, 'spieler');
    const foreign: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example' },
    ];
    for (const headers of foreign) {
      const refused = await browser.request(`${bff.url}/auth/password`, { headers });
      expect(refused.status).toBe(403);
      expect(refused.body).toContain(
        'Die Passwortänderung kann nur von dieser Website aus gestartet werden.',
      );
    }
    for (const headers of [{ 'sec-fetch-site': 'same-origin' }, { 'sec-fetch-site': 'none' }]) {
      const started = await browser.request(`${bff.url}/auth/password`, { headers });
      expect(started.status).toBe(302);
      expect(started.location?.startsWith(stack.idp.issuer)).toBe(true);
    }
  });

  it('the password change without a session signs in first', async () => {
    const browser = new HttpBrowser();
    const step = await browser.request(`${bff.url}/auth/password`);
    expect(step.location).toBe(`${bff.url}/auth/login?returnTo=%2Fcontrol-panel%2Fuser%2Fsettings`);
  });

  it('accepts an integrator client-credentials token as bearer', async () => {
    const token = await integratorToken(stack.idp.issuer);
    const answer = await fetch(`${bff.url}/trpc/session.me`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { result: { data: { signedIn: boolean; roles: string[] } } };
    expect(body.result.data).toMatchObject({ signedIn: true });
    const toplist = await fetch(`${bff.url}/trpc/toplist.get`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(toplist.status).toBe(200);
  });

  it("dev-idp's integrator is a machine client: no player data, no deletes (decision 053)", async () => {
    const token = await integratorToken(stack.idp.issuer);
    const get = (path: string, input: unknown) =>
      fetch(`${bff.url}/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, {
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await get('player.bankAccounts', { userId: DEMO_ACCOUNTS.spieler.id })).status).toBe(403);
    expect((await get('player.profile', {})).status).toBe(403);
    const remove = await fetch(`${bff.url}/trpc/catalogue.wantedReasons.remove`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ id: 1, expected: { id: 1, reason_name: 'Mord', points: 6, is_static: 1 } }),
    });
    expect(remove.status).toBe(403);
  });

  // Every scope with a REST call that needs it: with the scope the policy lets it through (the
  // empty create body then fails validation), without it the 403 names the scope (decision 081).
  it.each([
    ['nova.catalogues.read', 'GET', '/api/v1/catalogues/wanted-reasons', 200],
    ['nova.catalogues.write', 'POST', '/api/v1/catalogues/wanted-reasons', 400],
    ['nova.sync.read', 'GET', '/api/v1/sync/objects', 200],
    ['nova.sync.write', 'POST', '/api/v1/sync/groups', 400],
    ['nova.audit.read', 'GET', '/api/v1/audit-log', 200],
  ])("dev-idp's integrator with %s: %s %s is %i, without it 403", async (scope, method, path, status) => {
    const call = async (token: string) =>
      fetch(`${bff.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        ...(method === 'POST' ? { body: '{}' } : {}),
      });
    const granted = await call(await integratorToken(stack.idp.issuer, scope));
    expect(granted.status).toBe(status);
    const others = [
      'nova.catalogues.read',
      'nova.catalogues.write',
      'nova.sync.read',
      'nova.sync.write',
      'nova.audit.read',
    ];
    const refused = await call(
      await integratorToken(stack.idp.issuer, others.filter((s) => s !== scope).join(' ')),
    );
    expect(refused.status).toBe(403);
    expect(refused.headers.get('content-type')).toContain('application/problem+json');
    expect(((await refused.json()) as { scope?: string }).scope).toBe(scope);
  });

  it('the integrator example calls the API with typed procedures and a client-credentials token', async () => {
    const client = await integratorClient({
      issuer: stack.idp.issuer,
      clientId: DEMO_INTEGRATOR_CLIENT_ID,
      clientSecret: DEMO_INTEGRATOR_SECRET,
      bffUrl: bff.url,
    });
    const [who, toplist] = await Promise.all([client.session.me.query(), client.toplist.get.query()]);
    expect(who.signedIn).toBe(true);
    expect(toplist.tables.most_crimes.length).toBeGreaterThan(0);
  });

  it('the login form of the identity provider is German', async () => {
    const browser = new HttpBrowser();
    const page = await browser.get(`${bff.url}/auth/login`);
    expect(page.body).toContain('Benutzername');
    expect(page.body).toContain('Passwort');
    expect(formOf(page).action).toBeTruthy();
  });
});
