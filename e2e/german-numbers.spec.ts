/**
 * Numbers in the catalogue editors as German users type them (decision 088): "1.500" is fifteen
 * hundred, forms show thousands dots, pasted text that is no number is refused under its field
 * and nothing is sent, a save without a change sends nothing. Rows are the test's own.
 */
import { expect, test } from './fixtures';

const ACHIEVEMENTS = '/control-panel/admin/server-manager/achievement-manager';

test('"1.500" is saved as 1500, "abc" is refused under its field, an unchanged save sends nothing', async ({
  asRole,
}) => {
  const page = await asRole('admin');
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(ACHIEVEMENTS);
  await expect(page.getByRole('heading', { level: 1, name: 'Achievements verwalten' })).toBeVisible();
  const writes: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/trpc\/catalogue\.achievements\./.test(request.url()))
      writes.push(request.url());
  });

  await page.getByRole('button', { name: 'Achievement hinzufügen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Achievement hinzufügen' });
  const name = `E2E Sparfuchs ${Date.now()}`;
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Beschreibung').fill('Spart fünfzehnhundert Dollar');
  const money = dialog.getByLabel('Geld ($)');
  const paste = async (text: string) => {
    await page.evaluate((value) => navigator.clipboard.writeText(value), text);
    await money.focus();
    await money.press('ControlOrMeta+A');
    await money.press('ControlOrMeta+V');
  };

  await paste('abc');
  await expect(money).toHaveValue('abc');
  await expect(dialog.getByText('Bitte gib eine ganze Zahl ein, zum Beispiel 1.500.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Hinzufügen' }).click();
  await expect(money).toHaveAttribute('aria-invalid', 'true');
  expect(writes).toEqual([]);

  await paste('1.500');
  await expect(dialog.getByText('Bitte gib eine ganze Zahl ein, zum Beispiel 1.500.')).toHaveCount(0);
  await dialog.getByLabel('Erfahrung').fill('2000');
  await dialog.getByLabel('Erfahrung').blur();
  await expect(dialog.getByLabel('Erfahrung')).toHaveValue('2.000');
  await dialog.getByRole('button', { name: 'Hinzufügen' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Achievement erfolgreich erstellt')).toBeVisible();

  // The grid shows the new row's values the German way; the editor too.
  await page.getByLabel('Suchen').fill(name);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('1.500');
  await expect(row).toContainText('2.000');
  await row.getByRole('button', { name: /bearbeiten$/ }).click();
  const edit = page.getByRole('dialog', { name: 'Achievement bearbeiten' });
  await expect(edit.getByLabel('Geld ($)')).toHaveValue('1.500');

  const before = writes.length;
  await edit.getByRole('button', { name: 'Speichern' }).click();
  await expect(edit.getByText('Keine Änderung: Der Eintrag ist bereits so gespeichert.')).toBeVisible();
  expect(writes.length).toBe(before);
});
