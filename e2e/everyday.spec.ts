/**
 * Rough edges of the public pages and the Control Panel's frame: toplist names at 360 px, the terms'
 * table of contents, the active sidebar entry, and the not-found page for an unknown player.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { stubProcedures } from './trpc-stub';

const LONG = 'Maximilian_Schwarzenberger';
const rows = (names: string[]) => names.map((player, i) => ({ rank: i + 1, player, value: 100_000 - i }));
const TOPLIST = {
  top: {
    most_crimes: { player: LONG, value: 100 },
    most_prestige: { player: 'Leon_Zimmermann', value: 100 },
    most_login_streak: { player: 'Vanessa_Neumann', value: 100 },
  },
  tables: {
    most_crimes: rows([LONG, 'Leon_Zimmermann', 'Vanessa_Neumann']),
    most_prestige: rows(['Leon_Zimmermann', LONG]),
    most_login_streak: rows(['Vanessa_Neumann']),
    most_playtime: rows([LONG, 'Hannah_Kaiser']),
  },
};

/** Boxes of the visible text in each cell of a row (text nodes; screen-reader-only text left out). */
function textBoxes(page: Page, selector: string) {
  return page.locator(selector).evaluateAll((cells) =>
    cells.map((cell) => {
      const boxes: { left: number; right: number; lines: number }[] = [];
      const lineHeight = parseFloat(getComputedStyle(cell).lineHeight);
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!node.textContent?.trim() || !parent || parent.getBoundingClientRect().width <= 1) continue;
        if (!parent.checkVisibility()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const box = range.getBoundingClientRect();
        // A cell that clips its text: the visible part ends at the cell's edge.
        const clip = cell.getBoundingClientRect();
        boxes.push({
          left: box.left,
          right: Math.min(box.right, clip.right),
          lines: Math.round(box.height / lineHeight),
        });
      }
      return {
        text: cell.textContent,
        title: cell.getAttribute('title'),
        left: Math.min(...boxes.map((b) => b.left)),
        right: Math.max(...boxes.map((b) => b.right)),
        lines: Math.max(...boxes.map((b) => b.lines)),
      };
    }),
  );
}

test('at 360 px toplist names stay whole on one line, the value stacked under them, and headers keep apart', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await stubProcedures(page, { 'toplist.get': TOPLIST });
  await page.goto('/home');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Toplist', exact: true }).click();
  for (const name of [
    'Meisten Verbrechen',
    'Höchstes Prestige',
    'Höchster Loginstreak',
    'Meiste Spielzeit',
  ]) {
    const table = page.getByRole('table', { name });
    await expect(table.locator('tbody tr').first()).not.toHaveAttribute('data-testid', 'skeleton-row');
    await expect(table.getByRole('columnheader').first()).toHaveAccessibleName('Platzierung');
    const id = await table.getAttribute('aria-labelledby');
    const headers = await textBoxes(page, `table[aria-labelledby="${id}"] thead th`);
    for (let i = 1; i < headers.length; i++) {
      const [before, after] = [headers[i - 1]!, headers[i]!];
      expect(
        after.left - before.right,
        `${name}: "${before.text}" and "${after.text}" touch`,
      ).toBeGreaterThanOrEqual(8);
    }
    const names = await textBoxes(page, `table[aria-labelledby="${id}"] tbody td:nth-child(2)`);
    for (const cell of names) {
      expect(cell.lines, `${name}: "${cell.text}" breaks over lines`).toBe(1);
      expect(cell.text, `${name}: the full name of "${cell.title}"`).toContain(cell.title);
    }
    // Whole, not cut with "…": no name cell is wider inside than its box.
    const clipped = await table
      .locator('tbody td:nth-child(2)')
      .evaluateAll((cells) => cells.filter((cell) => cell.scrollWidth > cell.clientWidth).length);
    expect(clipped, `${name}: names cut`).toBe(0);
  }
  const top = page.getByRole('table', { name: 'Meisten Verbrechen' }).getByRole('row').nth(1);
  await expect(top).toContainText(LONG);
  await expect(top).toContainText('100.000');
  const card = page.getByText(LONG, { exact: true }).first();
  expect(await card.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
});

test('the terms of use open with a table of contents whose links reach their sections', async ({ page }) => {
  await page.goto('/termsOfUse');
  const contents = page.getByRole('navigation', { name: 'Inhalt' });
  await expect(contents).toBeVisible();
  const links = contents.getByRole('link');
  await expect(links.first()).toHaveText('Geltungsbereich und Betreiber');
  await expect(contents.getByRole('link', { name: 'Datenschutzerklärung', exact: true })).toBeVisible();
  const targets = await links.evaluateAll((anchors) =>
    anchors.map((a) => (a as HTMLAnchorElement).hash.slice(1)),
  );
  expect(targets.length).toBeGreaterThan(20);
  for (const target of targets) await expect(page.locator(`[id="${target}"]`)).toHaveCount(1);
  const cookies = 'Cookies und lokale Speicherung im Browser';
  await expect(page.getByRole('heading', { name: cookies })).not.toBeInViewport();
  await contents.getByRole('link', { name: cookies }).click();
  await expect(page).toHaveURL(/#cookies$/);
  await expect(page.getByRole('heading', { name: cookies })).toBeInViewport();
});

test('the sidebar marks the entry of every sub-page', async ({ asRole }) => {
  const page = await asRole('admin');
  const sidebar = page.getByRole('complementary').getByRole('navigation', { name: 'Control Panel' });
  const current = sidebar.locator('[aria-current="page"]');
  for (const [path, entry] of [
    ['/control-panel/user', 'Profil'],
    ['/control-panel/user/achievements', 'Profil'],
    ['/control-panel/user/vehicles', 'Profil'],
    ['/control-panel/user/sync/teamspeak', 'Synchronisation'],
    ['/control-panel/user/settings', 'Accounteinstellungen'],
    ['/control-panel/admin/server-manager/vehicle-manager', 'Server Management'],
    ['/control-panel/admin/audit-log', 'Audit-Log'],
  ] as const) {
    await page.goto(path);
    await expect(current, path).toHaveCount(1);
    await expect(current, path).toHaveText(entry);
  }
});

test('an unknown player gets the not-found page, not a player screen around it', async ({
  asRole,
  expectConsoleError,
}) => {
  expectConsoleError(/status of 404/);
  const page = await asRole('admin');
  await page.goto('/control-panel/user/00000000-0000-4000-8000-000000000000/achievements');
  await expect(page.getByRole('heading', { level: 1, name: 'Seite nicht gefunden' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByText('Du betrachtest aktuell ein anderes Profil')).toHaveCount(0);
});
