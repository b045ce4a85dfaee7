/**
 * People by the names everyone knows (decision 099), in Chromium against the built stack: the
 * conflict dialog says who changed the row by the in-game name ("Admin_Nova hat diesen Eintrag …"),
 * the audit row shows the in-game name with the login name beside it, and the person filter finds the
 * records by part of the in-game name; "Aufbewahren" sets a legal hold with a reason (decision 100).
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { scaled } from './stack';
import { createRow, WANTED } from './wanted-reasons';

async function openRow(page: Page, name: string) {
  await page.goto(`${WANTED}?seite=999`);
  await page
    .getByRole('row')
    .filter({ hasText: name })
    .getByRole('button', { name: /^Wantedgrund \d+ bearbeiten$/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Wantedgrund bearbeiten' });
  await expect(dialog.getByLabel('Grund', { exact: true })).toHaveValue(name);
  return dialog;
}

test('display names: the conflict dialog and the audit row name Admin_Nova, the person filter finds "Nova"', async ({
  asRole,
  expectConsoleError,
}) => {
  test.setTimeout(scaled(240_000));
  expectConsoleError(/status of 409/);
  const first = await asRole('admin');
  const second = await asRole('admin');
  const name = `E2E Person ${Date.now()}`;
  await first.goto(WANTED);
  await createRow(first, name);

  const firstDialog = await openRow(first, name);
  const secondDialog = await openRow(second, name);
  await firstDialog.getByLabel('Punkte').fill('3');
  await firstDialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(first.getByText('Wantedgrund erfolgreich aktualisiert')).toBeVisible();
  await secondDialog.getByLabel('Punkte').fill('5');
  await secondDialog.getByRole('button', { name: 'Speichern' }).click();
  const conflict = second.getByRole('alertdialog', { name: 'Eintrag wurde inzwischen geändert' });
  await expect(conflict).toContainText('Admin_Nova hat diesen Eintrag am');
  await conflict.getByRole('button', { name: 'Abbrechen' }).click();

  // The audit row: the in-game name, the login name beside it; found by part of the in-game name.
  await second.goto('/control-panel/admin/audit-log');
  await second.getByRole('textbox', { name: 'Person' }).fill('Nova');
  await second.getByRole('textbox', { name: 'Ziel oder Stichwort' }).fill(name);
  await second.getByRole('button', { name: 'Filtern' }).click();
  const changed = second.getByRole('row').filter({ hasText: `Wantedgrund „${name}“ geändert` });
  await expect(changed).toHaveCount(1);
  await expect(changed).toContainText('Admin_Nova');
  await expect(changed).toContainText('Anmeldename: admin');

  // A legal hold on the record, with its reason, shown when the dialog opens again.
  await changed.getByRole('button', { name: `Wantedgrund „${name}“ geändert: aufbewahren` }).click();
  const hold = second.getByRole('alertdialog', { name: 'Eintrag aufbewahren (Legal Hold)' });
  await expect(hold).toContainText('Für diesen Eintrag besteht keine Aufbewahrung.');
  await hold.getByRole('textbox', { name: 'Grund' }).fill('Bann-Streit, Ticket 123');
  await hold.getByRole('button', { name: 'Aufbewahren' }).click();
  await expect(
    second.getByText('Die Aufbewahrung ist angeordnet: die Person wird nicht gelöscht, solange sie besteht.'),
  ).toBeVisible();
  await changed.getByRole('button', { name: `Wantedgrund „${name}“ geändert: aufbewahren` }).click();
  await expect(hold).toContainText('„Bann-Streit, Ticket 123“');
  await hold.getByRole('textbox', { name: 'Grund' }).fill('Streit beigelegt');
  await hold.getByRole('button', { name: 'Aufbewahrung aufheben' }).click();
  await expect(second.getByText('Die Aufbewahrung ist aufgehoben.')).toBeVisible();
});
