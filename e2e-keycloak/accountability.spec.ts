/**
 * Accountability against the real Keycloak 26 (the dev-idp suite proves the same in e2e/accountability):
 * a catalogue delete with a sign-in older than STEP_UP_MAX_AGE_SECONDS is refused with the step-up
 * reason, the SPA sends the admin through Keycloak again (max_age=0, prompt=login) and back to the
 * same screen with the delete confirmation open, and the delete then succeeds; a player ends another
 * browser's session under "Angemeldete Geräte", that browser's next call is 401, and the matching
 * Keycloak session is gone (Admin REST API).
 */
import { expect, test, type Page } from '@playwright/test';
import { scaled } from '../e2e/stack';
import { keycloakAdmin } from './admin';
import { KC, USERS, type KcUser } from './stack';

interface TrpcAnswer {
  status: number;
  body: { result?: { data: unknown }; error?: { data: { reason: string | null } } };
}

/** A tRPC call from inside the page, as the SPA sends it (GET for queries, POST for mutations). */
function trpc(page: Page, procedure: string, input: unknown, method: 'GET' | 'POST'): Promise<TrpcAnswer> {
  return page.evaluate(
    async ([name, body, verb]) => {
      // A query without input sends no `input` parameter, as tRPC's client does ("undefined" is not JSON).
      const query =
        verb === 'GET' && body !== undefined ? `?input=${encodeURIComponent(JSON.stringify(body))}` : '';
      const url = `/trpc/${name}${query}`;
      const response = await fetch(url, {
        method: verb,
        headers: { 'x-csrf': '1', 'content-type': 'application/json' },
        ...(verb === 'POST' ? { body: JSON.stringify(body) } : {}),
      });
      return { status: response.status, body: (await response.json()) as TrpcAnswer['body'] };
    },
    [procedure, input, method] as const,
  );
}

/** Keycloak's German login form (realm locale `de`). */
async function signIn(page: Page, user: KcUser): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Bei Ihrem Konto anmelden' })).toBeVisible();
  await page.getByLabel('Benutzername oder E-Mail').fill(user.username);
  await page.getByLabel('Passwort', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
}

/**
 * Keycloak's re-authentication form (prompt=login with a live single sign-on): the username is shown
 * fixed with "Login neu starten", only the password is asked.
 */
