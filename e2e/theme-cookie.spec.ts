/** The theme follows the system until toggled, is remembered, never flashes; the cookie notice. */
import { expect, test } from './fixtures';

test.describe('theme', () => {
  test('follows the system until toggled, then is remembered', async ({ browser }) => {
    const context = await browser.newContext({ colorScheme: 'dark' });
    const page = await context.newPage();
    await page.goto('/home');
    await expect(page.locator('html')).toHaveClass(/dark/);
    const toggle = page.getByRole('switch', { name: 'Dunkles Design' });
    await expect(toggle).toBeChecked();
    await toggle.uncheck({ force: true });
    await expect(page.locator('html')).not.toHaveClass(/dark/);
    await page.reload();
    await expect(page.locator('html')).not.toHaveClass(/dark/);
    await context.close();
  });

  test('follows a change of the system theme while nothing was chosen', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/home');
    await expect(page.locator('html')).not.toHaveClass(/dark/);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveClass(/dark/);
  });

  test('is applied before the application code runs (no flash of the wrong theme)', async ({ browser }) => {
    const context = await browser.newContext({ colorScheme: 'light' });
    const errors: string[] = [];
    await context.addInitScript(() => window.localStorage.setItem('nova-theme', 'dark'));
    const page = await context.newPage();
    // Hold back the application bundle: only index.html's inline theme script runs (allowed by its
    // hash in the CSP, decision 052; a blocked script would be a console error).
    await page.route('**/assets/*.js', (route) => route.abort());
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/home', { waitUntil: 'domcontentloaded' });
    await expect(page.locator('html')).toHaveClass(/dark/);
    // The server's markup is painted dark; the application did not run (only it adds the cookie notice).
    await expect(page.getByRole('heading', { level: 1, name: 'Willkommen auf Nova Legacy' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Cookie-Hinweis' })).toHaveCount(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

test.describe('cookie notice', () => {
  test('is shown until "Verstanden", links to the privacy policy, and is remembered for 30 days', async ({
    page,
  }) => {
    await page.goto('/home');
    const notice = page.getByRole('region', { name: 'Cookie-Hinweis' });
    await expect(notice).toContainText(
      'Diese Website verwendet ausschließlich technisch notwendige Cookies.',
    );
    await expect(notice.getByRole('link', { name: 'Mehr Infos' })).toHaveAttribute(
      'href',
      '/termsOfUse#cookies',
    );
    await notice.getByRole('button', { name: 'Verstanden' }).click();
    await expect(notice).toBeHidden();
    await page.reload();
    await expect(page.getByRole('region', { name: 'Cookie-Hinweis' })).toBeHidden();
    const until = Number(await page.evaluate(() => window.localStorage.getItem('nova-cookie-consent')));
    const days = (until - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
  });

  test('comes right after the skip link in the tab order and gives the focus back when closed', async ({
    page,
  }) => {
    await page.goto('/home');
    const notice = page.getByRole('region', { name: 'Cookie-Hinweis' });
    await expect(notice).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Zum Inhalt springen' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(notice.getByRole('link', { name: 'Mehr Infos' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(notice.getByRole('button', { name: 'Verstanden' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(notice).toBeHidden();
    await expect(page.getByRole('link', { name: 'Zum Inhalt springen' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.locator('body')).not.toBeFocused();
    expect(await page.evaluate(() => document.activeElement?.closest('header, nav') !== null)).toBe(true);
  });

  test('returns once the 30 days are over', async ({ page }) => {
    await page.addInitScript(() =>
      window.localStorage.setItem('nova-cookie-consent', String(Date.now() - 1000)),
    );
    await page.goto('/home');
    await expect(page.getByRole('region', { name: 'Cookie-Hinweis' })).toBeVisible();
  });

  test('"Mehr Infos" leads to the cookie section of the privacy policy', async ({ page }) => {
    await page.goto('/home');
    await page
      .getByRole('region', { name: 'Cookie-Hinweis' })
      .getByRole('link', { name: 'Mehr Infos' })
      .click();
    await expect(page).toHaveURL(/\/termsOfUse#cookies$/);
    await expect(page.locator('#cookies')).toBeInViewport();
  });
});
