/**
 * The one write dialog (decision 045) as a keyboard user meets it: the focus goes back to what
 * opened a dialog after every way of closing it, for each kind of dialog (catalogue, sync object,
 * sync group); a delete that needs a fresh sign-in says why first and can be cancelled; a
 * double-clicked create makes one row. Otherwise only dialogs are opened and closed here, and a row
 * saved unchanged (which sends nothing, decision 088): nothing other tests look at changes.
 */
import { expect, test } from './fixtures';
import { waitForStepUpWindow } from './mutate';

const RADIOS = '/control-panel/admin/server-manager/radio-manager';
const SYNC = '/control-panel/admin/sync-manager';

test('catalogue dialogs give the focus back after Escape, ✕, a double click and an unchanged save', async ({
  asRole,
}) => {
  const page = await asRole('admin');
  await page.goto(RADIOS);
  await expect(page.getByRole('heading', { level: 1, name: 'Radiosender verwalten' })).toBeVisible();

  const add = page.getByRole('button', { name: 'Radiosender hinzufügen' });
  await add.click();
  const create = page.getByRole('dialog', { name: 'Radiosender hinzufügen' });
  await expect(create).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(create).toBeHidden();
  await expect(add).toBeFocused();

  const first = page.getByRole('row').nth(1);
  const id = (await first.getByRole('cell').first().textContent()) ?? '';
  const rowButton = first.getByRole('button', { name: `Radiosender ${id} bearbeiten` });
  const edit = page.getByRole('dialog', { name: 'Radiosender bearbeiten' });
  await rowButton.focus();
  await page.keyboard.press('Enter');
  await expect(edit).toBeVisible();
  await edit.getByRole('button', { name: 'Schließen' }).click();
  await expect(edit).toBeHidden();
  await expect(rowButton).toBeFocused();

  // A double click focuses nothing; the row's own button takes the focus afterwards.
  await first.getByRole('cell').nth(1).dblclick();
  await expect(edit).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(rowButton).toBeFocused();

  // Saving without a change sends nothing and says so; the dialog stays until it is closed.
  await rowButton.click();
  await edit.getByRole('button', { name: 'Speichern' }).click();
  await expect(edit.getByText('Keine Änderung: Der Eintrag ist bereits so gespeichert.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(edit).toBeHidden();
  await expect(rowButton).toBeFocused();
});

test('sync object and sync group dialogs give the focus back', async ({ asRole }) => {
  const page = await asRole('admin');
  await page.goto(SYNC);
  await page.getByRole('tab', { name: 'Sync Objects' }).click();
  const objectButton = page.getByRole('button', { name: 'Sync Objekt Servergruppe Supporter bearbeiten' });
  await objectButton.click();
  const object = page.getByRole('dialog', { name: 'Sync Objekt bearbeiten' });
  await expect(object).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(object).toBeHidden();
  await expect(objectButton).toBeFocused();

  await page.getByRole('tab', { name: 'Sync Groups' }).click();
  const add = page.getByRole('button', { name: 'Neue Sync Gruppe hinzufügen' });
  await add.click();
  const group = page.getByRole('dialog', { name: 'Neue Sync Gruppe hinzufügen' });
  await expect(group).toBeVisible();
  await group.getByRole('button', { name: 'Schließen' }).click();
  await expect(group).toBeHidden();
  await expect(add).toBeFocused();
});

test('a delete that needs a fresh sign-in says why first; "Abbrechen" stays on the page', async ({
  asRole,
  expectConsoleError,
}) => {
  expectConsoleError(/status of 40[34] .*\/trpc\/catalogue\.serverRadios\.remove/);
  const page = await asRole('admin');
  await page.goto(RADIOS);
  await waitForStepUpWindow(page, 'catalogue.serverRadios.remove', {
    id: 999_999,
    expected: { id: 999_999, name: 'Keiner', url: 'https://radio.example/x.mp3', color: '#000000' },
  });
  const first = page.getByRole('row').nth(1);
  await first.getByRole('button', { name: /^Radiosender \d+ bearbeiten$/ }).click();
  const edit = page.getByRole('dialog', { name: 'Radiosender bearbeiten' });
  await edit.getByRole('button', { name: 'Löschen' }).click();
  await edit.getByRole('button', { name: 'Endgültig löschen' }).click();

  const why = page.getByRole('alertdialog', { name: 'Erneute Anmeldung nötig' });
  await expect(why).toContainText('Zum Löschen bestätige bitte noch einmal dein Passwort.');
  await expect(why.getByRole('button', { name: 'Weiter zur Anmeldung' })).toBeVisible();
  await expect(why.getByRole('button', { name: 'Abbrechen' })).toBeFocused();
  await why.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(why).toBeHidden();
  await expect(edit.getByRole('button', { name: 'Löschen' })).toBeFocused();
  expect(new URL(page.url()).pathname).toBe(RADIOS);
});

test('a double-clicked create makes one row', async ({ asRole }) => {
  const page = await asRole('admin');
  const name = `E2E Doppelklick ${Date.now()}`;
  await page.goto('/control-panel/admin/server-manager/wanted-manager');
  await page.getByRole('button', { name: 'Wantedgrund hinzufügen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Wantedgrund hinzufügen' });
  await dialog.getByLabel('Grund', { exact: true }).fill(name);
  await dialog.getByLabel('Punkte').fill('2');
  await dialog.getByRole('button', { name: 'Hinzufügen' }).dblclick();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Wantedgrund erfolgreich erstellt')).toBeVisible();
  await page.goto('/control-panel/admin/server-manager/wanted-manager?seite=999');
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(1);
});
