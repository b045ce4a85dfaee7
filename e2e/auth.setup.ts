/**
 * Signs in once per demo account and saves the browser state for the other tests; first the admin
 * sessions that tests use once their sign-in is past the step-up window (decision 095).
 */
import { test as setup, expect, type Page } from '@playwright/test';
import { signIn } from './fixtures';
import { EARLY_ADMIN_SESSIONS, earlyStorageStateOf, storageStateOf, type Role } from './stack';

async function signInAndSave(page: Page, role: Role, path: string) {
  await page.goto('/auth/login?returnTo=/control-panel');
  await signIn(page, role);
  await expect(page).toHaveURL(/\/control-panel\/user$/);
  // Dismiss the cookie notice once, so it does not cover content in later tests.
  await page.getByRole('button', { name: 'Verstanden' }).click();
  await page.context().storageState({ path });
}

for (const name of EARLY_ADMIN_SESSIONS) {
  setup(`sign in as admin for ${name}`, async ({ page }) => {
    await signInAndSave(page, 'admin', earlyStorageStateOf(name));
  });
}

for (const role of ['spieler', 'beta', 'admin'] as Role[]) {
  setup(`sign in as ${role}`, async ({ page }) => {
    await signInAndSave(page, role, storageStateOf(role));
  });
}
