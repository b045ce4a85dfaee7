/** The toplist's own rows, the iCal feed link, and pages that fit a 360 px screen. */
import { expect, test } from './fixtures';
import { stubProcedures } from './trpc-stub';

/** A toplist in which the demo player "spieler" (Jonas_Weber) holds two places. */
const rows = (names: string[]) => names.map((player, i) => ({ rank: i + 1, player, value: 100 - i }));
const TOPLIST = {
  top: {
    most_crimes: { player: 'Jonas_Weber', value: 100 },
    most_prestige: { player: 'Lena_Hoffmann', value: 100 },
    most_login_streak: { player: 'Mehmet_Yilmaz', value: 100 },
  },
  tables: {
    most_crimes: rows(['Jonas_Weber', 'Lena_Hoffmann']),
    most_prestige: rows(['Lena_Hoffmann', 'Mehmet_Yilmaz']),
    most_login_streak: rows(['Mehmet_Yilmaz', 'Lena_Hoffmann', 'Jonas_Weber']),
    most_playtime: rows(['Sophie_Krause']),
  },
};

test('the signed-in player sees his own toplist rows highlighted, a visitor none', async ({
  page,
  asRole,
}) => {
  // The toplist opened inside the SPA asks the BFF (opened from its address, the data is in the
  // HTML, decision 036): that request gets the list above.
  const openToplist = async (target: typeof page) => {
    await target.goto('/home');
    await target.getByRole('contentinfo').getByRole('link', { name: 'Toplist', exact: true }).click();
  };
  const player = await asRole('spieler');
  await stubProcedures(player, { 'toplist.get': TOPLIST });
  await openToplist(player);
  const own = player.locator('tr[data-own]');
  await expect(own).toHaveCount(2);
  await expect(own.nth(0)).toContainText('Jonas_Weber');
  await expect(own.nth(1)).toContainText('Jonas_Weber');
  await expect(player.locator('tbody tr', { hasText: 'Lena_Hoffmann' }).first()).not.toHaveAttribute(
    'data-own',
  );

  await stubProcedures(page, { 'toplist.get': TOPLIST });
  await openToplist(page);
  await expect(page.locator('tbody tr', { hasText: 'Jonas_Weber' })).toHaveCount(2);
  await expect(page.locator('tr[data-own]')).toHaveCount(0);
});

test('own toplist rows are found by the in-game name of the game profile as well', async ({ asRole }) => {
  const player = await asRole('spieler');
  // A game API whose in-game name differs from the identity provider's names (spieler, Jonas_Weber).
  const inGame = {
    ...TOPLIST,
    tables: { ...TOPLIST.tables, most_crimes: rows(['Lena_Hoffmann', 'JW_Ingame', 'Mehmet_Yilmaz']) },
  };
  await stubProcedures(player, { 'toplist.get': inGame, 'player.profile': { username: 'JW_Ingame' } });
  await player.goto('/home');
  await player.getByRole('contentinfo').getByRole('link', { name: 'Toplist', exact: true }).click();
  const own = player.getByRole('table', { name: 'Meisten Verbrechen' }).locator('tr[data-own]');
  await expect(own).toHaveCount(1);
  await expect(own).toContainText('JW_Ingame');
});

test('"Kalender abonnieren" links the iCal feed as webcal: and offers its https address to copy', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/calendar');
  const address = `${baseURL}/calendar.ics`;
  const link = page.getByRole('link', { name: 'Kalender abonnieren' });
  await expect(link).toHaveAttribute('href', address.replace(/^http:/, 'webcal:'));
  await expect(page.getByLabel('Adresse des Kalenders')).toHaveValue(address);
  await page.getByRole('button', { name: 'Kopieren' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Adresse in die Zwischenablage kopiert.' }),
  ).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);

  const feed = await request.get('/calendar.ics');
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  expect(feed.headers().etag).toBeTruthy();
  const body = await feed.text();
  expect(body).toContain('BEGIN:VCALENDAR');
  expect(body).toContain('X-WR-TIMEZONE:Europe/Berlin');
  expect(body).toMatch(/DTSTART:\d{8}T\d{6}Z/);
  expect(body).toMatch(/DTEND:\d{8}T\d{6}Z/);
});

for (const theme of ['light', 'dark'] as const) {
  test(`at 360 px (${theme}) nothing is wider than the screen and the toplist shows its values`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.emulateMedia({ colorScheme: theme });
    for (const path of ['/home', '/toplist', '/calendar', '/imprint', '/termsOfUse']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} is wider than 360 px`).toBeLessThanOrEqual(0);
    }
    await page.goto('/toplist');
    const table = page.getByRole('table', { name: 'Meisten Verbrechen' });
    // At 360 px the value stands under the name in the name's cell (the row stacks, decision 093).
    const row = table.locator('tbody tr').first();
    const figure = (await row.locator('td').last().textContent())?.trim() ?? '';
    expect(figure).toMatch(/^[\d.]+$/);
    const value = row.locator('td').nth(1).getByText(figure, { exact: true });
    await expect(value).toBeVisible();
    const box = await value.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(360);
  });
}

test('the code of a page starts loading when the pointer rests on its link', async ({ page }) => {
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const chunk = page.waitForRequest(/\/assets\/toplist-page-[\w-]+\.js$/);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Toplist' }).hover();
  await chunk;
  expect(page.url()).toMatch(/\/home$/);
});
