/**
 * Issue 11: axe (WCAG 2.2 AA) finds no serious or critical violation on any page, in the light and
 * the dark theme, for a visitor, a player and an administrator.
 */
import AxeBuilder from '@axe-core/playwright';
import { DEMO_ACCOUNTS } from '@nova/demo';
import type { Page } from '@playwright/test';
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
];
const ADMIN_PAGES = [
  '/control-panel/admin/server-manager',
  '/control-panel/admin/server-manager/achievement-manager',
  '/control-panel/admin/server-manager/vehicle-manager',
  '/control-panel/admin/sync-manager',
  '/control-panel/admin/audit-log',
];

/** The page's serious and critical violations, one readable line each. */
async function seriousViolations(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.getByText(/(werden|wird) geladen|Wird geladen/i)).toHaveCount(0);
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${path} ${violation.id}: ${node.target.join(' ')} ${node.failureSummary?.split('\n')[1] ?? ''}`,
      ),
    );
}

const AUDIENCES = [
  { who: 'visitor', role: null, pages: PUBLIC_PAGES },
  { who: 'player', role: 'spieler', pages: PLAYER_PAGES },
  { who: 'administrator', role: 'admin', pages: ADMIN_PAGES },
] as const;

for (const scheme of ['light', 'dark'] as const) {
  for (const { who, role, pages } of AUDIENCES) {
    test(`${scheme} theme: no serious violation on the pages of a ${who}`, async ({
      page: visitor,
      asRole,
    }) => {
      const page = role ? await asRole(role) : visitor;
      await page.emulateMedia({ colorScheme: scheme });
      const found: string[] = [];
      for (const path of pages) found.push(...(await seriousViolations(page, path)));
      expect(found).toEqual([]);
    });
  }
}
