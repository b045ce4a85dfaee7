/**
 * The sync manager (specification §2.32 "Sync manager", §4, §8.6) in Chromium as admin: both tabs, create,
 * field errors, filters, edit by double-click and keyboard, delete, and the filtered list's empty text.
 * The steps change the simulator's state, so they run in order. Other files' tests use sync groups at
 * the same time: the empty groups list is a unit test (sync-manager.test.tsx), not a wiped stack.
 */
import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';
import { waitForStepUpWindow } from './mutate';
import { scaled } from './stack';

const PATH = '/control-panel/admin/sync-manager';

async function open(page: Page, tab: 'Sync Groups' | 'Sync Objects') {
  await page.goto(PATH);
  await expect(page.getByRole('heading', { level: 1, name: 'Sync Management' })).toBeVisible();
  // A click before the page has hydrated is lost: click until the tab is the selected one.
  const chosen = page.getByRole('tab', { name: tab });
  await expect(async () => {
    await chosen.click();
    await expect(chosen).toHaveAttribute('aria-selected', 'true', { timeout: 2_000 });
  }).toPass();
}

const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

/**
 * The confirmed delete of an open dialog with an old sign-in: a short dialog says why, then the
 * identity provider asks for the password again, and the page comes back on the same tab with the dialog and its confirmation open.
 */
