/**
 * axe (WCAG 2.2 AA) finds no serious or critical violation on any page, in the light and the dark
 * theme, for a visitor, a player and an administrator: the public pages, every player page (own and
 * foreign, and an unknown player's), every catalogue manager, both sync-manager tabs, the audit log.
 */
import { DEMO_ACCOUNTS } from '@nova/demo';
import { CATALOGUES, cataloguePath, type CatalogueKey } from '@nova/domain';
import type { Page } from '@playwright/test';
import { seriousAxeViolations, showColorScheme } from './axe';
import { expect, test } from './fixtures';

const PUBLIC_PAGES = [
  '/home',
  '/imprint',
  '/termsOfUse',
  '/toplist',
  '/calendar',
  '/unauthorized',
  '/gibt-es-nicht',
];
const PLAYER_PAGES = [
  '/tickets',
  '/control-panel/user',
  '/control-panel/user/achievements',
  '/control-panel/user/vehicles',
  '/control-panel/user/coupons',
  '/control-panel/user/inventory',
  '/control-panel/user/licenses',
  '/control-panel/user/bank-accounts',
  '/control-panel/user/weapon-skills',
  '/control-panel/user/skins',
  '/control-panel/user/skills',
  '/control-panel/user/settings',
  '/control-panel/user/sync',
  '/control-panel/user/sync/teamspeak',
  '/control-panel/user/sync/discord',
  `/control-panel/user/${DEMO_ACCOUNTS.beta.id}`,
  `/control-panel/user/${DEMO_ACCOUNTS.beta.id}/licenses`,
  // An unknown player: the not-found page inside the Control Panel.
  '/control-panel/user/00000000-0000-4000-8000-000000000000/achievements',
];
const ADMIN_PAGES = [
  '/control-panel/admin/server-manager',
  // Every catalogue manager of the registry.
  ...Object.keys(CATALOGUES).map((key) => cataloguePath(key as CatalogueKey)),
  '/control-panel/admin/sync-manager',
  '/control-panel/admin/sync-manager?tab=objects',
  '/control-panel/admin/audit-log',
  '/control-panel/admin/integrations',
  '/control-panel/admin/privacy-requests',
];

/**
 * The page's serious and critical violations in both themes, one readable line each: loaded once,
 * measured light, then switched to dark as the system would switch it.
 */
async function seriousViolations(page: Page, path: string): Promise<string[]> {
  await showColorScheme(page, 'light');
  await page.goto(path);
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.getByText(/(werden|wird) geladen|Wird geladen/i)).toHaveCount(0);
  const found: string[] = [];
  for (const scheme of ['light', 'dark'] as const) {
    await showColorScheme(page, scheme);
    found.push(...(await seriousAxeViolations(page)).map((line) => `${scheme} ${path} ${line}`));
  }
  return found;
}

const AUDIENCES = [
  { who: 'visitor', role: null, pages: PUBLIC_PAGES },
  { who: 'player', role: 'spieler', pages: PLAYER_PAGES },
  { who: 'administrator', role: 'admin', pages: ADMIN_PAGES },
] as const;

for (const { who, role, pages } of AUDIENCES) {
  test(`light and dark theme: no serious violation on the pages of a ${who}`, async ({
    page: visitor,
    asRole,
    expectConsoleError,
  }) => {
    // The unknown player's page: the BFF answers its calls 404; an unknown address is itself
    // answered 404 (decision 092).
    if (role !== 'admin') expectConsoleError(/status of 404/);
    test.slow(); // up to 20 pages, each analysed in full in both themes
    const page = role ? await asRole(role) : visitor;
    const found: string[] = [];
    for (const path of pages) found.push(...(await seriousViolations(page, path)));
    expect(found).toEqual([]);
  });
}
