/**
 * Every code a name, and small screens (decision 093): the vehicle editor and a player's vehicle
 * by the model's name, codes picked by name; a created row shown where it lands; at 360 px the
 * conflict dialog and the audit's before/after without clipping or split words; the audit
 * filter's date presets and a keyword that finds what the row shows. axe in both themes.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoSeriousAxe } from './axe';
import { mutate } from './mutate';
import { createRow, WANTED } from './wanted-reasons';

const VEHICLES = '/control-panel/admin/server-manager/vehicle-manager';
const ACHIEVEMENTS = '/control-panel/admin/server-manager/achievement-manager';
const LOG = '/control-panel/admin/audit-log';
const scale = Number(process.env.E2E_TIMEOUT_SCALE ?? 1);

/** Words of the visible text inside `selector` that the layout split over two lines. */
function splitWords(page: Page, selector: string) {
  return page.locator(selector).evaluateAll((elements) => {
    const split: string[] = [];
    for (const element of elements) {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const lines = new Set(Array.from(range.getClientRects(), (rect: DOMRect) => Math.round(rect.top)));
          if (lines.size > 1) split.push(match[0]);
        }
      }
    }
    return split;
  });
}

test('the vehicle editor names the model and its codes; a player sees the vehicle by its model', async ({
  asRole,
}) => {
  const admin = await asRole('admin');
  await admin.goto(VEHICLES);
  await admin.getByLabel('Suchen').fill('Infernus');
  await admin.getByRole('button', { name: 'Fahrzeugtyp 411 bearbeiten' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Fahrzeugtyp bearbeiten' });
  await expect(dialog.getByText('Infernus', { exact: true })).toBeVisible();
  await expect(dialog.getByLabel('Fahrzeugart').locator('option:checked')).toHaveText('Pkw');
  await expect(dialog.getByLabel('Tankklasse').locator('option:checked')).toHaveText('Benzin');
  await expect(dialog.getByLabel('Gasantrieb').locator('option:checked')).toHaveText('Nein');
  await expect(dialog.getByLabel('Motorstart (Sekunden)')).toHaveValue('1');
  await expectNoSeriousAxe(admin);

  const player = await asRole('spieler');
  await player.goto('/control-panel/user/vehicles');
  await player.getByRole('list', { name: 'Fahrzeuge' }).getByRole('link').first().click();
  await expect(player.getByRole('heading', { level: 1, name: 'Fahrzeugdetails' })).toBeVisible();
  const type = player.locator('dt', { hasText: /^Fahrzeugtyp$/ }).locator('+ dd');
  await expect(type).toHaveText(/^[A-Z][A-Za-z .()-]+$/);
  await expect(player.getByRole('main')).not.toContainText('#');
  await expect(player.locator('dt', { hasText: /^Fahrzeugart$/ }).locator('+ dd')).toHaveText(
    /^(Pkw|Motorrad|Nutzfahrzeug|Boot|Fahrrad)$/,
  );
});

test('a created row is shown on its page and marked', async ({ asRole }) => {
  const page = await asRole('admin');
  await page.goto(WANTED);
  await page.getByRole('button', { name: 'Wantedgrund hinzufügen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Wantedgrund hinzufügen' });
  const name = `E2E Neu ${Date.now()}`;
  await dialog.getByLabel('Grund', { exact: true }).fill(name);
  await dialog.getByLabel('Punkte').fill('2');
  await dialog.getByRole('button', { name: 'Hinzufügen' }).click();
  await expect(page.getByText('Wantedgrund erfolgreich erstellt')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row).toHaveAttribute('aria-current', 'true');
  await expect(row).toBeInViewport();
  await expect(page).toHaveURL(/[?&]seite=\d+/);
});

test('at 360 px the conflict dialog shows "Deine Eingabe" whole, and the audit details split no word', async ({
  asRole,
  expectConsoleError,
}) => {
  test.setTimeout(240_000 * scale);
  expectConsoleError(/status of 409/);
  const viewport = { width: 360, height: 740 };
  const anna = await asRole('admin', { viewport });
  const bernd = await asRole('admin', { viewport });
  const name = `E2E Führerschein bestanden ${Date.now()}`;
  await anna.goto(WANTED);
  const row = await createRow(anna, name);
  const open = async (page: Page) => {
    await page.goto(`${WANTED}?suche=${encodeURIComponent(name)}`);
    await page.getByRole('button', { name: `Wantedgrund ${row.id} bearbeiten` }).click();
    const dialog = page.getByRole('dialog', { name: 'Wantedgrund bearbeiten' });
    await expect(dialog.getByLabel('Grund', { exact: true })).toHaveValue(name);
    return dialog;
  };
  const annas = await open(anna);
  const bernds = await open(bernd);
  await annas.getByLabel('Grund', { exact: true }).fill(`${name} Prüfung`);
  await annas.getByRole('button', { name: 'Speichern' }).click();
  await expect(anna.getByText('Wantedgrund erfolgreich aktualisiert')).toBeVisible();
  await bernds.getByLabel('Punkte').fill('5');
  await bernds.getByLabel('Grund', { exact: true }).fill(`${name} Wiederholung`);
  await bernds.getByRole('button', { name: 'Speichern' }).click();

  const conflict = bernd.getByRole('alertdialog', { name: 'Eintrag wurde inzwischen geändert' });
  const mine = conflict.getByRole('cell', { name: `Deine Eingabe: ${name} Wiederholung` });
  await expect(mine).toBeVisible();
  const box = await conflict.boundingBox();
  const cells = await conflict.getByRole('cell').evaluateAll((elements) =>
    elements.map((element) => {
      const rect = element.getBoundingClientRect();
      return { left: rect.left, right: rect.right, clipped: element.scrollWidth > element.clientWidth };
    }),
  );
  for (const cell of cells) {
    expect(cell.clipped).toBe(false);
    expect(cell.left).toBeGreaterThanOrEqual(box?.x ?? 0);
    expect(cell.right).toBeLessThanOrEqual((box?.x ?? 0) + (box?.width ?? 0) + 0.5);
  }
  expect(await bernd.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  expect(await splitWords(bernd, '[role="alertdialog"] td')).toEqual([]);
  await expectNoSeriousAxe(bernd);

  await anna.goto(`${LOG}?ziel=${encodeURIComponent(`${name} Prüfung`)}`);
  const entry = anna.getByRole('row').filter({ hasText: 'geändert' }).first();
  await entry.getByRole('button', { name: 'Änderungen anzeigen' }).click();
  const details = anna.getByRole('table', { name: 'Vorher und nachher' });
  await expect(details.getByRole('cell', { name: `Nachher: ${name} Prüfung` })).toBeVisible();
  expect(await splitWords(anna, 'tr[id] td')).toEqual([]);
  expect(
    await details.evaluate(
      (table) =>
        Array.from(table.querySelectorAll<HTMLElement>('td')).filter(
          (td: HTMLElement) => td.scrollWidth > td.clientWidth,
        ).length,
    ),
  ).toBe(0);
  expect(await anna.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoSeriousAxe(anna);
});

test('"Heute" shows today\'s changes, "Gestern" not; the keyword "Geld" and "1.200" find a money change', async ({
  asRole,
}) => {
  const page = await asRole('admin');
  await page.goto(ACHIEVEMENTS);
  const name = `E2E Goldsucher ${Date.now()}`;
  const created = await mutate(page, 'catalogue.achievements.create', {
    values: { name, description: 'Findet Gold', exp: 10, money: 200 },
  });
  const row = created.body.result?.data as {
    id: number;
    name: string;
    description: string;
    exp: number;
    money: number;
  };
  const updated = await mutate(page, 'catalogue.achievements.update', {
    id: row.id,
    values: { name, description: 'Findet Gold', exp: 10, money: 1200 },
    expected: row,
  });
  expect(updated.status).toBe(200);

  await page.goto(LOG);
  await page.getByLabel('Ziel oder Stichwort').fill('Geld');
  await page.getByRole('button', { name: 'Filtern' }).click();
  const sentence = `Achievement „${name}“ geändert`;
  await expect(page.getByRole('row').filter({ hasText: sentence })).toContainText('Geld: 200 $ → 1.200 $');
  await page.getByLabel('Ziel oder Stichwort').fill(`1.200 ${name}`);
  await page.getByRole('button', { name: 'Filtern' }).click();
  await expect(page.getByRole('row').filter({ hasText: sentence })).toHaveCount(1);

  await page.getByLabel('Ziel oder Stichwort').fill(name);
  await page.getByRole('button', { name: 'Heute' }).click();
  const today = await page.evaluate(() => {
    const now = new Date();
    const two = (n: number) => String(n).padStart(2, '0');
    return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}T00:00`;
  });
  await expect(page).toHaveURL(new RegExp(`von=${encodeURIComponent(today)}`));
  await expect(page.getByLabel('Von')).toHaveValue(today);
  await expect(page.getByRole('row').filter({ hasText: sentence })).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Heute' })).toBeFocused();
  await page.getByRole('button', { name: 'Gestern' }).click();
  await expect(page.getByText('Keine Einträge für diese Filter.')).toBeVisible();
  await expect(page.getByLabel('Bis')).toHaveValue(/T23:59:59$/);
  await page.getByRole('button', { name: '7 Tage' }).click();
  await expect(page.getByRole('row').filter({ hasText: sentence })).toHaveCount(1);
  await expectNoSeriousAxe(page);
});
