/** Every public page with the spec's texts and the game API's data (specification §2). */
import { minutesToHours, monthTitle, yearMonthOf } from '@nova/domain';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { E2E } from './stack';

const dayTitle = (date: Date) =>
  new Intl.DateTimeFormat('de-DE', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'Europe/Berlin',
  }).format(date);

interface Entry {
  player: string;
  value: number;
}
interface Toplist {
  players: Record<string, Entry | null>;
  list: Record<'most_crimes' | 'most_prestige' | 'most_login_streak' | 'most_playtime', Entry[]>;
}

/** Opens a public page through the footer's link, inside the SPA (not from the address). */
async function openInApp(page: Page, link: 'Toplist' | 'Fight-Kalender'): Promise<void> {
  await page.goto('/home');
  await page.getByRole('contentinfo').getByRole('link', { name: link, exact: true }).click();
}

test('the empty path redirects to the start page with hero, about section, six cards and an invitation', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Willkommen auf Nova Legacy' })).toBeVisible();
  await expect(page.getByText('Der größte Reallife-Server im deutschsprachigen Raum')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Über Nova Legacy' })).toBeVisible();
  for (const card of ['Community', 'Events', 'Wirtschaft', 'Fraktionen', 'Innovation', 'Anti Cheat Client']) {
    await expect(page.getByRole('heading', { level: 3, name: card, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'Werde Teil von Nova Legacy' })).toBeVisible();
});

test('the navigation bar has Startseite, Forum and Discord in new tabs, the theme toggle and Anmelden', async ({
  page,
}) => {
  await page.goto('/home');
  const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
  await expect(nav.getByRole('link', { name: 'Startseite' })).toHaveAttribute('href', '/home');
  await expect(nav.getByRole('link', { name: /^Forum/ })).toHaveAttribute('href', E2E.operator.FORUM_URL);
  await expect(nav.getByRole('link', { name: /^Forum/ })).toHaveAttribute('target', '_blank');
  await expect(nav.getByRole('link', { name: /^Discord/ })).toHaveAttribute('href', E2E.operator.DISCORD_URL);
  await expect(nav.getByRole('link', { name: /^Discord/ })).toHaveAttribute('target', '_blank');
  await expect(nav.getByRole('switch', { name: 'Dunkles Design' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Anmelden' })).toHaveAttribute(
    'href',
    '/auth/login?returnTo=%2Fcontrol-panel',
  );
  await expect(nav.getByRole('link', { name: 'Control Panel' })).toHaveCount(0);
  await expect(nav.getByRole('button', { name: 'Logout' })).toHaveCount(0);
});

test('the footer links the imprint and the image credit and shows © 2024 to this year', async ({ page }) => {
  // Half past midnight on New Year's Day in Berlin, still the old year in UTC: the year is Berlin's.
  await page.clock.setFixedTime(new Date('2027-01-01T00:30:00+01:00'));
  await page.goto('/home');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'Impressum' })).toHaveAttribute('href', '/imprint');
  await expect(footer.getByRole('link', { name: 'Hintergrundbild: Nova Legacy' })).toBeVisible();
  await expect(footer).toContainText('© 2024–2027 Nova Legacy');
  await footer.getByRole('link', { name: 'Hintergrundbild: Nova Legacy' }).click();
  await expect(page).toHaveURL(/\/imprint#bildnachweis$/);
  await expect(page.getByRole('heading', { name: 'Bildnachweis' })).toBeInViewport();
});

test('the imprint shows the configured operator and the required sections', async ({ page }) => {
  await page.goto('/imprint');
  await expect(page.getByRole('heading', { level: 1, name: 'Impressum' })).toBeVisible();
  const main = page.getByRole('main');
  for (const text of [
    E2E.operator.OPERATOR_NAME,
    E2E.operator.OPERATOR_STREET,
    `${E2E.operator.OPERATOR_POSTAL_CODE} ${E2E.operator.OPERATOR_CITY}`,
    E2E.operator.OPERATOR_EMAIL,
    E2E.operator.OPERATOR_REPRESENTATIVE,
  ]) {
    await expect(main.getByText(text).first()).toBeVisible();
  }
  for (const heading of [
    'Haftung für Inhalte',
    'Haftung für Links',
    'Urheberrecht',
    'Datenschutz',
    'Hinweis zu Webanalyse',
    'Hinweis zu Social Plugins',
  ]) {
    await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
  }
});

test('the terms of use include the privacy policy', async ({ page }) => {
  await page.goto('/termsOfUse');
  await expect(page.getByRole('heading', { level: 1, name: 'Nutzungsbedingungen' })).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 2, name: 'Datenschutzerklärung', exact: true }),
  ).toBeVisible();
  await expect(page.getByText(/16 Jahre/).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Server-Logfiles' })).toBeVisible();
});

