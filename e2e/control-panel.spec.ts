/** Sign-in, roles, the Control Panel shell, tickets, settings and logout in Chromium. */
import { DEMO_ACCOUNTS } from '@nova/demo';
import { expect, signIn, test } from './fixtures';
import type { Role } from './stack';

const ADMIN_ROUTES = [
  ['/control-panel/admin/sync-manager', 'Sync Management', 'web:admin:sync-manager'],
  ['/control-panel/admin/server-manager', 'Server Management', 'web:admin:server-manager'],
  [
    '/control-panel/admin/server-manager/achievement-manager',
    'Achievements verwalten',
    'web:admin:server-manager:achievement',
  ],
  [
    '/control-panel/admin/server-manager/vehicle-manager',
    'Fahrzeuge verwalten',
    'web:admin:server-manager:car',
  ],
  ['/control-panel/admin/server-manager/skin-manager', 'Skins verwalten', 'web:admin:server-manager:skin'],
  [
    '/control-panel/admin/server-manager/radio-manager',
    'Radiosender verwalten',
    'web:admin:server-manager:radio',
  ],
  [
    '/control-panel/admin/server-manager/wanted-manager',
    'Wantedkatalog verwalten',
    'web:admin:server-manager:wanted',
  ],
  ['/control-panel/admin/integrations', 'Integrationen', 'web:admin'],
  ['/control-panel/admin/webhooks', 'Webhooks', 'web:admin:webhooks'],
] as const;

const rolesOf = (role: Role): string[] => {
  const account = DEMO_ACCOUNTS[role];
  return [...account.realmRoles, ...account.clientRoles];
};

for (const role of ['spieler', 'beta', 'admin'] as Role[]) {
  test(`${role} sees exactly the sidebar links of the account's roles`, async ({ asRole }) => {
    const page = await asRole(role);
    await page.goto('/control-panel');
    await expect(page).toHaveURL(/\/control-panel\/user$/);
    const sidebar = page.getByRole('complementary').getByRole('navigation', { name: 'Control Panel' });
    const roles = rolesOf(role);
    const expected = [
      'Profil',
      'Synchronisation',
      'Accounteinstellungen',
      ...(roles.includes('web:admin:sync-manager') ? ['Sync Management'] : []),
      ...(roles.includes('web:admin:server-manager') ? ['Server Management'] : []),
      ...(roles.includes('web:admin') ? ['Audit-Log', 'Integrationen'] : []),
      ...(roles.includes('web:admin:privacy') ? ['Datenschutzanfragen'] : []),
      ...(roles.includes('web:admin:webhooks') ? ['Webhooks'] : []),
      'Help',
      'Logout',
    ];
    await expect(sidebar.getByRole('link').or(sidebar.getByRole('button'))).toHaveText(
      expected.map((t) => new RegExp(`^${t}`)),
    );
    // Every beta tester sees the Admin heading; without an admin role, one line says why it is empty.
    const adminLinks = expected.filter((t) =>
      ['Sync Management', 'Server Management', 'Audit-Log', 'Integrationen', 'Webhooks'].includes(t),
    );
    await expect(sidebar.getByRole('heading', { name: 'Admin' })).toHaveCount(
      roles.includes('web:beta') ? 1 : 0,
    );
    await expect(sidebar.getByText('Für dich ist noch kein Adminbereich freigeschaltet.')).toHaveCount(
      roles.includes('web:beta') && adminLinks.length === 0 ? 1 : 0,
    );
    const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
    await expect(nav.getByRole('link', { name: 'Control Panel' })).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Anmelden' })).toHaveCount(0);
  });

  test(`${role} reaches exactly the admin pages of the account's roles`, async ({ asRole }) => {
    const page = await asRole(role);
    const roles = rolesOf(role);
    for (const [path, title, needed] of ADMIN_ROUTES) {
      await page.goto(path);
      if (roles.includes(needed)) {
        await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      } else {
        await expect(
          page.getByRole('heading', { name: 'Sorry, hierfür besitzt du keine Berechtigung.' }),
        ).toBeVisible();
        await expect(page).toHaveURL(path); // the address stays
      }
    }
  });
}

