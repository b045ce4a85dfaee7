/**
 * People by the names everyone knows (decision 099), in Chromium against the built stack: the
 * conflict dialog says who changed the row by the in-game name ("Admin_Nova hat diesen Eintrag …"),
 * the audit row shows the in-game name with the login name beside it, and the person filter finds the
 * records by part of the in-game name; "Aufbewahren" sets a legal hold with a reason (decision 100).
 * An erasure request done on "Datenschutzanfragen" forgets the person: the audit log names them
 * "gelöschte Person (Nr. …)" and the person filter no longer finds their name.
 */
import { DEMO_IDP_ONLY_ACCOUNTS } from '@nova/demo';
import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';
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
  await conflict.getByRole('button', { name: 'Neu laden' }).click();
  await expect(conflict).toHaveCount(0);

  // The audit row: the in-game name, the login name beside it; found by part of the in-game name.
  await second.goto('/control-panel/admin/audit-log');
  await second.getByRole('textbox', { name: 'Person' }).fill('Nova');
  await second.getByRole('textbox', { name: 'Ziel oder Stichwort' }).fill(name);
  await second.getByRole('button', { name: 'Filtern' }).click();
  const changed = second.getByRole('row').filter({ hasText: `Wantedgrund „${name}“ geändert` });
  await expect(changed).toHaveCount(1);
  await expect(changed).toContainText('Admin_Nova');
  await expect(changed).toContainText('Anmeldename: admin');

  // A legal hold on the record, with its reason, shown when the dialog opens again. The focus goes
  // into the question (its code a chunk of its own) and back to the button, after Escape and after
  // the hold.
  const holdButton = changed.getByRole('button', { name: `Wantedgrund „${name}“ geändert: aufbewahren` });
  await holdButton.click();
  const hold = second.getByRole('alertdialog', { name: 'Eintrag aufbewahren (Legal Hold)' });
  await expect(hold.getByRole('button', { name: 'Schließen' })).toBeFocused();
  await second.keyboard.press('Escape');
  await expect(hold).toBeHidden();
  await expect(holdButton).toBeFocused();
  await holdButton.click();
  await expect(hold).toContainText('Für diesen Eintrag besteht keine Aufbewahrung.');
  await hold.getByRole('textbox', { name: 'Grund' }).fill('Bann-Streit, Ticket 123');
  await hold.getByRole('button', { name: 'Aufbewahren' }).click();
  await expect(
    second.getByText('Die Aufbewahrung ist angeordnet: die Person wird nicht gelöscht, solange sie besteht.'),
  ).toBeVisible();
  await expect(holdButton).toBeFocused();
  await holdButton.click();
  await expect(hold).toContainText('„Bann-Streit, Ticket 123“');
  await hold.getByRole('textbox', { name: 'Grund' }).fill('Streit beigelegt');
  await hold.getByRole('button', { name: 'Aufbewahrung aufheben' }).click();
  await expect(second.getByText('Die Aufbewahrung ist aufgehoben.')).toBeVisible();
});

test('an erasure request done by the operator: the audit log names the player "gelöschte Person (Nr. …)"', async ({
  asRole,
  browser,
}) => {
  test.setTimeout(scaled(240_000));
  // Its own account (the simulator's Vera_Verborgen): ending its sessions touches no other test.
  const { username, password } = DEMO_IDP_ONLY_ACCOUNTS.loeschen;
  const context = await browser.newContext({ locale: 'de-DE', timezoneId: 'Europe/Berlin' });
  const player = await context.newPage();
  await player.goto('/auth/login?returnTo=/control-panel/user/settings');
  await signIn(player, username, password);
  const myData = player.getByRole('region', { name: 'Meine Daten' });
  await myData.getByRole('button', { name: 'Löschung beantragen' }).click();
  await expect(
    myData.getByText('Deine Anfrage ist eingegangen. Wir antworten innerhalb eines Monats.'),
  ).toBeVisible();

  // Before: the person filter finds the player by part of the in-game name.
  const admin = await asRole('admin');
  await admin.goto('/control-panel/admin/audit-log');
  await admin.getByRole('textbox', { name: 'Person' }).fill('Verborgen');
  await admin.getByRole('button', { name: 'Filtern' }).click();
  await expect(admin.getByRole('row').filter({ hasText: 'Vera_Verborgen' }).first()).toBeVisible();

  // The operator erases: the request lists what was done, the player now a number.
  await admin.goto('/control-panel/admin/privacy-requests');
  const request = admin.getByRole('article', { name: `Löschung von ${username}` }).first();
  await request.getByRole('button', { name: 'In Bearbeitung nehmen' }).click();
  await request.getByRole('button', { name: 'Löschen und erledigen' }).click();
  await expect(request.getByText('erledigt', { exact: true })).toBeVisible({ timeout: scaled(30_000) });
  const done = request.getByText(/^Gelöscht: /);
  await expect(done).toContainText('1 Sitzung(en) beendet');
  const pseudonym = /gelöschte Person \(Nr\. (\d+)\)/.exec((await done.textContent()) ?? '')?.[0];
  expect(pseudonym).toBeDefined();
  await expect(request.getByText('Von Hand in der Spieldatenbank zu löschen:')).toBeVisible();

  // After: the name finds nothing; the number finds the player's records, named by the pseudonym.
  await admin.goto('/control-panel/admin/audit-log');
  await admin.getByRole('textbox', { name: 'Person' }).fill('Verborgen');
  await admin.getByRole('button', { name: 'Filtern' }).click();
  await expect(admin.getByText('Keine Einträge für diese Filter.')).toBeVisible();
  await admin.getByRole('textbox', { name: 'Person' }).fill(pseudonym ?? '');
  await admin.getByRole('button', { name: 'Filtern' }).click();
  const rows = admin.getByRole('row').filter({ hasText: pseudonym ?? '' });
  await expect(rows.first()).toBeVisible();
  await expect(admin.getByRole('row').filter({ hasText: 'Vera_Verborgen' })).toHaveCount(0);
  await context.close();
});
