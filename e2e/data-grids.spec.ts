/**
 * The generic table as a data grid, in Chromium against the simulator's 212 vehicle types (ids
 * 400–611, fixed data the vehicle manager only edits): "Zu Seite" reaches page 11, a header sorts
 * ascending then descending, the search box finds a model, and page, sort and search live in the
 * address (reload and browser back keep them). The row's "Bearbeiten" stays visible at 1280 and
 * 360 px in the widest managers (sticky actions column). Nothing here writes.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const HUB = '/control-panel/admin/server-manager';
const VEHICLES = `${HUB}/vehicle-manager`;

/** The grid's part of the address, in a fixed order (the order of the parameters does not matter). */
function gridParams(page: Page) {
  const params = new URL(page.url()).searchParams;
  return Object.fromEntries(
    ['seite', 'suche', 'sortierung'].flatMap((name) => {
      const value = params.get(name);
      return value === null ? [] : [[name, value]];
    }),
  );
}

/** The text of a column in the first data row of the shown page. */
const firstRowCell = (page: Page, column: number) =>
  page.getByRole('row').nth(1).getByRole('cell').nth(column);

test('vehicles: jump to page 11, sort up and down, search; all of it in the address, through reload and back', async ({
  asRole,
}) => {
  const page = await asRole('admin');
  await page.goto(VEHICLES);
  await expect(page.getByRole('heading', { level: 1, name: 'Fahrzeuge verwalten' })).toBeVisible();
  await expect(page.getByText('212 Einträge')).toBeVisible();

  // Page 11 is beyond the ten page buttons: typed into "Zu Seite".
  const pager = page.getByRole('navigation', { name: 'Seiten' });
  await expect(pager.getByRole('button', { name: 'Seite 11', exact: true })).toHaveCount(0);
  await page.getByLabel('Zu Seite').fill('11');
  await page.getByRole('button', { name: 'Springen' }).click();
  await expect(page.getByRole('table', { name: 'Fahrzeuge verwalten, Seite 11 von 11' })).toBeVisible();
  expect(gridParams(page)).toEqual({ seite: '11' });
  await expect(pager.getByRole('button', { name: 'Seite 11', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(pager.getByRole('button', { name: 'Weiter' })).toBeDisabled();
  // 212 rows, 20 a page: the last page holds ids 600 to 611.
  await expect(page.getByRole('row')).toHaveCount(1 + 12);
  await expect(firstRowCell(page, 0)).toHaveText('600');
  await expect(page.getByRole('row').last().getByRole('cell').first()).toHaveText('611');

  // A header sorts ascending, its second click descending; a new order starts at page 1.
  const value = page.getByRole('columnheader', { name: 'Fahrzeugwert' });
  const model = 1; // "Modell" follows the id
  await expect(value).toHaveAttribute('aria-sort', 'none');
  await value.getByRole('button').click();
  await expect(value).toHaveAttribute('aria-sort', 'ascending');
  await expect(page).toHaveURL(/sortierung=vehvalue/);
  expect(gridParams(page)).toEqual({ sortierung: 'vehvalue' });
  await expect(page.getByRole('table', { name: 'Fahrzeuge verwalten, Seite 1 von 11' })).toBeVisible();
  await expect(firstRowCell(page, model)).toHaveText('Bike');
  await value.getByRole('button').click();
  await expect(value).toHaveAttribute('aria-sort', 'descending');
  await expect(page).toHaveURL(/sortierung=-vehvalue/);
  await expect(firstRowCell(page, model)).toHaveText('Andromada');
  await expect(page.getByRole('row').nth(1)).toContainText('80.000.000');

  // The search matches the cells as they read, the model names too.
  const search = page.getByRole('searchbox', { name: 'Suchen' });
  await search.fill('Infernus');
  await expect(page.getByRole('row')).toHaveCount(1 + 1);
  await expect(firstRowCell(page, 0)).toHaveText('411');
  await expect(page.getByRole('status').filter({ hasText: '1 Treffer' })).toBeAttached();
  expect(gridParams(page)).toEqual({ suche: 'Infernus', sortierung: '-vehvalue' });

  await page.reload();
  await expect(search).toHaveValue('Infernus');
  await expect(value).toHaveAttribute('aria-sort', 'descending');
  await expect(page.getByRole('row')).toHaveCount(1 + 1);
  await expect(firstRowCell(page, model)).toHaveText('Infernus');

  // Back walks through the steps: before the search, before the second click, the jump.
  await page.goBack();
  await expect(search).toHaveValue('');
  await expect(page.getByRole('row')).toHaveCount(1 + 20);
  await expect(value).toHaveAttribute('aria-sort', 'descending');
  await expect(firstRowCell(page, model)).toHaveText('Andromada');
  expect(gridParams(page)).toEqual({ sortierung: '-vehvalue' });
  await page.goBack();
  await expect(value).toHaveAttribute('aria-sort', 'ascending');
  await expect(firstRowCell(page, model)).toHaveText('Bike');
  await page.goBack();
  await expect(value).toHaveAttribute('aria-sort', 'none');
  await expect(page.getByRole('table', { name: 'Fahrzeuge verwalten, Seite 11 von 11' })).toBeVisible();
  await expect(firstRowCell(page, 0)).toHaveText('600');
  expect(gridParams(page)).toEqual({ seite: '11' });
});

for (const width of [1280, 360]) {
  test(`at ${width} px a row's "Bearbeiten" is on screen in the vehicle and skin managers`, async ({
    asRole,
  }) => {
    const page = await asRole('admin', { viewport: { width, height: 800 } });
    for (const [segment, entity] of [
      ['vehicle-manager', 'Fahrzeugtyp'],
      ['skin-manager', 'Skin'],
    ] as const) {
      await page.goto(`${HUB}/${segment}`);
      const row = page.getByRole('row').nth(1);
      const edit = row.getByRole('button', { name: new RegExp(`^${entity} \\d+ bearbeiten$`) });
      await expect(edit).toHaveText('Bearbeiten');
      // The table is wider than its frame, which shows its start: the first cell in view.
      await row.getByRole('cell').first().scrollIntoViewIfNeeded();
      const frame = await page.getByRole('table').evaluate((table) => {
        const scroller = table.parentElement!;
        return { scrolled: scroller.scrollLeft, hidden: scroller.scrollWidth - scroller.clientWidth };
      });
      expect(frame.scrolled, segment).toBe(0);
      expect(frame.hidden, `${segment}: the table fits, nothing to keep in view`).toBeGreaterThan(0);
      await expect(edit, segment).toBeInViewport({ ratio: 1 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth), segment).toBeLessThanOrEqual(
        width,
      );
    }
  });
}