test('the toplist shows the top players and four tables from the game API, playtime in hours', async ({
  page,
}) => {
  const toplist = (await (await fetch(`${E2E.gameApi}toplist`)).json()) as Toplist;
  await page.goto('/toplist');
  await expect(page.getByRole('heading', { level: 1, name: 'Server Toplist' })).toBeVisible();
  const cards = [
    ['Meisten Verbrechen', 'Verbrechen', toplist.players.most_crimes],
    ['Höchstes Prestige', 'Prestige', toplist.players.most_prestige],
    ['Höchster Loginstreak', 'Loginstreak', toplist.players.most_login_streak],
  ] as const;
  for (const [title, label, entry] of cards) {
    const card = page.getByRole('heading', { level: 2, name: title, exact: true }).locator('..');
    await expect(card).toContainText(entry?.player ?? '');
    await expect(card).toContainText(`${label}: ${(entry?.value ?? 0).toLocaleString('de-DE')}`);
  }
  const tables = [
    ['Meisten Verbrechen', 'Verbrechen', toplist.list.most_crimes, (v: number) => v],
    ['Höchstes Prestige', 'Prestigelevel', toplist.list.most_prestige, (v: number) => v],
    ['Höchster Loginstreak', 'Loginstreak', toplist.list.most_login_streak, (v: number) => v],
    ['Meiste Spielzeit', 'Spielzeit in Stunden', toplist.list.most_playtime, minutesToHours],
  ] as const;
  for (const [title, column, rows, value] of tables) {
    const table = page.getByRole('table', { name: title });
    // As shown: the short "Platz" for phones is not displayed at this width.
    await expect(table.getByRole('columnheader')).toHaveText(['Platzierung', 'Spielername', column], {
      useInnerText: true,
    });
    await expect(table.locator('tbody tr')).toHaveCount(rows.length);
    const first = rows[0];
    if (first) {
      await expect(table.locator('tbody tr').first()).toHaveText(
        new RegExp(
          `1\\s*${first.player}\\s*${value(first.value).toLocaleString('de-DE').replace('.', '\\.')}`,
        ),
      );
    }
  }
});

test('an empty toplist shows 5 skeleton rows per table and loading cards', async ({ page }) => {
  await page.route('**/trpc/toplist.get**', (route) =>
    route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify([
        {
          result: {
            data: {
              top: { most_crimes: null, most_prestige: { player: 'X', value: 0 }, most_login_streak: null },
              tables: { most_crimes: [], most_prestige: [], most_login_streak: [], most_playtime: [] },
            },
          },
        },
      ]),
    }),
  );
  // A toplist opened from the address comes with its data in the HTML (decision 036); reached
  // inside the SPA it is asked from the BFF.
  await openInApp(page, 'Toplist');
  await expect(page.getByTestId('skeleton-row')).toHaveCount(20);
  for (const title of ['Meisten Verbrechen', 'Höchstes Prestige', 'Höchster Loginstreak']) {
    const card = page.getByRole('heading', { level: 2, name: title, exact: true }).locator('..');
    await expect(card).toHaveAttribute('aria-busy', 'true');
  }
});

test('a failing game API shows a German message instead of data, and nothing crashes', async ({
  page,
  expectConsoleError,
}) => {
  expectConsoleError(/status of 502/);
  await page.route('**/trpc/toplist.get**', (route) =>
    route.fulfill({
      status: 502,
      contentType: 'application/json',
      body: JSON.stringify([
        {
          error: {
            message: 'Der Spielserver hat nicht wie erwartet geantwortet. Bitte versuche es später erneut.',
            code: -32603,
            data: { code: 'BAD_GATEWAY', httpStatus: 502, path: 'toplist.get' },
          },
        },
      ]),
    }),
  );
  await openInApp(page, 'Toplist');
  await expect(page.getByRole('alert')).toContainText('Die Toplist konnte nicht geladen werden.');
  // An error is an error: no skeleton rows or loading cards beside it.
  await expect(page.getByTestId('skeleton-row')).toHaveCount(0);
  await expect(page.getByText('Wird geladen...')).toHaveCount(0);
});