test('a signed-out visitor is sent to the sign-in and comes back to the wanted page', async ({ page }) => {
  await page.goto('/control-panel/user/inventory');
  await expect(page.getByRole('heading', { name: 'Bei Ihrem Konto anmelden' })).toBeVisible();
  await signIn(page, 'spieler');
  await expect(page).toHaveURL(/\/control-panel\/user\/inventory$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Inventar' })).toBeVisible();
});

test('the tickets page needs sign-in and shows only the display name as heading', async ({ page }) => {
  await page.goto('/tickets');
  await signIn(page, 'spieler');
  await expect(page).toHaveURL(/\/tickets$/);
  await expect(page.getByRole('main').getByRole('heading')).toHaveText([DEMO_ACCOUNTS.spieler.customname[0]]);
});

test('breadcrumbs show only with more than one crumb; all but the last are links', async ({ asRole }) => {
  const page = await asRole('spieler');
  await page.goto('/control-panel/user');
  await expect(page.getByRole('heading', { level: 1, name: 'Jonas_Weber' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Brotkrümelnavigation' })).toHaveCount(0);
  await page.goto('/control-panel/user/inventory');
  const crumbs = page.getByRole('navigation', { name: 'Brotkrümelnavigation' });
  await expect(crumbs.getByRole('listitem')).toHaveText([/Profil/, /Inventar/]);
  await expect(crumbs.getByRole('link', { name: 'Profil' })).toHaveAttribute('href', '/control-panel/user');
  await expect(crumbs.getByRole('link', { name: 'Inventar' })).toHaveCount(0);
  await page.goto('/control-panel/user/settings');
  await expect(
    page.getByRole('navigation', { name: 'Brotkrümelnavigation' }).getByRole('listitem'),
  ).toHaveText([/Profil/, /Accounteinstellungen/]);
});

test('from 768 px the sidebar is fixed; below it slides in from a menu button and closes after a link', async ({
  asRole,
}) => {
  const wide = await asRole('spieler', { viewport: { width: 1280, height: 800 } });
  await wide.goto('/control-panel/user');
  await expect(wide.getByRole('complementary')).toBeVisible();
  await expect(wide.getByRole('button', { name: 'Control-Panel-Menü' })).toBeHidden();

  const narrow = await asRole('spieler', { viewport: { width: 375, height: 800 } });
  await narrow.goto('/control-panel/user');
  await expect(narrow.getByRole('complementary')).toBeHidden();
  await narrow.getByRole('button', { name: 'Control-Panel-Menü' }).click();
  const dialog = narrow.getByRole('dialog', { name: 'Control Panel' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('link', { name: 'Accounteinstellungen' }).click();
  await expect(dialog).toBeHidden();
  await expect(narrow).toHaveURL(/\/control-panel\/user\/settings$/);
  await narrow.getByRole('button', { name: 'Control-Panel-Menü' }).click();
  await narrow.keyboard.press('Escape');
  await expect(narrow.getByRole('dialog')).toBeHidden();
  // Closing gives the focus back to the button that opened the menu.
  await expect(narrow.getByRole('button', { name: 'Control-Panel-Menü' })).toBeFocused();
  await narrow.getByRole('button', { name: 'Control-Panel-Menü' }).click();
  await narrow.getByRole('button', { name: 'Menü schließen' }).click();
  await expect(narrow.getByRole('button', { name: 'Control-Panel-Menü' })).toBeFocused();
  expect(await narrow.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

test('account settings: heading, text and "Passwort ändern" opening the password change in a new tab', async ({
  page,
}) => {
  // Its own sign-in: the password flow renews the session, which must not be the shared one.
  await page.goto('/auth/login?returnTo=/control-panel/user/settings');
  await signIn(page, 'spieler');
  await expect(page.getByRole('heading', { level: 1, name: 'Accounteinstellungen' })).toBeVisible();
  const link = page.getByRole('link', { name: /Passwort ändern/ });
  await expect(link).toHaveAttribute('href', '/auth/password');
  await expect(link).toHaveAttribute('target', '_blank');
  const [tab] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
  await expect(tab.getByRole('heading', { name: 'Passwort aktualisieren' })).toBeVisible();
  await tab.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(tab).toHaveURL(/\/control-panel\/user\/settings\?passwort=abgebrochen$/);
  await expect(tab.getByText('Die Passwortänderung wurde abgebrochen.')).toBeVisible();
});

test('logout ends the session here and at the identity provider', async ({ page }) => {
  await page.goto('/auth/login?returnTo=/control-panel');
  await signIn(page, 'spieler');
  await expect(page).toHaveURL(/\/control-panel\/user$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Jonas_Weber' })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Hauptnavigation' })
    .getByRole('button', { name: 'Logout' })
    .click();
  // The start page says so, and its address loses the flag that asked for it.
  await expect(page.getByRole('status').filter({ hasText: 'Du wurdest abgemeldet.' })).toBeVisible();
  await expect(page).toHaveURL(/\/home$/);
  await expect(
    page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Anmelden' }),
  ).toBeVisible();
  await page.goto('/control-panel/user');
  await expect(page.getByRole('heading', { name: 'Bei Ihrem Konto anmelden' })).toBeVisible();
});

test('/control-panel/admin itself is not a page', async ({ asRole, expectConsoleError }) => {
  // Answered 404 (decision 092), which Chromium reports on the console.
  expectConsoleError(/status of 404/);
  const page = await asRole('admin');
  expect((await page.goto('/control-panel/admin'))?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Seite nicht gefunden' })).toBeVisible();
});
