/**
 * Writes you can trust, in Chromium against the built stack: two admins editing one row (the second
 * gets the conflict dialog, the first one's change stays, "Trotzdem speichern" overwrites, the game
 * API holds the overwrite and the Audit-Log shows it); a create whose answer comes too late is read
 * back and reported as saved, once.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { scaled } from './stack';
import { createRow, rowsNamed, WANTED } from './wanted-reasons';

/** Opens the edit dialog of the row with this name (new rows are on the last page). */
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

test('two admins edit one row: the second gets the conflict, keeps the first change or overwrites it, audited', async ({
  asRole,
  expectConsoleError,
}) => {
  test.setTimeout(scaled(240_000));
  expectConsoleError(/status of 409/);
  const anna = await asRole('admin');
  const bernd = await asRole('admin');
  const name = `E2E Konflikt ${Date.now()}`;
  await anna.goto(WANTED);
  await createRow(anna, name);

  const annasDialog = await openRow(anna, name);
  const berndsDialog = await openRow(bernd, name);
  await annasDialog.getByLabel('Punkte').fill('3');
  await annasDialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(anna.getByText('Wantedgrund erfolgreich aktualisiert')).toBeVisible();

  await berndsDialog.getByLabel('Punkte').fill('5');
  await berndsDialog.getByRole('button', { name: 'Speichern' }).click();
  const conflict = bernd.getByRole('alertdialog', { name: 'Eintrag wurde inzwischen geändert' });
  await expect(conflict).toContainText('hat diesen Eintrag am');
  const points = conflict.getByRole('row').filter({ hasText: 'Punkte' });
  await expect(points.getByRole('cell')).toHaveText(['2', '3', '5']);
  // Nothing was overwritten: Anna's change is what the game API holds.
  expect((await rowsNamed(name)).map((r) => r.points)).toEqual([3]);

  await conflict.getByRole('button', { name: 'Trotzdem speichern' }).click();
  await expect(berndsDialog).toBeHidden();
  await expect(bernd.getByText('Wantedgrund erfolgreich aktualisiert')).toBeVisible();
  expect((await rowsNamed(name)).map((r) => r.points)).toEqual([5]);

  // The Audit-Log names the overwrite.
  await bernd.goto('/control-panel/admin/audit-log');
  await bernd.getByRole('combobox', { name: 'Art', exact: true }).selectOption('Geändert');
  await bernd.getByRole('textbox', { name: 'Ziel oder Stichwort' }).fill(name);
  await bernd.getByRole('button', { name: 'Filtern' }).click();
  const changes = bernd.getByRole('row').filter({ hasText: `Wantedgrund „${name}“ geändert` });
  await expect(changes).toHaveCount(2);
  await expect(changes.filter({ hasText: 'Trotzdem gespeichert (Überschreiben)' })).toHaveCount(1);
});

test('a create answered too late is read back: the dialog says it was saved, and there is one row', async ({
  asRole,
  expectConsoleError,
}) => {
  expectConsoleError(/status of 504/);
  const page = await asRole('admin');
  // The simulator answers writes holding "[spät]" after the BFF stopped waiting for them.
  const name = `E2E spät ${Date.now()} [spät]`;
  await page.goto(WANTED);
  await page.getByRole('button', { name: 'Wantedgrund hinzufügen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Wantedgrund hinzufügen' });
  await dialog.getByLabel('Grund', { exact: true }).fill(name);
  await dialog.getByLabel('Punkte').fill('2');
  await dialog.getByRole('button', { name: 'Hinzufügen' }).click();
  await expect(dialog).toBeHidden({ timeout: scaled(30_000) });
  await expect(page.getByText('Die Änderung wurde gespeichert.')).toBeVisible();
  expect(await rowsNamed(name)).toHaveLength(1);

  await page.goto('/control-panel/admin/audit-log');
  await page.getByRole('combobox', { name: 'Ergebnis', exact: true }).selectOption('Unbekannt');
  await page.getByRole('textbox', { name: 'Ziel oder Stichwort' }).fill(name);
  await page.getByRole('button', { name: 'Filtern' }).click();
  const record = page.getByRole('row').filter({ hasText: 'nachgelesen: gespeichert' });
  await expect(record).toHaveCount(1);
  await expect(record).toContainText(name);
});