test('the fight calendar shows the month with Mo–So, German month names and navigation', async ({ page }) => {
  await page.clock.setFixedTime(new Date('2026-11-22T12:00:00+01:00'));
  await page.goto('/calendar');
  await expect(page.getByRole('heading', { level: 1, name: 'Fight-Kalender' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'November 2026' })).toBeVisible();
  const grid = page.getByRole('table', { name: 'Monatsansicht' });
  await expect(grid.getByRole('columnheader')).toHaveText(['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So']);
  await expect(grid.locator('tbody tr')).toHaveCount(6);
  await expect(grid.locator('[aria-current="date"]')).toContainText('22');
  await page.getByRole('button', { name: 'Nächster Monat' }).click();
  await expect(page.getByRole('heading', { name: 'Dezember 2026' })).toBeVisible();
  await page.getByRole('button', { name: 'Nächster Monat' }).click();
  await expect(page.getByRole('heading', { name: 'Januar 2027' })).toBeVisible();
  await page.getByRole('button', { name: 'Heute' }).click();
  await expect(page.getByRole('heading', { name: 'November 2026' })).toBeVisible();
  await page.getByRole('button', { name: 'Vorheriger Monat' }).click();
  await expect(page.getByRole('heading', { name: 'Oktober 2026' })).toBeVisible();
});

test('the calendar shows the game API events in German time', async ({ page }) => {
  const events = (await (await fetch(`${E2E.gameApi}calendar`)).json()) as {
    name: string;
    timestamp: number;
  }[];
  const now = Date.now() / 1000;
  const next = events.filter((e) => e.timestamp > now).sort((a, b) => a.timestamp - b.timestamp)[0];
  if (!next) throw new Error('the simulator has no upcoming fight event');
  const when = new Date(next.timestamp * 1000);
  const target = yearMonthOf(when);
  const current = yearMonthOf(new Date());
  const ahead = (target.year - current.year) * 12 + (target.month - current.month);
  const time = new Intl.DateTimeFormat('de-DE', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/Berlin',
  }).format(when);
  await page.goto('/calendar');
  await expect(page.getByRole('heading', { name: monthTitle(current) })).toBeVisible();
  for (let i = 0; i < ahead; i++) await page.getByRole('button', { name: 'Nächster Monat' }).click();
  await expect(page.getByRole('heading', { name: monthTitle(target) })).toBeVisible();
  const cell = page.getByRole('table', { name: 'Monatsansicht' }).getByRole('cell', { name: dayTitle(when) });
  await expect(cell).toContainText(`${time} Uhr ${next.name}`);
});

test('the calendar shows "Fight-Events werden geladen..." while loading', async ({ page }) => {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/trpc/calendar.list**', async (route) => {
    await gate;
    await route.continue();
  });
  await openInApp(page, 'Fight-Kalender');
  await expect(page.getByText('Fight-Events werden geladen...')).toBeVisible();
  release();
  await expect(page.getByRole('table', { name: 'Monatsansicht' })).toBeVisible();
});

test('under 768 px the calendar is a day list instead of a grid', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.clock.setFixedTime(new Date('2026-11-22T12:00:00+01:00'));
  await page.goto('/calendar');
  await expect(page.getByRole('heading', { name: 'November 2026' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Monatsansicht' })).toBeHidden();
  await expect(page.getByText('Sonntag, 22. November')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

test('unknown paths show "Seite nicht gefunden"; the unauthorized page has its text', async ({
  page,
  expectConsoleError,
}) => {
  // Answered 404 (decision 092), which Chromium reports on the console.
  expectConsoleError(/status of 404/);
  expect((await page.goto('/gibt-es-nicht'))?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Seite nicht gefunden' })).toBeVisible();
  await page.goto('/unauthorized');
  await expect(
    page.getByRole('heading', { name: 'Sorry, hierfür besitzt du keine Berechtigung.' }),
  ).toBeVisible();
});

test('public pages load no Control Panel code', async ({ page, expectConsoleError }) => {
  expectConsoleError(/status of 404/); // the unknown address's 404 (decision 092)
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  for (const path of ['/home', '/toplist', '/calendar', '/imprint', '/termsOfUse', '/gibt-es-nicht']) {
    await page.goto(path);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  }
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((s) => /control-panel|player|admin|settings-page/.test(s))).toEqual([]);
});
