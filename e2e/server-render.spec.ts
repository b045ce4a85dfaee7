/**
 * Decision 036: the public pages come rendered in the HTML, with the public data
 * and the signed-in navigation, and the SPA hydrates them without a mismatch and without asking
 * again for what the page already carries.
 */
import { monthTitle, yearMonthOf } from '@nova/domain';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { E2E, storageStateOf } from './stack';

const PAGES = [
  ['/home', 'Willkommen auf Nova Legacy'],
  ['/imprint', 'Impressum'],
  ['/termsOfUse', 'Nutzungsbedingungen'],
  ['/toplist', 'Server Toplist'],
  ['/calendar', 'Fight-Kalender'],
] as const;

async function withoutJavaScript(browser: Browser, signedIn: boolean): Promise<Page> {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    ...(signedIn ? { storageState: storageStateOf('spieler') } : {}),
  });
  return context.newPage();
}

/** The cookie notice exists only in the browser (consent is in its storage): it shows once hydrated. */
async function hydrated(page: Page): Promise<void> {
  await expect(page.getByRole('region', { name: 'Cookie-Hinweis' })).toBeVisible();
}

test('the public pages show their content without JavaScript', async ({ browser }) => {
  const page = await withoutJavaScript(browser, false);
  for (const [path, heading] of PAGES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Anmelden' }),
    ).toBeVisible();
  }
  await page.context().close();
});

test('without JavaScript the toplist shows the game API rows and the calendar this month', async ({
  browser,
}) => {
  const toplist = (await (await fetch(`${E2E.gameApi}toplist`)).json()) as {
    list: { most_crimes: { player: string }[] };
  };
  const page = await withoutJavaScript(browser, false);
  await page.goto('/toplist');
  await expect(page).toHaveTitle('Server Toplist – Nova Legacy');
  const table = page.getByRole('table', { name: 'Meisten Verbrechen' });
  await expect(table.locator('tbody tr')).toHaveCount(toplist.list.most_crimes.length);
  await expect(table.locator('tbody tr').first()).toContainText(toplist.list.most_crimes[0]?.player ?? '');
  await page.goto('/calendar');
  await expect(page.getByRole('heading', { name: monthTitle(yearMonthOf(new Date())) })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Monatsansicht' })).toBeVisible();
  await page.context().close();
});

test('without JavaScript "Kalender abonnieren" links the feed as webcal: and shows its full address', async ({
  browser,
}) => {
  const page = await withoutJavaScript(browser, false);
  await page.goto('/calendar');
  // The stack's PUBLIC_URL is the BFF's own address (stack.ts).
  const { host } = new URL(E2E.bff);
  await expect(page.getByRole('link', { name: 'Kalender abonnieren' })).toHaveAttribute(
    'href',
    `webcal://${host}/calendar.ics`,
  );
  await expect(page.getByLabel('Adresse des Kalenders')).toHaveValue(`http://${host}/calendar.ics`);
  await page.context().close();
});

test('a signed-in visitor gets the signed-in navigation in the HTML', async ({ browser }) => {
  const page = await withoutJavaScript(browser, true);
  await page.goto('/toplist');
  const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
  await expect(nav.getByRole('link', { name: 'Control Panel' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Anmelden' })).toHaveCount(0);
  await page.context().close();
});

test('the public pages hydrate without errors; the toplist and calendar ask the BFF nothing on load', async ({
  page,
}) => {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/trpc')) calls.push(request.url());
  });
  for (const [path, heading] of PAGES) {
    await page.goto(path);
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
  await page.goto('/toplist');
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  await expect(
    page.getByRole('table', { name: 'Meisten Verbrechen' }).locator('tbody tr').first(),
  ).toBeVisible();
  // The page is interactive: the theme toggle works.
  await page.getByRole('switch', { name: 'Dunkles Design' }).check({ force: true });
  await expect(page.locator('html')).toHaveClass(/dark/);
  expect(calls).toEqual([]);
  // Hydration mismatches are console errors: the fixture fails the test on any.
});

test('a signed-in visitor keeps the signed-in navigation after hydration, in the dark theme', async ({
  asRole,
}) => {
  const page = await asRole('spieler');
  await page.goto('/home');
  await page.getByRole('switch', { name: 'Dunkles Design' }).check({ force: true });
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.goto('/calendar');
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expect(page.getByRole('switch', { name: 'Dunkles Design' })).toBeChecked();
  const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
  await expect(nav.getByRole('link', { name: 'Control Panel' })).toBeVisible();
  await nav.getByRole('link', { name: 'Control Panel' }).click();
  await expect(page).toHaveURL(/\/control-panel\/user$/);
});

test('a public page loads no tRPC React layer, and a legal text comes as markup, not as code', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  for (const [path, heading] of PAGES) {
    await page.goto(path);
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  // Decision 050: tRPC's React hooks are the Control Panel's (lib/trpc.tsx), and the tRPC client
  // comes with the first call (lib/bff-client.ts); decision 042: the legal texts' code is not loaded.
  expect(scripts.filter((s) => /\/(trpc|bff-client|terms-text|imprint-text)-/.test(s))).toEqual([]);
  // The kept markup is the whole text: its sections and anchors are there.
  await page.goto('/termsOfUse#cookies');
  await hydrated(page);
  await expect(page.locator('#cookies')).toBeInViewport();
  await expect(
    page.getByRole('heading', { level: 2, name: 'Datenschutzerklärung', exact: true }),
  ).toBeVisible();
  expect(scripts.filter((s) => /\/terms-text-/.test(s))).toEqual([]);
});

test('the tRPC client is a chunk of its own: a page the SPA renders itself loads it and asks the BFF', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/home');
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((s) => /\/bff-client-/.test(s))).toEqual([]);
  // The start page carries no toplist: opened inside the SPA, the toplist asks the BFF for it.
  const asked = page.waitForRequest((request) => new URL(request.url()).pathname === '/trpc/toplist.get');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Toplist', exact: true }).click();
  await asked;
  await expect(
    page.getByRole('table', { name: 'Meisten Verbrechen' }).locator('tbody tr').first(),
  ).toBeVisible();
  expect(scripts.filter((s) => /\/bff-client-/.test(s))).toHaveLength(1);
});

test('a legal text opened inside the SPA loads its code and shows the whole text', async ({ page }) => {
  await page.goto('/home');
  await hydrated(page);
  const footer = page.getByRole('contentinfo');
  await footer.getByRole('link', { name: 'Impressum' }).first().click();
  await expect(page).toHaveURL(/\/imprint$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Impressum' })).toBeVisible();
  await expect(page.locator('#impressum-text section').first()).toBeVisible();
  // The cookie notice's link leads into the terms' privacy policy, at its anchor.
  await page.getByRole('region', { name: 'Cookie-Hinweis' }).getByRole('link').click();
  await expect(page).toHaveURL(/\/termsOfUse#cookies$/);
  await expect(page.locator('#cookies')).toBeInViewport();
  await expect(page.getByRole('heading', { level: 1, name: 'Nutzungsbedingungen' })).toBeVisible();
});
