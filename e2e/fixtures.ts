/**
 * The test fixture: every page fails its test on an unexpected console error or uncaught exception
 * (STYLE.md); `expectConsoleError` allows one pattern. `asRole` gives a page signed in as a demo
 * account, from the storage state the setup project saved; `earlyAdmin` one of the admin sessions the
 * setup project signed in for a test of its own (decision 095).
 */
import { test as base, expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { earlyStorageStateOf, storageStateOf, type EarlyAdminSession, type Role } from './stack';

interface Fixtures {
  allowedConsole: RegExp[];
  consoleGuard: undefined;
  expectConsoleError: (pattern: RegExp) => void;
  asRole: (role: Role, options?: { viewport?: { width: number; height: number } }) => Promise<Page>;
  earlyAdmin: (name: EarlyAdminSession) => Promise<Page>;
}

/** Collects console errors and uncaught exceptions of every page of a context. */
function watchContext(context: BrowserContext, allowed: RegExp[]): string[] {
  const found: string[] = [];
  const watch = (page: Page) => {
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const text = `${message.text()} @ ${message.location().url}`;
      if (!allowed.some((pattern) => pattern.test(text))) found.push(text);
    });
    page.on('pageerror', (error) => found.push(`pageerror: ${error.message}`));
  };
  context.pages().forEach(watch);
  context.on('page', watch);
  return found;
}

type OpenPage = (storageState: string, viewport?: { width: number; height: number }) => Promise<Page>;

/**
 * Opens pages, each in a context of its own from a saved storage state; checks their consoles and
 * closes them after the test.
 */
async function withContexts(browser: Browser, allowed: RegExp[], use: (open: OpenPage) => Promise<void>) {
  const opened: { context: BrowserContext; found: string[] }[] = [];
  await use(async (storageState, viewport) => {
    const context = await browser.newContext({
      storageState,
      locale: 'de-DE',
      timezoneId: 'Europe/Berlin',
      ...(viewport ? { viewport } : {}),
    });
    opened.push({ context, found: watchContext(context, allowed) });
    return context.newPage();
  });
  const found = opened.flatMap((o) => o.found);
  for (const { context } of opened) await context.close();
  expect(found, 'unexpected console errors').toEqual([]);
}

export const test = base.extend<Fixtures>({
  // eslint-disable-next-line no-empty-pattern -- Playwright requires the fixture argument to be destructured
  allowedConsole: async ({}, use) => {
    await use([]);
  },
  expectConsoleError: async ({ allowedConsole }, use) => {
    await use((pattern) => allowedConsole.push(pattern));
  },
  consoleGuard: [
    async ({ context, allowedConsole }, use) => {
      const found = watchContext(context, allowedConsole);
      await use(undefined);
      expect(found, 'unexpected console errors').toEqual([]);
    },
    { auto: true },
  ],
  asRole: async ({ browser, allowedConsole }, use) => {
    await withContexts(browser, allowedConsole, (open) =>
      use((role, options) => open(storageStateOf(role), options?.viewport)),
    );
  },
  earlyAdmin: async ({ browser, allowedConsole }, use) => {
    await withContexts(browser, allowedConsole, (open) => use((name) => open(earlyStorageStateOf(name))));
  },
});

export { expect };

/** Signs in through the identity provider's German login form. */
export async function signIn(page: Page, username: string, password = username): Promise<void> {
  await page.getByLabel('Benutzername').fill(username);
  await page.getByLabel('Passwort').fill(password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
}

/**
 * A page signed in through its own identity-provider session, for tests that sign in again (a
 * re-authentication before deleting): doing that in the shared storage state would end the shared
 * session every other test of the account uses. Closed with the test.
 */
export async function ownSession(browser: Browser, role: Role): Promise<Page> {
  const context = await browser.newContext({ locale: 'de-DE', timezoneId: 'Europe/Berlin' });
  const page = await context.newPage();
  await page.goto('/auth/login?returnTo=/control-panel/user');
  await signIn(page, role);
  await expect(page).toHaveURL(/\/control-panel\/user$/);
  await page.getByRole('button', { name: 'Verstanden' }).click();
  return page;
}
