/**
 * The sign-in against the real Keycloak 26 with the project's realm export — German login
 * page, roles from realm roles and resource_access, the customname mapper, refresh (refresh tokens
 * not rotated: a used one stays valid until its session ends, decision 035), logout ending the Keycloak session, the password action (changed and cancelled),
 * back-channel logout when an admin ends the session, and integrators' bearer tokens.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ROLES } from '@nova/domain';
import { clientCredentialsToken, keycloakAdmin } from './admin';
import { asBffClient, codeByHand, exchangeCode } from './oidc';
import { INTEGRATOR_ROLES, KC, USERS, type KcUser } from './stack';

interface Me {
  signedIn: boolean;
  id?: string;
  username?: string;
  displayName?: string;
  roles?: string[];
}

async function me(request: APIRequestContext, headers: Record<string, string> = { 'x-csrf': '1' }) {
  const response = await request.get('/trpc/session.me', { headers });
  return {
    status: response.status(),
    me: ((await response.json()) as { result?: { data: Me } }).result?.data,
  };
}

/** Keycloak's German login form (realm locale `de`). */
async function signIn(page: Page, user: KcUser, password = user.password): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Bei Ihrem Konto anmelden' })).toBeVisible();
  expect(await page.locator('html').getAttribute('lang')).toBe('de');
  await page.getByLabel('Benutzername oder E-Mail').fill(user.username);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
}

async function refreshEvents(userId: string): Promise<number> {
  const admin = await keycloakAdmin();
  const events = await admin.realms.findEvents({ realm: KC.realm, user: userId, type: 'REFRESH_TOKEN' });
  return events.length;
}

const EXPECTED_ROLES: Record<'spieler' | 'beta' | 'admin', string[]> = {
  spieler: [],
  beta: [ROLES.beta],
  admin: Object.values(ROLES),
};

for (const name of ['spieler', 'beta', 'admin'] as const) {
  test(`${name}: German login page, roles from realm roles and resource_access, customname as display name`, async ({
    page,
  }) => {
    const user = USERS[name];
    await page.goto('/auth/login?returnTo=/control-panel');
    expect(new URL(page.url()).origin).toBe(KC.keycloak);
    await signIn(page, user);
    await expect(page).toHaveURL(/\/control-panel\/user$/);
    const { me: session } = await me(page.request);
    expect(session).toMatchObject({ signedIn: true, id: user.id, username: user.username });
    // The customname mapper (ID token), not Keycloak's `name` ("<first> <last>").
    expect(session?.displayName).toBe(user.customname[0]);
    expect([...(session?.roles ?? [])].sort()).toEqual([...EXPECTED_ROLES[name]].sort());
    await expect(page.getByRole('heading', { name: 'Bewegungsstatistik' })).toBeVisible();
  });
}

test('refresh: short access tokens are refreshed, the session lives on', async ({ page }) => {
  const user = USERS.spieler;
  await page.goto('/auth/login?returnTo=/control-panel/user');
  await signIn(page, user);
  await expect(page.getByRole('heading', { name: 'Bewegungsstatistik' })).toBeVisible();
  const before = await refreshEvents(user.id);
  expect(before).toBeGreaterThanOrEqual(1);
  // Each reload needs the game API, hence a new access token, hence a refresh.
  for (let i = 0; i < 3; i++) {
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Bewegungsstatistik' })).toBeVisible();
  }
  expect(await refreshEvents(user.id)).toBeGreaterThanOrEqual(before + 3);
  expect((await me(page.request)).me?.signedIn).toBe(true);
});

test('a used refresh token stays valid until its session ends (revokeRefreshToken off, decision 035)', async ({
  page,
}) => {
  const admin = await keycloakAdmin();
  expect((await admin.realms.findOne({ realm: KC.realm }))?.revokeRefreshToken).toBe(false);

  // The BFF's own client and redirect URI, the code taken from the redirect (the BFF, not knowing
  // the state, exchanges nothing): the tokens the BFF would hold.
  const login = await exchangeCode(await codeByHand(page, (p) => signIn(p, USERS.beta)));
  expect(login.status).toBe(200);
  const used = String(login.body.refresh_token);

  // An instance that refreshed and died before storing the answer: the stored token still works.
  const first = await asBffClient('token', { grant_type: 'refresh_token', refresh_token: used });
  expect(first.status).toBe(200);
  const again = await asBffClient('token', { grant_type: 'refresh_token', refresh_token: used });
  expect(again.status).toBe(200);
  const newest = await asBffClient('token', {
    grant_type: 'refresh_token',
    refresh_token: String(first.body.refresh_token),
  });
  expect(newest.status).toBe(200);

  // The end of the session ends every refresh token of it.
  expect((await asBffClient('logout', { refresh_token: used })).status).toBe(204);
  for (const token of [used, String(newest.body.refresh_token)]) {
    const ended = await asBffClient('token', { grant_type: 'refresh_token', refresh_token: token });
    expect(ended.status).toBe(400);
    expect(ended.body.error).toBe('invalid_grant');
  }
});

