/**
 * The Control Panel's search (decision 091): Strg+K or the header's field, a player found by name
 * opens his profile with its Verlauf, a catalogue row opens its editor; arrows, Enter and Escape,
 * the focus back where it was; only for those who may see a group; no serious axe violation in
 * either theme. Titles per page and the 404 of an unknown address (decision 092).
 */
import { DEMO_ACCOUNTS } from '@nova/demo';
import type { Page } from '@playwright/test';
import { seriousAxeViolations } from './axe';
import { expect, test } from './fixtures';

const palette = (page: Page) => page.getByRole('dialog', { name: 'Suche' });
const searchField = (page: Page) => palette(page).getByRole('combobox');

test('an admin finds a player by his in-game name and opens his profile with its Verlauf', async ({
  asRole,
}) => {
  const page = await asRole('admin');
  await page.goto('/control-panel/user');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Control+k');
  await expect(searchField(page)).toBeFocused();
  await searchField(page).fill('Jonas_W');
  const players = palette(page).getByRole('group', { name: 'Spieler' });
  const jonas = players.getByRole('option', { name: /Jonas_Weber/ });
  await expect(jonas).toBeVisible();
  // The login name stands beside the in-game name.
  await expect(jonas).toContainText('spieler');
  await page.keyboard.press('Enter');
  await expect(palette(page)).toBeHidden();
  await expect(page).toHaveURL(`/control-panel/user/${DEMO_ACCOUNTS.spieler.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Jonas_Weber' })).toBeVisible();
  await expect(page).toHaveTitle('Jonas_Weber – Nova Legacy');
  // His sign-ins (the e2e set-up signed him in) are in his Verlauf.
  const history = page
    .locator('section, div')
    .filter({ has: page.getByRole('heading', { name: 'Verlauf' }) })
    .last();
  await expect(history.getByText('Angemeldet').first()).toBeVisible();
  await expect(history.getByRole('link', { name: /Audit-Log ansehen/ })).toBeVisible();
});

test('the login name finds the player too, and the search field in the header opens the palette', async ({
  asRole,
}) => {
  const page = await asRole('admin');
  await page.goto('/control-panel/user/settings');
  await page.getByRole('button', { name: /Suchen/ }).click();
  await searchField(page).fill('spieler');
  await expect(
    palette(page)
      .getByRole('group', { name: 'Spieler' })
      .getByRole('option', { name: /Jonas_Weber/ }),
  ).toBeVisible();
});

test('keyboard first: arrows move, Escape closes with the focus back, Enter opens a row’s editor', async ({
  asRole,
}) => {
  const page = await asRole('admin');
  await page.goto('/control-panel/user');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const settingsLink = page.getByRole('navigation', { name: 'Control Panel' }).getByRole('link', {
    name: 'Accounteinstellungen',
  });
  await settingsLink.focus();
  await page.keyboard.press('Control+k');
  await expect(searchField(page)).toBeFocused();
  await page.keyboard.type('Schlagerwelle');
  const radios = palette(page).getByRole('group', { name: 'Radiosender' });
  const row = radios.getByRole('option', { name: /Schlagerwelle San Andreas/ });
  await expect(row).toBeVisible();
  await expect(row).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Escape');
  await expect(palette(page)).toBeHidden();
  await expect(settingsLink).toBeFocused();

  // Again, what was typed is still there; down and up, then Enter on the row.
  await page.keyboard.press('Control+k');
  await expect(row).toBeVisible();
  // A second option to move to: the player group's hit for the same text cannot be relied on, so
  // the arrows are checked on the active option's id.
  const active = () => searchField(page).getAttribute('aria-activedescendant');
  const first = await active();
  if ((await palette(page).getByRole('option').count()) > 1) {
    await page.keyboard.press('ArrowDown');
    await expect.poll(active).not.toBe(first);
    await page.keyboard.press('ArrowUp');
  }
  await expect.poll(active).toBe(first);
  await expect(row).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/control-panel\/admin\/server-manager\/radio-manager\?bearbeiten=\d+$/);
  await expect(page.getByRole('dialog', { name: /Radiosender .*bearbeiten/ })).toBeVisible();
  await expect(page.getByRole('dialog').getByLabel('Name')).toHaveValue('Schlagerwelle San Andreas');
});

test('says when nothing is found, in German', async ({ asRole }) => {
  const page = await asRole('admin');
  await page.goto('/control-panel/user');
  await page.getByRole('button', { name: /Suchen/ }).click();
  await expect(palette(page).getByText('Tippe einen Namen, eine Nummer oder ein Stichwort.')).toBeVisible();
  await searchField(page).fill('xq-nichts-zu-finden');
  await expect(palette(page).getByText('Keine Treffer für „xq-nichts-zu-finden“.')).toBeVisible();
});

test('a player without admin roles has no search, and Strg+K opens nothing', async ({ asRole }) => {
  const page = await asRole('spieler');
  await page.goto('/control-panel/user');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: /Suchen/ })).toHaveCount(0);
  await page.keyboard.press('Control+k');
  await expect(palette(page)).toHaveCount(0);
});

test('the palette fits a phone', async ({ asRole }) => {
  const page = await asRole('admin', { viewport: { width: 360, height: 740 } });
  await page.goto('/control-panel/user');
  await page.getByRole('button', { name: /Suchen/ }).click();
  await searchField(page).fill('Jonas_W');
  await expect(palette(page).getByRole('option', { name: /Jonas_Weber/ })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const box = await palette(page).boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);
});

for (const scheme of ['light', 'dark'] as const) {
  test(`${scheme} theme: the palette with results has no serious axe violation`, async ({ asRole }) => {
    const page = await asRole('admin');
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('/control-panel/user');
    await page.getByRole('button', { name: /Suchen/ }).click();
    await searchField(page).fill('a');
    await expect(palette(page).getByRole('group', { name: 'Spieler' })).toBeVisible();
    await expect(palette(page).getByText('Wird gesucht...')).toHaveCount(0);
    expect(await seriousAxeViolations(page, '[role="dialog"]')).toEqual([]);
  });
}

test('every admin page has its own title, a vehicle’s details too', async ({ asRole }) => {
  const page = await asRole('admin');
  const titles: [string, string][] = [
    ['/control-panel/admin/sync-manager', 'Sync Management – Nova Legacy'],
    ['/control-panel/admin/server-manager', 'Server Management – Nova Legacy'],
    ['/control-panel/admin/server-manager/wanted-manager', 'Wantedkatalog verwalten – Nova Legacy'],
    ['/control-panel/admin/audit-log', 'Audit-Log – Nova Legacy'],
    [`/control-panel/user/${DEMO_ACCOUNTS.spieler.id}/inventory`, 'Inventar – Nova Legacy'],
  ];
  for (const [path, title] of titles) {
    await page.goto(path);
    await expect(page.locator('h1').first()).toBeVisible();
    await expect(page).toHaveTitle(title);
  }
  // A vehicle's details, reached from the list as a player does.
  await page.goto(`/control-panel/user/${DEMO_ACCOUNTS.spieler.id}/vehicles`);
  await page.locator('main a[href*="/vehicles/"]').first().click();
  await expect(page).toHaveURL(/\/vehicles\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Fahrzeugdetails' })).toBeVisible();
  await expect(page).toHaveTitle('Fahrzeugdetails – Nova Legacy');
});

test('an unknown address answers 404 while it shows the not-found page', async ({
  page,
  expectConsoleError,
}) => {
  // Chromium reports the document's 404 on the console.
  expectConsoleError(/status of 404/);
  const answer = await page.goto('/gibt-es-nicht/wirklich');
  expect(answer?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Seite nicht gefunden' })).toBeVisible();
  await expect(page).toHaveTitle('Seite nicht gefunden – Nova Legacy');
  expect((await page.goto('/toplist'))?.status()).toBe(200);
});
