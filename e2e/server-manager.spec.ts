/**
 * Server Management in Chromium against the BFF and the game API simulator — the hub's
 * cards, a catalogue manager creating (after a BFF and a game API field error), editing, paging and
 * deleting, the vehicle manager that edits only, a player refused, the phone layout.
 * Tests run in parallel against one simulator: they change only rows they created themselves.
 */
import { CATALOGUE_KEYS } from '@nova/domain';
import { expect, ownSession, signIn, test } from './fixtures';

const HUB = '/control-panel/admin/server-manager';

test('the administrator sees a card per catalogue and the settings card; Generische Einstellungen is disabled', async ({
  asRole,
}) => {
  const page = await asRole('admin');
  await page.goto(HUB);
  await expect(page.getByRole('heading', { level: 1, name: 'Server Management' })).toBeVisible();
  const cards = page.getByRole('main').getByRole('heading', { level: 2 });
  // One card per catalogue of the registry and the settings card; the ones the specification names,
  // in its order (a new catalogue's card may join anywhere).
  await expect(cards).toHaveCount(CATALOGUE_KEYS.length + 1);
  await expect(cards).toContainText([
    'Achievements',
    'Generische Einstellungen',
    'Fahrzeuge',
    'Skins',
    'Radiosender',
    'Wantedkatalog',
  ]);
  await expect(page.getByRole('button', { name: 'Generische Einstellungen: Auswählen' })).toBeDisabled();
  await page.getByRole('link', { name: 'Radiosender: Auswählen' }).click();
  await expect(page).toHaveURL(/\/server-manager\/radio-manager$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Radiosender verwalten' })).toBeVisible();
});

test('a wanted reason is created after two field errors, edited, found by its page and deleted', async ({
  browser,
  expectConsoleError,
}) => {
  // Chromium logs every 400 answer; here they are the field errors the test asks for.
  expectConsoleError(/status of 400 \(Bad Request\) @ .*\/trpc\/catalogue\.wantedReasons\.create/);
  // A delete with a sign-in older than the step-up window is refused first (decision 022).
  expectConsoleError(/status of 403 \(Forbidden\) @ .*\/trpc\/catalogue\.wantedReasons\.remove/);
  // Its own sign-in: the re-authentication below must not end the shared admin session.
  const page = await ownSession(browser, 'admin');
  await page.goto(`${HUB}/wanted-manager`);
  await expect(page.getByRole('heading', { level: 1, name: 'Wantedkatalog verwalten' })).toBeVisible();
  const firstName = (await page.getByRole('row').nth(1).getByRole('cell').nth(1).textContent()) ?? '';
  expect(firstName).not.toBe('');

  await page.getByRole('button', { name: 'Wantedgrund hinzufügen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Wantedgrund hinzufügen' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('ID')).toHaveCount(0);
  const reason = dialog.getByLabel('Grund', { exact: true });
  const points = dialog.getByLabel('Punkte');
  await expect(reason).toHaveValue('');

  // Numeric fields ignore other keystrokes.
  await points.pressSequentially('4x');
  await expect(points).toHaveValue('4');

  // 1. The BFF's own validation: an empty reason.
  await dialog.getByRole('button', { name: 'Hinzufügen' }).click();
  await expect(dialog.getByText('Pflichtfeld')).toBeVisible();
  await expect(reason).toHaveAttribute('aria-invalid', 'true');
  await expect(reason).toHaveAccessibleDescription('Pflichtfeld');
  await expect(dialog.getByRole('alert')).toHaveText('Wantedgrund konnte nicht erstellt werden');
  await expect(points).toHaveValue('4');

  // 2. The game API's validation: a name another row holds (400 { validationErrors }).
  await reason.fill(firstName);
  await dialog.getByRole('button', { name: 'Hinzufügen' }).click();
  await expect(dialog.getByText('Dieser Wert ist bereits vergeben')).toBeVisible();
  await expect(reason).toHaveAttribute('aria-invalid', 'true');
  await expect(reason).toHaveValue(firstName);
  await expect(points).toHaveValue('4');
  // The message vanishes after 3 s; the field error stays.
  await expect(dialog.getByRole('alert')).toBeEmpty();
  await expect(dialog.getByText('Dieser Wert ist bereits vergeben')).toBeVisible();

  const name = `E2E Falschparken ${Date.now()}`;
  await reason.fill(name);
  await dialog.getByRole('button', { name: 'Hinzufügen' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole('status').filter({ hasText: 'Wantedgrund erfolgreich erstellt' }),
  ).toBeVisible();
  await expect(page.getByText('Wantedgrund erfolgreich erstellt')).toBeHidden();

  // The new row has the highest id: the last page (an address past the end shows the last page).
  await page.goto(`${HUB}/wanted-manager?seite=999`);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell').nth(2)).toHaveText('4');
  const pageUrl = page.url();

  // Edit by double-click; the id is shown read-only.
  await row.dblclick();
  const edit = page.getByRole('dialog', { name: 'Wantedgrund bearbeiten' });
  await expect(edit.getByLabel('ID')).toHaveJSProperty('readOnly', true);
  await edit.getByLabel('Punkte').fill('5');
  await edit.getByLabel('Statisch').selectOption({ label: 'Ja' });
  await edit.getByRole('button', { name: 'Speichern' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByText('Wantedgrund erfolgreich aktualisiert')).toBeVisible();
  await expect(row.getByRole('cell').nth(2)).toHaveText('5');
  await expect(row.getByRole('cell').nth(3)).toHaveText('Ja');
  // The list reloaded on the same page.
  expect(page.url()).toBe(pageUrl);

  // Delete from the keyboard: the row's own button, then the confirmation.
  const id = (await row.getByRole('cell').first().textContent()) ?? '';
  await row.getByRole('button', { name: `Wantedgrund ${id} bearbeiten` }).focus();
  await page.keyboard.press('Enter');
  await expect(edit).toBeVisible();
  await edit.getByRole('button', { name: 'Löschen' }).click();
  await edit.getByRole('button', { name: 'Endgültig löschen' }).click();
  // The e2e sign-in is older than the step-up window (STEP_UP_MAX_AGE_SECONDS) unless this test ran
  // at once: then a short dialog says why, the identity provider asks for the password and the
  // dialog comes back, confirmable.
  const why = page.getByRole('alertdialog', { name: 'Erneute Anmeldung nötig' });
  const deleted = page.getByText('Wantedgrund erfolgreich gelöscht');
  await expect(why.or(deleted)).toBeVisible();
  if (await why.isVisible()) {
    await expect(why).toContainText('Zum Löschen bestätige bitte noch einmal dein Passwort.');
    await why.getByRole('button', { name: 'Weiter zur Anmeldung' }).click();
    await expect(page.getByLabel('Passwort')).toBeVisible();
    await signIn(page, 'admin');
    await expect(
      edit.getByText('Du hast dich erneut angemeldet. Bestätige jetzt das Löschen.'),
    ).toBeVisible();
    expect(page.url()).toBe(pageUrl);
    await edit.getByRole('button', { name: 'Endgültig löschen' }).click();
  }
  await expect(edit).toBeHidden();
  await expect(page.getByText('Wantedgrund erfolgreich gelöscht')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
});

test('the vehicle manager edits only, and its list is paged by 20 with the page in the address', async ({
  asRole,
}) => {
  const page = await asRole('admin');
  await page.goto(`${HUB}/vehicle-manager`);
  await expect(page.getByRole('heading', { level: 1, name: 'Fahrzeuge verwalten' })).toBeVisible();
  await expect(page.getByRole('button', { name: /hinzufügen/ })).toHaveCount(0);

  const total = Number((await page.getByText(/^\d+ Einträge/).textContent())?.match(/^\d+/)?.[0]);
  const pages = Math.ceil(total / 20);
  expect(pages).toBeGreaterThan(1);
  await expect(page.getByRole('row')).toHaveCount(1 + 20);
  const pager = page.getByRole('navigation', { name: 'Seiten' });
  await expect(pager.getByRole('button', { name: /^Seite \d+$/ })).toHaveCount(Math.min(pages, 10));
  await expect(pager.getByRole('button', { name: 'Zurück' })).toBeDisabled();
  await expect(pager.getByRole('button', { name: 'Seite 1', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await pager.getByRole('button', { name: 'Weiter' }).click();
  await expect(page).toHaveURL(/\?seite=2$/);
  await expect(pager.getByRole('button', { name: 'Seite 2', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  const firstOfPage2 = await page.getByRole('row').nth(1).getByRole('cell').first().textContent();
  await page.reload();
  await expect(pager.getByRole('button', { name: 'Seite 2', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page.getByRole('row').nth(1).getByRole('cell').first()).toHaveText(firstOfPage2 ?? '');

  await page.getByRole('row').nth(1).dblclick();
  const dialog = page.getByRole('dialog', { name: 'Fahrzeugtyp bearbeiten' });
  await expect(dialog.getByRole('button', { name: 'Speichern' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Löschen' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('a player reaches neither the screens nor the procedures of Server Management', async ({ asRole }) => {
  const page = await asRole('spieler');
  await page.goto(`${HUB}/achievement-manager`);
  await expect(
    page.getByRole('heading', { name: 'Sorry, hierfür besitzt du keine Berechtigung.' }),
  ).toBeVisible();
  const answer = await page.request.post('/trpc/catalogue.achievements.create', {
    headers: { 'x-csrf': '1', 'content-type': 'application/json' },
    data: { values: { name: 'Hack', description: 'x', exp: 1, money: 1 } },
  });
  expect(answer.status()).toBe(403);
});

test('a manager screen fits a phone: the table scrolls inside its frame, the dialog fits', async ({
  asRole,
}) => {
  const page = await asRole('admin', { viewport: { width: 360, height: 740 } });
  await page.goto(`${HUB}/skin-manager`);
  await expect(page.getByRole('heading', { level: 1, name: 'Skins verwalten' })).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(overflow).toBeLessThanOrEqual(360);
  await page.getByRole('button', { name: 'Skin hinzufügen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Skin hinzufügen' });
  const box = await dialog.boundingBox();
  expect(box?.width).toBeLessThanOrEqual(360);
  // The job is picked from a list with "Keine" for none (decision 093), not typed as a code.
  await expect(dialog.getByLabel('Job').locator('option:checked')).toHaveText('Keine');
});
