/**
 * History inside the editors and an honest undo (decision 105), in Chromium against the built stack:
 * an editor's "Verlauf" shows the row's changes and takes one back; a deleted row taken back is
 * created again and the message names its new number; a sync move (one save, two groups' records)
 * is taken back as one set from the half that gave the object up; a create's undo says that it
 * deletes, and a delete's question says what the undo can and cannot give back. axe finds nothing
 * serious in the Verlauf and the set's question, light or dark, at 360 px.
 */
import type { Page } from '@playwright/test';
import { expectNoSeriousAxe } from './axe';
import { expect, ownSession, signIn, test } from './fixtures';
import { mutate } from './mutate';
import { createRow, rowsNamed, WANTED, type WantedReason } from './wanted-reasons';

const LOG = '/control-panel/admin/audit-log';
const SYNC = '/control-panel/admin/sync-manager';

const uniqueName = (what: string) => `E2E-${what}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}`;

/** A tRPC query from inside the page, as the SPA sends it. */
function query<T>(page: Page, procedure: string, input?: unknown): Promise<T> {
  return page.evaluate(
    async ([name, body]) => {
      const search = body === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(body))}`;
      const response = await fetch(`/trpc/${name}${search}`, { headers: { 'x-csrf': '1' } });
      return ((await response.json()) as { result: { data: unknown } }).result.data;
    },
    [procedure, input] as const,
  ) as Promise<T>;
}

const logRow = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

async function setPoints(page: Page, row: WantedReason, points: number): Promise<WantedReason> {
  const { id, ...values } = row;
  const updated = await mutate(page, 'catalogue.wantedReasons.update', {
    id,
    values: { ...values, points },
    expected: row,
  });
  expect(updated.status).toBe(200);
  return { ...row, points };
}

test("an editor's Verlauf shows the row's changes and takes one back", async ({ asRole }) => {
  const page = await asRole('admin');
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(WANTED);
  const name = uniqueName('Verlauf');
  const row = await setPoints(page, await createRow(page, name), 5);

  await page.goto(`${WANTED}?bearbeiten=${row.id}`);
  const dialog = page.getByRole('dialog', { name: 'Wantedgrund bearbeiten' });
  await dialog.getByRole('tab', { name: 'Verlauf' }).click();
  const changed = dialog.getByRole('row').filter({ hasText: `Wantedgrund „${name}“ geändert` });
  await expect(changed).toContainText('Punkte: 2 → 5');
  await expect(dialog.getByRole('row').filter({ hasText: `Wantedgrund „${name}“ angelegt` })).toHaveCount(1);
  await changed.getByRole('button', { name: 'Änderungen anzeigen' }).click();
  await expect(dialog.getByRole('table', { name: 'Vorher und nachher' })).toContainText('Punkte');
  await expectNoSeriousAxe(page);

  await changed.getByRole('button', { name: `Wantedgrund „${name}“ geändert: rückgängig machen` }).click();
  const question = page.getByRole('alertdialog', { name: 'Änderung rückgängig machen?' });
  await expect(question).toContainText('Der frühere Stand wird wieder gespeichert.');
  await question.getByRole('button', { name: 'Rückgängig machen' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Die Änderung wurde rückgängig gemacht.')).toBeVisible();
  expect((await rowsNamed(name)).map((r) => r.points)).toEqual([2]);
});

test('a deleted row taken back is created again, and the message names its new number', async ({
  browser,
  expectConsoleError,
}) => {
  // A slow machine may pass the 30-second step-up window: the undo is then refused once (403).
  expectConsoleError(/status of 403 .*\/trpc\/audit\.undo/);
  const page = await ownSession(browser, 'admin');
  await page.goto(WANTED);
  const name = uniqueName('Neu');
  const row = await createRow(page, name);
  expect((await mutate(page, 'catalogue.wantedReasons.remove', { id: row.id, expected: row })).status).toBe(
    200,
  );

  await page.goto(`${LOG}?ziel=${encodeURIComponent(name)}`);
  const sentence = `Wantedgrund „${name}“ gelöscht`;
  await logRow(page, sentence)
    .getByRole('button', { name: `${sentence}: rückgängig machen` })
    .click();
  const question = page.getByRole('alertdialog', { name: 'Änderung rückgängig machen?' });
  await expect(question).toContainText(
    `„${name}“ wird mit dem früheren Stand neu angelegt – unter einer neuen Nummer: die alte Nr. ${row.id} wird nicht wieder vergeben`,
  );
  await question.getByRole('button', { name: 'Rückgängig machen' }).click();
  const why = page.getByRole('alertdialog', { name: 'Erneute Anmeldung nötig' });
  const done = page.getByText(/^Die Änderung wurde rückgängig gemacht: /);
  await expect(why.or(done)).toBeVisible();
  if (await why.isVisible()) {
    await why.getByRole('button', { name: 'Weiter zur Anmeldung' }).click();
    await signIn(page, 'admin');
    await question.getByRole('button', { name: 'Rückgängig machen' }).click();
  }
  const [recreated] = await rowsNamed(name);
  expect(recreated?.id).not.toBe(row.id);
  await expect(done).toHaveText(
    `Die Änderung wurde rückgängig gemacht: „${name}“ ist als Nr. ${recreated?.id} neu angelegt.`,
  );
  await page.context().close();
});

interface Group {
  id: number;
  name: string;
  syncObjects: { id: number }[];
}

test('a sync move is taken back as one set, from the half that gave the object up', async ({ asRole }) => {
  const page = await asRole('admin');
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(SYNC);
  const stem = uniqueName('Set');
  const object = await mutate(page, 'syncManager.objects.create', {
    values: {
      plattform: 'discord',
      externalId: `9${String(Date.now()).padStart(17, '0')}`,
      description: `${stem}-Rolle`,
    },
    idempotencyKey: crypto.randomUUID(),
  });
  expect(object.status).toBe(200);
  const objectId = (object.body.result?.data as { id: number }).id;
  const create = async (name: string, members: number[]) => {
    const created = await mutate(page, 'syncManager.groups.create', {
      values: { name, keycloakName: null, syncObjects: members.map((id) => ({ id })) },
      idempotencyKey: crypto.randomUUID(),
    });
    expect(created.status).toBe(200);
    return created.body.result?.data as Group;
  };
  const from = await create(`${stem}-Polizei`, [objectId]);
  const to = await create(`${stem}-Sanitäter`, []);
  // The move: "Sanitäter" saved with the object ticked takes it from "Polizei" (two records).
  const moved = await mutate(page, 'syncManager.groups.update', {
    id: to.id,
    values: { name: to.name, keycloakName: null, syncObjects: [{ id: objectId }] },
    expected: to,
  });
  expect(moved.status).toBe(200);

  await page.goto(`${LOG}?ziel=${encodeURIComponent(stem)}`);
  const gaveUp = logRow(page, `Sync Gruppe „${from.name}“ geändert`);
  await expect(gaveUp).toContainText(`Sync Objekte an „${to.name}“ abgegeben`);
  await gaveUp
    .getByRole('button', { name: `Sync Gruppe „${from.name}“ geändert: rückgängig machen` })
    .click();
  const question = page.getByRole('alertdialog', { name: 'Änderung rückgängig machen?' });
  await expect(question).toContainText('Diese Änderung gehört zu einer Verschiebung');
  await expect(question.getByRole('listitem')).toContainText(`Sync Gruppe „${to.name}“ geändert`);
  await expectNoSeriousAxe(page);
  await question.getByRole('button', { name: 'Alles rückgängig machen' }).click();
  await expect(question).toBeHidden();
  await expect(
    page.getByText(
      /^Die Änderung wurde rückgängig gemacht, zusammen mit der dazugehörigen Änderung \(Nr\. \d+\) in einem Schritt\.$/,
    ),
  ).toBeVisible();

  const groups = await query<Group[]>(page, 'syncManager.groups.list');
  const members = (id: number) => groups.find((g) => g.id === id)?.syncObjects.map((o) => o.id);
  expect(members(from.id)).toEqual([objectId]);
  expect(members(to.id)).toEqual([]);
});

test("a create's undo says that it deletes; a delete's question says what the undo gives back", async ({
  asRole,
}) => {
  const page = await asRole('admin');
  await page.goto(WANTED);
  const name = uniqueName('Anlegen');
  const row = await createRow(page, name);

  await page.goto(`${LOG}?ziel=${encodeURIComponent(name)}`);
  const sentence = `Wantedgrund „${name}“ angelegt`;
  const opener = logRow(page, sentence).getByRole('button', { name: `${sentence}: rückgängig machen` });
  await opener.click();
  const question = page.getByRole('alertdialog', { name: 'Änderung rückgängig machen?' });
  await expect(question).toContainText(`Dabei wird „${name}“ (Nr. ${row.id}) gelöscht.`);
  await question.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(opener).toBeFocused();

  await page.goto(`${WANTED}?bearbeiten=${row.id}`);
  const dialog = page.getByRole('dialog', { name: 'Wantedgrund bearbeiten' });
  await dialog.getByRole('button', { name: 'Löschen' }).click();
  const confirm = dialog.getByRole('group', { name: 'Löschen bestätigen' });
  await expect(confirm).toContainText(
    'Ein Admin kann das Löschen im Audit-Log rückgängig machen: dann wird der Eintrag mit denselben Angaben neu angelegt, aber unter einer neuen Nummer',
  );
  await expect(confirm).not.toContainText('kann nicht rückgängig gemacht werden');
  expect((await rowsNamed(name)).map((r) => r.id)).toEqual([row.id]);
});