test('logout ends the session here and at Keycloak', async ({ page }) => {
  const user = USERS.ausloggen;
  await page.goto('/auth/login?returnTo=/control-panel/user/settings');
  await signIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Accounteinstellungen' })).toBeVisible();
  const admin = await keycloakAdmin();
  expect(await admin.users.listSessions({ id: user.id })).toHaveLength(1);
  await page
    .getByRole('navigation', { name: 'Hauptnavigation' })
    .getByRole('button', { name: 'Logout' })
    .click();
  await expect(page).toHaveURL(/\/home$/);
  expect((await me(page.request)).me?.signedIn).toBe(false);
  // Keycloak's SSO session is gone as well: the sign-in asks for the password again.
  expect(await admin.users.listSessions({ id: user.id })).toEqual([]);
  await page.goto('/auth/login?returnTo=/control-panel');
  await expect(page.getByRole('heading', { name: 'Bei Ihrem Konto anmelden' })).toBeVisible();
});

test('password action: cancelled, then changed; the new password signs in', async ({ page }) => {
  test.slow(); // three sign-ins and two password forms
  const user = USERS.passwort;
  await page.goto('/auth/login?returnTo=/control-panel/user/settings');
  await signIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Accounteinstellungen' })).toBeVisible();

  await page.goto('/auth/password');
  await expect(page.getByRole('heading', { name: 'Passwort aktualisieren' })).toBeVisible();
  await page.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(page).toHaveURL(/\/control-panel\/user\/settings\?passwort=abgebrochen$/);
  await expect(page.getByText('Die Passwortänderung wurde abgebrochen.')).toBeVisible();

  const changed = `${user.password}-neu`;
  await page.goto('/auth/password');
  await expect(page.getByRole('heading', { name: 'Passwort aktualisieren' })).toBeVisible();
  await page.getByLabel('Neues Passwort', { exact: true }).fill(changed);
  await page.getByLabel('Passwort bestätigen', { exact: true }).fill(changed);
  await page.getByRole('button', { name: 'Absenden' }).click();
  await expect(page).toHaveURL(/\/control-panel\/user\/settings\?passwort=geaendert$/);
  expect((await me(page.request)).me?.signedIn).toBe(true);

  await page
    .getByRole('navigation', { name: 'Hauptnavigation' })
    .getByRole('button', { name: 'Logout' })
    .click();
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/auth/login?returnTo=/control-panel');
  await signIn(page, user, changed);
  await expect(page).toHaveURL(/\/control-panel\/user$/);
});

test('back-channel logout: an admin ends the user session in Keycloak, the BFF session ends', async ({
  page,
}) => {
  const user = USERS.abmelder;
  await page.goto('/auth/login?returnTo=/control-panel');
  await signIn(page, user);
  await expect(page).toHaveURL(/\/control-panel\/user$/);
  expect((await me(page.request)).me?.signedIn).toBe(true);
  const admin = await keycloakAdmin();
  const [session] = await admin.users.listSessions({ id: user.id });
  if (!session?.id) throw new Error('keine Keycloak-Sitzung gefunden');
  await admin.realms.deleteSession({ realm: KC.realm, session: session.id, isOffline: false });
  // Keycloak posts a logout token to /auth/backchannel-logout; the BFF ends the matching session.
  await expect.poll(async () => (await me(page.request)).me?.signedIn).toBe(false);
});

test('integrator: a client-credentials token is accepted, a token for another audience is refused', async ({
  request,
}) => {
  const integrator = await clientCredentialsToken(KC.integratorId, KC.integratorSecret);
  const accepted = await me(request, { authorization: `Bearer ${integrator}` });
  expect(accepted.status).toBe(200);
  expect(accepted.me).toMatchObject({
    signedIn: true,
    username: `service-account-${KC.integratorId}`,
    roles: [...INTEGRATOR_ROLES], // in the order of ALL_ROLES
  });

  const foreign = await clientCredentialsToken(KC.foreignClientId, KC.foreignClientSecret);
  const refused = await request.get('/trpc/session.me', { headers: { authorization: `Bearer ${foreign}` } });
  expect(refused.status()).toBe(401);
});