async function deleteAfterSigningInAgain(
  page: Page,
  dialogName: string,
  tab: 'Sync Groups' | 'Sync Objects',
) {
  const dialog = page.getByRole('dialog', { name: dialogName });
  await dialog.getByRole('button', { name: 'Löschen' }).click();
  await dialog.getByRole('button', { name: 'Endgültig löschen' }).click();
  // Before the sign-in page, a short dialog says why it comes.
  const why = page.getByRole('alertdialog', { name: 'Erneute Anmeldung nötig' });
  await expect(why).toContainText('Zum Löschen bestätige bitte noch einmal dein Passwort.');
  await why.getByRole('button', { name: 'Weiter zur Anmeldung' }).click();
  await expect(page.getByLabel('Passwort')).toBeVisible();
  await signIn(page, 'admin');
  // Back at the manager, with its tab in the address.
  await expect(page).toHaveURL(new RegExp(`${PATH}(\\?tab=\\w+)?$`));
  // Behind the open modal (hidden from the accessibility tree meanwhile), its tab is the chosen one.
  await expect(page.getByRole('tab', { name: tab, includeHidden: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(
    dialog.getByText('Du hast dich erneut angemeldet. Bestätige jetzt das Löschen.'),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Endgültig löschen' }).click();
  await expect(dialog).toBeHidden();
}

test.describe.serial('sync manager', () => {
  // The deletes need a sign-in older than the 30-second step-up window (the setup project's, or a
  // wait for it when these run early) and then sign in again: these tests get more room.
  test.describe.configure({ timeout: scaled(150_000) });

  test('a player without the role is refused', async ({ asRole }) => {
    const page = await asRole('beta');
    await page.goto(PATH);
    await expect(page.getByRole('heading', { name: 'Sync Management' })).toHaveCount(0);
    await expect(page.getByText(/keine Berechtigung/)).toBeVisible();
  });

  test('Sync Objects: create with field errors, filter, edit by double-click, delete', async ({
    earlyAdmin,
    expectConsoleError,
  }) => {
    expectConsoleError(/status of 400/);
    // The delete refused for the old sign-in, and the wait for that refusal (decision 022).
    expectConsoleError(/status of 40[34] .*\/trpc\/syncManager\.objects\.remove/);
    const page = await earlyAdmin('sync-objects');
    await open(page, 'Sync Objects');
    await expect(page.getByRole('heading', { name: 'Sync Objects' })).toBeVisible();
    await expect(row(page, 'Servergruppe Server Admin')).toBeVisible();

    await page.getByRole('button', { name: 'Neues Sync Objekt hinzufügen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Neues Sync Objekt hinzufügen' });
    await expect(dialog.getByLabel('Plattform')).toHaveValue('teamspeak');
    await expect(dialog.getByRole('button', { name: 'Löschen' })).toHaveCount(0);
    await dialog.getByLabel('Externe ID').fill('4242');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expect(dialog.getByText('Pflichtfeld')).toBeVisible();
    await expect(dialog.getByText('Das Sync Objekt konnte nicht erstellt werden.')).toBeVisible();
    await expect(dialog.getByLabel('Externe ID')).toHaveValue('4242');
    await dialog.getByLabel('Plattform').selectOption('discord');
    await dialog.getByLabel('Beschreibung').fill('Rolle E2E');
    // A Discord role id is a snowflake: the BFF says so at the field.
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expect(dialog.getByText('Eine Discord-ID besteht aus 15 bis 20 Ziffern.')).toBeVisible();
    await dialog.getByLabel('Externe ID').fill('1187364520918274242');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Sync Objekt wurde erstellt')).toBeVisible();
    await expect(row(page, 'Rolle E2E')).toContainText('Discord');

    const filters = page.getByRole('tabpanel');
    await filters.getByLabel('Externe ID').selectOption('1187364520918274242');
    await expect(page.getByRole('row')).toHaveCount(2); // header + one row
    await filters.getByLabel('Plattform').selectOption('teamspeak');
    await expect(page.getByText('Keine Sync Objekte vorhanden')).toBeVisible();
    await filters.getByLabel('Plattform').selectOption({ label: 'All' });
    await filters.getByLabel('Externe ID').selectOption({ label: 'All' });
    await filters.getByLabel('Sync Group').selectOption({ label: 'Polizei' });
    await expect(page.getByRole('row')).toHaveCount(3); // LSPD on Teamspeak and on Discord
    await filters.getByLabel('Sync Group').selectOption({ label: 'All' });

    await row(page, 'Rolle E2E').dblclick();
    const edit = page.getByRole('dialog', { name: 'Sync Objekt bearbeiten' });
    await expect(edit.getByLabel('Externe ID')).toHaveValue('1187364520918274242');
    await edit.getByLabel('Beschreibung').fill('Rolle E2E geändert');
    await edit.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText('Sync Objekt wurde bearbeitet')).toBeVisible();
    await expect(row(page, 'Rolle E2E geändert')).toBeVisible();

    await waitForStepUpWindow(page, 'syncManager.objects.remove', {
      id: 999_999,
      expected: { id: 999_999, plattform: 'discord', externalId: '123456789012345678', description: 'Keins' },
    });
    await page.getByRole('button', { name: 'Sync Objekt Rolle E2E geändert bearbeiten' }).press('Enter');
    await expect(edit.getByLabel('Beschreibung')).toHaveValue('Rolle E2E geändert');
    await deleteAfterSigningInAgain(page, 'Sync Objekt bearbeiten', 'Sync Objects');
    await expect(page.getByText('Sync Object wurde gelöscht')).toBeVisible();
    await expect(row(page, 'Rolle E2E')).toHaveCount(0);
  });

  test('Sync Groups: create with linked objects, edit, delete', async ({
    earlyAdmin,
    expectConsoleError,
  }) => {
    expectConsoleError(/status of 40[34] .*\/trpc\/syncManager\.groups\.remove/);
    const page = await earlyAdmin('sync-groups');
    await open(page, 'Sync Groups');
    await expect(row(page, '/team/admin')).toBeVisible();

    await page.getByRole('button', { name: 'Neue Sync Gruppe hinzufügen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Neue Sync Gruppe hinzufügen' });
    await dialog.getByLabel('Name').fill('E2E Gruppe');
    await dialog.getByLabel('Keycloak Gruppe').fill('/e2e/gruppe');
    // Each object says which group it belongs to now; ticking one of another group says it moves.
    const admin = dialog.getByLabel('Servergruppe Server Admin [teamspeak]');
    await expect(admin).toHaveAccessibleDescription('Gehört zu „Admin“');
    await expect(dialog.getByLabel('Servergruppe Eventteam [teamspeak]')).toHaveAccessibleDescription(
      'Gehört zu keiner Gruppe',
    );
    await admin.check();
    await expect(admin).toHaveAccessibleDescription('Gehört zu „Admin“ – wird aus „Admin“ entfernt');
    await expect(dialog.getByText('wird aus „Admin“ entfernt')).toBeVisible();
    await admin.uncheck();
    await expect(admin).toHaveAccessibleDescription('Gehört zu „Admin“');
    await dialog.getByLabel('Servergruppe Eventteam [teamspeak]').check();
    await dialog.getByLabel('Rolle Verifiziert [discord]').check();
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText('Sync Gruppe wurde erstellt')).toBeVisible();
    await expect(row(page, 'E2E Gruppe')).toContainText('/e2e/gruppe');
    await expect(row(page, 'E2E Gruppe').getByRole('cell').nth(2)).toHaveText('2');

    await row(page, 'E2E Gruppe').dblclick();
    const edit = page.getByRole('dialog', { name: 'Sync Gruppe bearbeiten' });
    await expect(edit.getByLabel('Rolle Verifiziert [discord]')).toBeChecked();
    await edit.getByLabel('Rolle Verifiziert [discord]').uncheck();
    await edit.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText('Sync Gruppe wurde bearbeitet')).toBeVisible();
    await expect(row(page, 'E2E Gruppe').getByRole('cell').nth(2)).toHaveText('1');

    await waitForStepUpWindow(page, 'syncManager.groups.remove', {
      id: 999_999,
      expected: { id: 999_999, name: 'Keine', keycloakName: null, syncObjects: [] },
    });
    await row(page, 'E2E Gruppe').dblclick();
    // Deleting says which objects become ungrouped.
    await edit.getByRole('button', { name: 'Löschen' }).click();
    await expect(edit.getByRole('group', { name: 'Löschen bestätigen' })).toContainText(
      'Danach gehören diese Sync Objekte keiner Gruppe mehr an: Servergruppe Eventteam [teamspeak].',
    );
    await edit.getByRole('button', { name: 'Abbrechen' }).click();
    await deleteAfterSigningInAgain(page, 'Sync Gruppe bearbeiten', 'Sync Groups');
    await expect(page.getByText('Sync Gruppe wurde gelöscht')).toBeVisible();
    await expect(row(page, 'E2E Gruppe')).toHaveCount(0);
  });
});

test('the open tab is in the address: reload and back keep it', async ({ asRole }) => {
  const page = await asRole('admin');
  await page.goto(PATH);
  await expect(page.getByRole('tab', { name: 'Sync Groups' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Sync Objects' }).click();
  await expect(page).toHaveURL(/\?tab=objects$/);
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Sync Objects' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Sync Groups' }).click();
  await expect(page).toHaveURL(/\?tab=groups$/);
  await page.goBack();
  await expect(page).toHaveURL(/\?tab=objects$/);
  await expect(page.getByRole('tab', { name: 'Sync Objects' })).toHaveAttribute('aria-selected', 'true');
});