async function signInAgain(page: Page, user: KcUser): Promise<void> {
  await expect(page.getByText('Zum Fortsetzen bitte erneut anmelden')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Login neu starten' })).toBeVisible();
  await page.getByLabel('Passwort', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
}

const WANTED = '/control-panel/admin/server-manager/wanted-manager';

test('step-up: an old sign-in is refused, Keycloak asks again, the delete dialog comes back and deletes', async ({
  page,
}) => {
  test.slow(); // waits out the step-up window and signs in twice
  const user = USERS.loescher;
  await page.goto(`/auth/login?returnTo=${encodeURIComponent(WANTED)}`);
  await signIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Wantedkatalog verwalten' })).toBeVisible();
  const admin = await keycloakAdmin();
  expect(await admin.users.listSessions({ id: user.id })).toHaveLength(1);

  const name = `KC-Grund ${Date.now()}`;
  const created = await trpc(
    page,
    'catalogue.wantedReasons.create',
    { values: { reason_name: name, points: 2, is_static: 0 } },
    'POST',
  );
  expect(created.status).toBe(200);
  const id = (created.body.result?.data as { id: number }).id;

  // Past the window, deletes are refused with the step-up reason before the game API is asked
  // (polled with an id that does not exist, so nothing is deleted meanwhile). Keycloak's access
  // tokens live 15 s: the BFF refreshes meanwhile, and a refreshed token never renews the sign-in.
  await expect
    .poll(
      async () => {
        const answer = await trpc(
          page,
          'catalogue.wantedReasons.remove',
          { id: 999_999, expected: { id: 999_999, reason_name: 'Keiner', points: 1, is_static: 0 } },
          'POST',
        );
        return answer.body.error?.data.reason ?? `status ${answer.status}`;
      },
      { timeout: scaled(60_000), intervals: [2000] },
    )
    .toBe('STEP_UP_REQUIRED');

  await page.goto(`${WANTED}?seite=999`);
  const row = page.getByRole('row').filter({ hasText: name });
  await row.dblclick();
  const edit = page.getByRole('dialog', { name: 'Wantedgrund bearbeiten' });
  await edit.getByRole('button', { name: 'Löschen' }).click();
  const authorize = page.waitForRequest((request) =>
    request.url().startsWith(`${KC.issuer}/protocol/openid-connect/auth?`),
  );
  const pageUrl = page.url();
  await edit.getByRole('button', { name: 'Endgültig löschen' }).click();
  await page
    .getByRole('alertdialog', { name: 'Erneute Anmeldung nötig' })
    .getByRole('button', { name: 'Weiter zur Anmeldung' })
    .click();

  // The BFF asked Keycloak for a new authentication, not for single sign-on.
  const params = new URL((await authorize).url()).searchParams;
  expect(params.get('max_age')).toBe('0');
  expect(params.get('prompt')).toBe('login');
  await expect(page).toHaveURL((url) => url.origin === KC.keycloak);
  await signInAgain(page, user);

  await expect(page).toHaveURL(pageUrl);
  await expect(edit.getByText('Du hast dich erneut angemeldet. Bestätige jetzt das Löschen.')).toBeVisible();
  await edit.getByRole('button', { name: 'Endgültig löschen' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByText('Wantedgrund erfolgreich gelöscht')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);

  // The audit trail: refused for the step-up, the re-authentication, then the delete.
  const audit = await trpc(
    page,
    'audit.list',
    { action: 'catalogue.wantedReasons.remove', target: String(id) },
    'GET',
  );
  const rows = (audit.body.result?.data as { rows: { outcome: string; detail: string | null }[] }).rows;
  expect(rows.map((r) => r.outcome)).toEqual(['success', 'refused']);
  const stepUps = await trpc(page, 'audit.list', { action: 'auth.step-up', person: user.username }, 'GET');
  expect((stepUps.body.result?.data as { total: number }).total).toBe(1);

  // Keycloak: one session for this browser (no orphan left behind by the re-authentication).
  const after = await admin.users.listSessions({ id: user.id });
  expect(after).toHaveLength(1);
});

test('own sessions: one browser ends the other; it is signed out here and at Keycloak', async ({
  browser,
}) => {
  test.slow(); // two sign-ins through Keycloak
  const user = USERS.geraete;
  const here = await browser.newContext({ locale: 'de-DE', timezoneId: 'Europe/Berlin' });
  const there = await browser.newContext({
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
  });
  const admin = await keycloakAdmin();

  const other = await there.newPage();
  await other.goto('/auth/login?returnTo=/control-panel/user/settings');
  await signIn(other, user);
  await expect(other.getByRole('heading', { level: 1, name: 'Accounteinstellungen' })).toBeVisible();
  const [otherSession] = await admin.users.listSessions({ id: user.id });
  if (!otherSession?.id) throw new Error('keine Keycloak-Sitzung gefunden');

  const page = await here.newPage();
  await page.goto('/auth/login?returnTo=/control-panel/user/settings');
  await signIn(page, user);
  await expect(page.getByRole('heading', { name: 'Angemeldete Geräte' })).toBeVisible();
  const sessions = await admin.users.listSessions({ id: user.id });
  expect(sessions).toHaveLength(2);
  const mine = sessions.find((s) => s.id !== otherSession.id);

  const devices = page.getByRole('list', { name: 'Angemeldete Geräte' });
  await expect(devices.getByRole('listitem')).toHaveCount(2);
  await expect(devices.getByText('dieses Gerät')).toBeVisible();
  await devices.getByRole('button', { name: /^Firefox 128 auf Linux, angemeldet am .+, abmelden$/ }).click();
  await expect(page.getByText('Das Gerät wurde abgemeldet.')).toBeVisible();
  await expect(devices.getByRole('listitem')).toHaveCount(1);

  // The ended browser: its next call is 401, the Control Panel sends it to the sign-in, and Keycloak
  // has no session for it any more (its login form appears instead of single sign-on).
  const call = await trpc(other, 'account.sessions', undefined, 'GET');
  expect(call.status).toBe(401);
  await expect
    .poll(async () => (await admin.users.listSessions({ id: user.id })).map((s) => s.id))
    .toEqual([mine?.id]);
  await other.reload();
  await expect(other.getByRole('heading', { name: 'Bei Ihrem Konto anmelden' })).toBeVisible();

  // "Alle anderen abmelden" with a third browser: ended here and at Keycloak as well.
  const third = await browser.newContext({ locale: 'de-DE', timezoneId: 'Europe/Berlin' });
  const thirdPage = await third.newPage();
  await thirdPage.goto('/auth/login?returnTo=/control-panel/user/settings');
  await signIn(thirdPage, user);
  await expect(thirdPage.getByRole('heading', { name: 'Angemeldete Geräte' })).toBeVisible();
  expect(await admin.users.listSessions({ id: user.id })).toHaveLength(2);
  await page.reload();
  await expect(devices.getByRole('listitem')).toHaveCount(2);
  await page.getByRole('button', { name: 'Alle anderen abmelden' }).click();
  await expect(page.getByText('Ein anderes Gerät wurde abgemeldet.')).toBeVisible();
  await expect(devices.getByRole('listitem')).toHaveCount(1);
  expect((await trpc(thirdPage, 'account.sessions', undefined, 'GET')).status).toBe(401);
  await expect
    .poll(async () => (await admin.users.listSessions({ id: user.id })).map((s) => s.id))
    .toEqual([mine?.id]);

  // This browser lives on, here and at Keycloak.
  expect((await trpc(page, 'account.sessions', undefined, 'GET')).status).toBe(200);
  await here.close();
  await there.close();
  await third.close();
});

test('a password change ends the other browser here and at Keycloak; the list shows this one only', async ({
  browser,
}) => {
  test.slow(); // two sign-ins and Keycloak's password form
  const user = USERS.kennwort;
  const admin = await keycloakAdmin();
  const here = await browser.newContext({ locale: 'de-DE', timezoneId: 'Europe/Berlin' });
  const there = await browser.newContext({ locale: 'de-DE', timezoneId: 'Europe/Berlin' });
  const other = await there.newPage();
  await other.goto('/auth/login?returnTo=/control-panel/user/settings');
  await signIn(other, user);
  await expect(other.getByRole('heading', { name: 'Angemeldete Geräte' })).toBeVisible();
  const page = await here.newPage();
  await page.goto('/auth/login?returnTo=/control-panel/user/settings');
  await signIn(page, user);
  const devices = page.getByRole('list', { name: 'Angemeldete Geräte' });
  await expect(devices.getByRole('listitem')).toHaveCount(2);
  expect(await admin.users.listSessions({ id: user.id })).toHaveLength(2);

  await page.goto('/auth/password');
  await expect(page.getByRole('heading', { name: 'Passwort aktualisieren' })).toBeVisible();
  const changed = `${user.password}-neu`;
  await page.getByLabel('Neues Passwort', { exact: true }).fill(changed);
  await page.getByLabel('Passwort bestätigen', { exact: true }).fill(changed);
  await page.getByRole('button', { name: 'Absenden' }).click();
  await expect(page).toHaveURL(/\/control-panel\/user\/settings\?passwort=geaendert$/);
  await expect(devices.getByRole('listitem')).toHaveCount(1);
  await expect(devices.getByText('dieses Gerät')).toBeVisible();

  expect((await trpc(other, 'account.sessions', undefined, 'GET')).status).toBe(401);
  await expect.poll(async () => (await admin.users.listSessions({ id: user.id })).length).toBe(1);
  expect((await trpc(page, 'account.sessions', undefined, 'GET')).status).toBe(200);
  await here.close();
  await there.close();
});
