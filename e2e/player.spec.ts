/** Every player screen with the simulator's data, own and foreign, with its states. */
import { DEMO_ACCOUNTS, DEMO_PLAYERS } from '@nova/demo';
import { bankName, formatMoney, itemName, LICENSE_NAMES, skillName, sumInventory } from '@nova/domain';
import { expect, test } from './fixtures';
import { gameApi } from './game-api';
import { E2E } from './stack';

const ME = DEMO_ACCOUNTS.spieler.id;
const EMPTY = DEMO_PLAYERS.empty.id;
const HIDDEN = DEMO_PLAYERS.hidden.id;
const BANNER = 'Du betrachtest aktuell ein anderes Profil';

interface Profile {
  username: string;
  prestige: number;
  level: number;
  money: number;
  age: number;
  sex: 0 | 1;
  exp: number;
  hunger: number;
  thirst: number;
}

test('the own profile shows the player with stats, bars, tabs and movement statistics', async ({
  asRole,
}) => {
  const profile = await gameApi<Profile>(`user/${ME}/profile`);
  const page = await asRole('spieler');
  await page.goto('/control-panel/user');
  await expect(page.getByRole('heading', { level: 1, name: profile.username })).toBeVisible();
  await expect(page.getByText(BANNER)).toHaveCount(0);
  const stats = page.getByRole('main').locator('dl').first();
  await expect(stats).toContainText(`Prestige${profile.prestige}`);
  await expect(stats).toContainText(`Level${profile.level}`);
  await expect(stats).toContainText(`Bargeld${formatMoney(profile.money)}`);
  await expect(stats).toContainText(`Alter${profile.age}`);
  await expect(stats).toContainText(`Geschlecht${profile.sex === 0 ? 'Männlich' : 'Weiblich'}`);
  await expect(page.getByRole('progressbar', { name: 'Erfahrung' })).toHaveAttribute(
    'aria-valuetext',
    `${Math.round(profile.exp)} / 2000`,
  );
  await expect(page.getByRole('progressbar', { name: 'Hunger' })).toHaveAttribute(
    'aria-valuetext',
    `${Math.round(profile.hunger)} %`,
  );
  await expect(page.getByRole('progressbar', { name: 'Durst' })).toHaveAttribute(
    'aria-valuetext',
    `${Math.round(profile.thirst)} %`,
  );
  await expect(page.getByRole('link', { name: /Benutzer administrieren/ })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Bewegungsstatistik' })).toBeVisible();

  const tiles = {
    Allgemein: [
      ['Inventar', 'inventory'],
      ['Achievements', 'achievements'],
      ['Coupons', 'coupons'],
    ],
    'Vermögen & Fahrzeuge': [
      ['Bankkonten', 'bank-accounts'],
      ['Fahrzeugverwaltung', 'vehicles'],
      ['Immobilien', 'inventory'],
    ],
    Sonstiges: [
      ['Skins', 'skins'],
      ['Lizenzen', 'licenses'],
      ['Waffenskills', 'weapon-skills'],
      ['Fähigkeiten', 'skills'],
    ],
  } as const;
  for (const [tab, links] of Object.entries(tiles)) {
    await page.getByRole('tab', { name: tab }).click();
    const panel = page.getByRole('tabpanel');
    for (const [label, target] of links) {
      await expect(panel.getByRole('link', { name: label })).toHaveAttribute(
        'href',
        `/control-panel/user/${target}`,
      );
    }
  }
});

test('achievements: ring "x / y", filters and cards from catalogue and player list', async ({ asRole }) => {
  const catalogue = await gameApi<{ id: number; name: string }[]>('achievements');
  const owned = (await gameApi<unknown[]>(`user/${ME}/achievements`)).flat(Infinity) as { id: number }[];
  const achieved = catalogue.filter((a) => owned.some((o) => o.id === a.id)).length;
  const page = await asRole('spieler');
  await page.goto('/control-panel/user/achievements');
  await expect(page.getByRole('progressbar', { name: 'Erreichte Achievements' })).toHaveAttribute(
    'aria-valuetext',
    `${achieved} / ${catalogue.length}`,
  );
  const cards = page.getByRole('list', { name: 'Achievements' }).getByRole('listitem');
  await expect(cards).toHaveCount(catalogue.length);
  await page.getByRole('button', { name: 'Erreicht', exact: true }).click();
  await expect(cards).toHaveCount(achieved);
  await expect(page.getByRole('button', { name: 'Erreicht', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.getByRole('button', { name: 'Nicht erreicht' }).click();
  await expect(cards).toHaveCount(catalogue.length - achieved);
  await page.getByRole('button', { name: 'Alle' }).click();
  await expect(cards).toHaveCount(catalogue.length);
});

test('coupons show name and status from the time', async ({ asRole }) => {
  const coupons = await gameApi<{ name: string; time: number }[]>(`user/${ME}/coupons`);
  const page = await asRole('spieler');
  await page.goto('/control-panel/user/coupons');
  for (const coupon of coupons) {
    const card = page.getByRole('listitem').filter({ hasText: coupon.name });
    await expect(card).toContainText(Date.now() > coupon.time ? 'Verfügbar' : 'Nicht verfügbar');
  }
});

test('inventory is summed by type with names, "Unbekannt" and "Anzahl"', async ({ asRole }) => {
  const items = sumInventory(await gameApi<{ type: number; value: number }[]>(`user/${ME}/inventory`));
  const page = await asRole('spieler');
  await page.goto('/control-panel/user/inventory');
  const cards = page.getByRole('list', { name: 'Gegenstände' }).getByRole('listitem');
  await expect(cards).toHaveCount(items.length);
  for (const [index, item] of items.entries()) {
    await expect(cards.nth(index)).toContainText(itemName(item.type));
    await expect(cards.nth(index)).toContainText(`Anzahl: ${item.value.toLocaleString('de-DE')}`);
  }
  await expect(cards.filter({ hasText: 'Unbekannt' })).not.toHaveCount(0);
});

test('licenses: all four, owned ones "Vorhanden", missing ones set apart but not dimmed', async ({
  asRole,
}) => {
  const owned = (await gameApi<{ licenseId: number }[]>(`user/${ME}/licenses`)).map((l) => l.licenseId);
  const page = await asRole('spieler');
  await page.goto('/control-panel/user/licenses');
  for (const [id, name] of LICENSE_NAMES.entries()) {
    const card = page.getByRole('listitem').filter({ hasText: name });
    await expect(card).toContainText(owned.includes(id) ? 'Vorhanden' : 'Nicht vorhanden');
    // Dimming the card made its text unreadable (contrast below 4.5:1): a dashed frame instead.
    const box = card.locator('[data-owned]');
    await expect(box).toHaveCSS('opacity', '1');
    await expect(box).toHaveCSS('border-top-style', owned.includes(id) ? 'solid' : 'dashed');
  }
});

test('bank accounts show type, bank, Guthaben and Kontostatus', async ({ asRole }) => {
  const accounts = await gameApi<{ bankId: number; balance: number; disabled: boolean }[]>(
    `user/${ME}/bank-accounts`,
  );
  const page = await asRole('spieler');
  await page.goto('/control-panel/user/bank-accounts');
  const cards = page.getByRole('list', { name: 'Bankkonten' }).getByRole('listitem');
  await expect(cards).toHaveCount(accounts.length);
  for (const [index, account] of accounts.entries()) {
    await expect(cards.nth(index)).toContainText(`Bank${bankName(account.bankId)}`);
    await expect(cards.nth(index)).toContainText(`Guthaben${formatMoney(account.balance)}`);
    await expect(cards.nth(index)).toContainText(`Kontostatus${account.disabled ? 'Gesperrt' : 'Aktiv'}`);
  }
});

test('weapon skills: three categories with bars to 75 and "Experte" from 75', async ({ asRole }) => {
  const skills = await gameApi<Record<string, number>>(`user/${ME}/weapon-skills`);
  const page = await asRole('spieler');
  await page.goto('/control-panel/user/weapon-skills');
  const names = {
    WEAPONCATEGORY_0: 'Pistolen',
    WEAPONCATEGORY_1: 'Vollautomatische Waffen',
    WEAPONCATEGORY_2: 'Jagdwaffen',
  };
  for (const [key, name] of Object.entries(names)) {
    const card = page.getByRole('listitem').filter({ hasText: name });
    const value = skills[key] ?? 0;
    await expect(card.getByText('Experte')).toHaveCount(value >= 75 ? 1 : 0);
    await expect(card.getByRole('progressbar')).toHaveAttribute('aria-valuemax', '75');
  }
});

test('skins and skills are shown with their images and names', async ({ asRole }) => {
  const skins = await gameApi<{ skinId: number }[]>(`user/${ME}/skins`);
  const skills = await gameApi<{ id: number; level: number }[]>(`user/${ME}/skills`);
  const page = await asRole('spieler');
  await page.goto('/control-panel/user/skins');
  await expect(page.getByRole('heading', { level: 1, name: 'Skins' })).toBeVisible();
  await expect(page.getByText('Hier kannst du deine Skins einsehen')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Skins' }).getByRole('listitem')).toHaveCount(skins.length);
  await page.goto('/control-panel/user/skills');
  // One name for the screen, as in its tab and its breadcrumb.
  await expect(page.getByRole('heading', { level: 1, name: 'Fähigkeiten' })).toBeVisible();
  await expect(page.getByText('Hier kannst du deine Fähigkeiten einsehen')).toBeVisible();
  for (const skill of skills) {
    const card = page
      .getByRole('list', { name: 'Fähigkeiten' })
      .getByRole('listitem')
      .filter({ hasText: skillName(skill.id) });
    await expect(card).toContainText(`Level ${skill.level}`);
    await expect(card.locator('img')).toHaveAttribute('src', `/images/skills/${skill.id}.png`);
  }
});

test('vehicles list the real vehicles, and a detail page shows one by its id', async ({
  asRole,
  expectConsoleError,
}) => {
  expectConsoleError(/status of 404/);
  const vehicles = await gameApi<{ id: number; plate: string; typeId: number }[]>(`user/${ME}/vehicles`);
  expect(vehicles.length).toBeGreaterThan(0);
  const page = await asRole('spieler');
  await page.goto('/control-panel/user/vehicles');
  for (const vehicle of vehicles) await expect(page.getByRole('link', { name: vehicle.plate })).toBeVisible();
  const first = vehicles[0];
  await page.getByRole('link', { name: first?.plate ?? '' }).click();
  await expect(page).toHaveURL(new RegExp(`/control-panel/user/vehicles/${first?.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Fahrzeugdetails' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Brotkrümelnavigation' }).getByRole('listitem'),
  ).toHaveText([/Profil/, /Fahrzeuge/, /Fahrzeugdetails/]);
  await expect(page.getByRole('main')).toContainText(`Kennzeichen${first?.plate}`);
  await expect(page.getByRole('main')).toContainText('Benötigtes Level');
  await page.goto('/control-panel/user/vehicles/999999');
  await expect(page.getByRole('heading', { name: 'Seite nicht gefunden' })).toBeVisible();
});

test('a foreign profile shows the banner; no settings or sync there', async ({
  asRole,
  expectConsoleError,
}) => {
  // No settings or sync below someone else's profile: answered 404 (decision 092).
  expectConsoleError(/status of 404/);
  const other = DEMO_ACCOUNTS.beta.id;
  const page = await asRole('spieler');
  await page.goto(`/control-panel/user/${other}`);
  await expect(page.getByText(BANNER)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Lena_Hoffmann' })).toBeVisible();
  await expect(page.getByRole('tabpanel').getByRole('link', { name: 'Inventar' })).toHaveAttribute(
    'href',
    `/control-panel/user/${other}/inventory`,
  );
  await page.goto(`/control-panel/user/${other}/inventory`);
  await expect(page.getByText(BANNER)).toBeVisible();
  // The screens name the other player instead of speaking of the viewer's data.
  await expect(page.getByText('Hier siehst du die Gegenstände im Inventar von Lena_Hoffmann.')).toBeVisible();
  await expect(page.getByText(/deine|deinem/)).toHaveCount(0);
  await expect(
    page.getByRole('navigation', { name: 'Brotkrümelnavigation' }).getByRole('link', { name: 'Profil' }),
  ).toHaveAttribute('href', `/control-panel/user/${other}`);
  await page.goto(`/control-panel/user/${other}/settings`);
  await expect(page.getByRole('heading', { name: 'Seite nicht gefunden' })).toBeVisible();
  await page.goto(`/control-panel/user/${other}/sync`);
  await expect(page.getByRole('heading', { name: 'Seite nicht gefunden' })).toBeVisible();
  await page.goto(`/control-panel/user/${other}/vehicles`);
  await expect(page.getByText('Lena_Hoffmann hat aktuell keine Fahrzeuge')).toBeVisible();
  await expect(page.getByText('Du hast aktuell keine Fahrzeuge')).toHaveCount(0);
});

test("opening one's own id is not a foreign profile", async ({ asRole }) => {
  const page = await asRole('spieler');
  await page.goto(`/control-panel/user/${ME}/coupons`);
  await expect(page.getByRole('heading', { level: 1, name: 'Coupons' })).toBeVisible();
  await expect(page.getByText(BANNER)).toHaveCount(0);
});

test('a player with no data shows every empty state', async ({ asRole }) => {
  const page = await asRole('spieler');
  const base = `/control-panel/user/${EMPTY}`;
  await page.goto(base);
  await expect(page.getByRole('heading', { level: 1, name: DEMO_PLAYERS.empty.username })).toBeVisible();
  await expect(page.getByText(BANNER)).toBeVisible();
  const empties = [
    ['coupons', 'Neuling_Neu hat aktuell keine Coupons'],
    ['inventory', 'Neuling_Neu hat aktuell keine Gegenstände im Inventar'],
    ['bank-accounts', 'Neuling_Neu hat aktuell keine Bankkonten'],
    ['skins', 'Neuling_Neu hat aktuell keine Skins'],
    ['skills', 'Neuling_Neu hat aktuell keine Fähigkeiten'],
    ['vehicles', 'Neuling_Neu hat aktuell keine Fahrzeuge'],
  ] as const;
  for (const [path, text] of empties) {
    await page.goto(`${base}/${path}`);
    await expect(page.getByText(text)).toBeVisible();
    await expect(page.getByText(BANNER)).toBeVisible();
  }
  await page.goto(`${base}/licenses`);
  await expect(page.getByRole('listitem').filter({ hasText: 'Nicht vorhanden' })).toHaveCount(4);
  await page.goto(`${base}/achievements`);
  await expect(page.getByRole('progressbar', { name: 'Erreichte Achievements' })).toHaveAttribute(
    'aria-valuetext',
    /^0 \/ \d+$/,
  );
  await page.goto(`${base}/weapon-skills`);
  await expect(page.getByText('Experte')).toHaveCount(0);
});

test('a profile the game API refuses (403) is the unauthorized page; an unknown one is not found', async ({
  asRole,
  expectConsoleError,
}) => {
  expectConsoleError(/status of 40[34]/);
  const page = await asRole('spieler');
  await page.goto(`/control-panel/user/${HIDDEN}`);
  await expect(
    page.getByRole('heading', { name: 'Sorry, hierfür besitzt du keine Berechtigung.' }),
  ).toBeVisible();
  await page.goto(`/control-panel/user/${HIDDEN}/inventory`);
  await expect(
    page.getByRole('heading', { name: 'Sorry, hierfür besitzt du keine Berechtigung.' }),
  ).toBeVisible();
  await page.goto('/control-panel/user/unbekannter-spieler');
  await expect(page.getByRole('heading', { name: 'Seite nicht gefunden' })).toBeVisible();
});

test('the profile as admin offers "Benutzer administrieren" in the identity provider, in a new tab', async ({
  asRole,
}) => {
  const page = await asRole('admin');
  await page.goto(`/control-panel/user/${ME}`);
  const link = page.getByRole('link', { name: /Benutzer administrieren/ });
  await expect(link).toHaveAttribute(
    'href',
    `${new URL(E2E.issuer).origin}/admin/nova/console/#/nova/users/${ME}/settings`,
  );
  await expect(link).toHaveAttribute('target', '_blank');
  const [tab] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
  await expect(tab.getByRole('heading', { name: 'Administrationskonsole (Demo)' })).toBeVisible();
});

test.describe('loading and failure states', () => {
  const loading = [
    ['/control-panel/user', 'player.profile', 'Profil wird geladen...'],
    ['/control-panel/user/achievements', 'player.achievements', 'Achievements werden geladen...'],
    ['/control-panel/user/licenses', 'player.licenses', 'Lizenzen werden geladen...'],
    ['/control-panel/user/weapon-skills', 'player.weaponSkills', 'Waffenskills werden geladen...'],
    ['/control-panel/user/skills', 'player.skills', 'Fähigkeiten werden geladen...'],
    ['/control-panel/user/coupons', 'player.coupons', 'Wird geladen...'],
  ] as const;
  for (const [path, procedure, text] of loading) {
    test(`${path} shows "${text}" while loading`, async ({ asRole }) => {
      const page = await asRole('spieler');
      let release: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => (release = resolve));
      await page.route(`**/trpc/${procedure}**`, async (route) => {
        await gate;
        await route.continue();
      });
      await page.goto(path);
      await expect(page.getByText(text, { exact: true })).toBeVisible();
      release();
      await expect(page.getByText(text, { exact: true })).toBeHidden();
    });
  }

  const upstreamError = JSON.stringify([
    {
      error: {
        message: 'Der Spielserver antwortet gerade nicht.',
        code: -32603,
        data: { code: 'GATEWAY_TIMEOUT', httpStatus: 504 },
      },
    },
  ]);

  test('a failed list load says so and offers a retry, without the empty text', async ({
    asRole,
    expectConsoleError,
  }) => {
    expectConsoleError(/status of 504/);
    const page = await asRole('spieler');
    await page.route('**/trpc/player.coupons**', (route) =>
      route.fulfill({ status: 504, contentType: 'application/json', body: upstreamError }),
    );
    await page.goto('/control-panel/user/coupons');
    await expect(page.getByRole('alert')).toContainText('Die Daten konnten gerade nicht geladen werden.');
    await expect(page.getByText('Du hast aktuell keine Coupons')).toHaveCount(0);
    await page.unroute('**/trpc/player.coupons**');
    await page.getByRole('button', { name: 'Erneut versuchen' }).click();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Coupons' })).toBeVisible();
  });

  test('a failed profile load says "Spielerprofil konnte nicht geladen werden"', async ({
    asRole,
    expectConsoleError,
  }) => {
    expectConsoleError(/status of 504/);
    const page = await asRole('spieler');
    await page.route('**/trpc/player.profile**', (route) =>
      route.fulfill({ status: 504, contentType: 'application/json', body: upstreamError }),
    );
    await page.goto('/control-panel/user');
    await expect(page.getByRole('alert')).toContainText('Spielerprofil konnte nicht geladen werden');
  });
});

test('a Control Panel page view costs one request to the BFF', async ({ asRole }) => {
  const page = await asRole('spieler');
  const calls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/trpc')) calls.push(request.url());
  });
  await page.goto('/control-panel/user/inventory');
  await expect(page.getByRole('heading', { level: 1, name: 'Inventar' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Gegenstände' }).getByRole('listitem').first()).toBeVisible();
  expect(calls).toHaveLength(1);
  calls.length = 0;
  await page.getByRole('complementary').getByRole('link', { name: 'Profil' }).click();
  await page.getByRole('tab', { name: 'Vermögen & Fahrzeuge' }).click();
  calls.length = 0;
  await page.getByRole('tabpanel').getByRole('link', { name: 'Bankkonten' }).click();
  await expect(page.getByRole('list', { name: 'Bankkonten' }).getByRole('listitem').first()).toBeVisible();
  expect(calls).toHaveLength(1);
});

for (const width of [375, 1280]) {
  test(`the player screens fit a ${width} px wide screen`, async ({ asRole }) => {
    const page = await asRole('spieler', { viewport: { width, height: 900 } });
    for (const path of [
      '',
      '/achievements',
      '/inventory',
      '/bank-accounts',
      '/vehicles',
      '/licenses',
      '/weapon-skills',
    ]) {
      await page.goto(`/control-panel/user${path}`);
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(
        width,
      );
    }
  });
}
