/**
 * Accountability in Chromium against the built stack (BFF with STEP_UP_MAX_AGE_SECONDS=30): a delete with
 * an old sign-in is refused with the step-up reason and succeeds after signing in again at the
 * identity provider; the Audit-Log shows it with before → after and exports CSV; a player ends
 * another browser's session under "Angemeldete Geräte" and that browser is signed out.
 * Sessions of their own (one the setup project signed in, decision 095, or fresh contexts): the
 * shared storage-state sessions stay untouched. Waits for states get 20 s (stretched by the load):
 * on a busy machine a chunk or a sign-in round trip can take that long.
 */
import { expect, signIn, test } from './fixtures';
import { mutate, waitForStepUpWindow } from './mutate';
import { scaled } from './stack';

test('a delete needs a fresh sign-in; the Audit-Log shows it and exports CSV', async ({
  earlyAdmin,
  expectConsoleError,
}) => {
  test.setTimeout(scaled(180_000));
  // The page's own delete refused for the old sign-in (Chromium logs the 403).
  expectConsoleError(/status of 403 .*\/trpc\/catalogue\.wantedReasons\.remove/);
  // Signed in by the setup project: its sign-in is past the window or soon will be.
  const page = await earlyAdmin('accountability');
  const returnTo = '/control-panel/admin/audit-log';
  await page.goto(returnTo);
  await expect(page.getByRole('heading', { name: 'Audit-Log', level: 1 })).toBeVisible({
    timeout: scaled(20_000),
  });

  const name = `E2E-Grund ${Date.now()}`;
  const created = await mutate(page, 'catalogue.wantedReasons.create', {
    values: { reason_name: name, points: 3, is_static: 0 },
  });
  expect(created.status).toBe(200);
  const row = created.body.result?.data as { id: number };
  const { id } = row;

  // Once the sign-in is older than the window, deletes are refused with the step-up reason.
  await waitForStepUpWindow(page);
  const refused = await mutate(page, 'catalogue.wantedReasons.remove', { id, expected: row });
  expect(refused.body.error?.data.reason).toBe('STEP_UP_REQUIRED');

  // The SPA's step-up: the identity provider asks for the password again and returns here.
  await page.goto(`/auth/login?stepUp=1&returnTo=${encodeURIComponent(returnTo)}`);
  await expect(page.getByLabel('Passwort')).toBeVisible({ timeout: scaled(20_000) });
  await signIn(page, 'admin');
  await expect(page).toHaveURL(new RegExp(`${returnTo}$`), { timeout: scaled(20_000) });
  expect((await mutate(page, 'catalogue.wantedReasons.remove', { id, expected: row })).status).toBe(200);

  await page.reload();
  await page.getByRole('combobox', { name: 'Art', exact: true }).selectOption('Gelöscht');
  await page.getByRole('combobox', { name: 'Bereich', exact: true }).selectOption('Katalog Wantedkatalog');
  await page.getByRole('textbox', { name: 'Ziel oder Stichwort' }).fill(String(id));
  await page.getByRole('button', { name: 'Filtern' }).click();
  // Sentences with the target's name (decision 062); the refusal has no state of its own, so its
  // target is named from the row's other records (decision 093).
  const deleted = page.getByRole('row').filter({ hasText: `Wantedgrund „${name}“ gelöscht` });
  await expect(deleted).toHaveCount(1, { timeout: scaled(20_000) });
  await expect(deleted).toContainText('Erfolgreich');
  const refusedRow = page.getByRole('row').filter({ hasText: `Wantedgrund „${name}“ löschen` });
  await expect(refusedRow).toHaveCount(1);
  await expect(refusedRow).toContainText('Abgelehnt');
  await expect(refusedRow).toContainText('erneute Anmeldung nötig');
  await expect(refusedRow.getByRole('button', { name: 'Änderungen anzeigen' })).toHaveCount(0);
  await deleted.getByRole('button', { name: 'Änderungen anzeigen' }).click();
  await expect(page.getByRole('table', { name: 'Vorher und nachher' })).toContainText(name);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Als CSV exportieren' }).click();
  const csv = await (await download).createReadStream();
  let text = '';
  for await (const chunk of csv) text += String(chunk);
  // German Excel's CSV: a byte order mark, `;` between cells (decision 059).
  expect(text.startsWith('\uFEFF')).toBe(true);
  const lines = text.slice(1).trim().split('\r\n');
  expect(lines[0]).toContain('Zeitpunkt;Person;Anmeldename;Subjekt;Aktion');
  expect(lines.filter((line) => line.includes(`;catalogue.wantedReasons;${id};`))).toHaveLength(2);
});

test('a player ends another browser under "Angemeldete Geräte"; that browser is signed out', async ({
  browser,
}) => {
  test.setTimeout(scaled(150_000));
  const here = await browser.newContext({ locale: 'de-DE', timezoneId: 'Europe/Berlin' });
  const there = await browser.newContext({
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
  });
  const other = await there.newPage();
  await other.goto('/auth/login?returnTo=/control-panel/user');
  await signIn(other, 'spieler');
  await expect(other).toHaveURL(/\/control-panel\/user$/, { timeout: scaled(20_000) });

  const page = await here.newPage();
  await page.goto('/auth/login?returnTo=/control-panel/user/settings');
  await signIn(page, 'spieler');
  await expect(page.getByRole('heading', { name: 'Angemeldete Geräte' })).toBeVisible({
    timeout: scaled(30_000),
  });
  const devices = page.getByRole('list', { name: 'Angemeldete Geräte' });
  await expect(devices.getByText('dieses Gerät')).toBeVisible();
  // Each session names when it signed in, when it was last active, its shortened address and how
  // it signed in (dev-idp says acr "1" after a password, as Keycloak does).
  const current = devices.getByRole('listitem').filter({ hasText: 'dieses Gerät' });
  for (const term of ['Angemeldet am:', 'Zuletzt aktiv:', 'IP-Adresse:', 'Anmeldung:'])
    await expect(current.getByRole('term')).toContainText([term]);
  await expect(current.getByRole('definition').last()).toHaveText('Passwort');
  await expect(current).toContainText(/IP-Adresse:\s*(127\.0\.0\.0|::)/);
  await devices
    .getByRole('button', {
      name: /^Firefox 128 auf Linux, angemeldet am \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}, abmelden$/,
    })
    .first()
    .click();
  await expect(page.getByText('Das Gerät wurde abgemeldet.')).toBeVisible({ timeout: scaled(20_000) });
  // Its card went with the button pressed: the focus is on the list's heading, not lost.
  await expect(page.getByRole('heading', { name: 'Angemeldete Geräte' })).toBeFocused();

  // The ended browser's next call is 401: the Control Panel sends it to the sign-in.
  await other.reload();
  await expect(other.getByLabel('Benutzername')).toBeVisible({ timeout: scaled(20_000) });
  await here.close();
  await there.close();
});
