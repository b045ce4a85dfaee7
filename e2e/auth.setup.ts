/** Signs in once per demo account and saves the browser state for the other tests. */
import { test as setup, expect } from '@playwright/test';
import { signIn } from './fixtures';
import { storageStateOf, type Role } from './stack';

for (const role of ['spieler', 'beta', 'admin'] as Role[]) {
  setup(`sign in as ${role}`, async ({ page }) => {
    await page.goto('/auth/login?returnTo=/control-panel');
    await signIn(page, role);
    await expect(page).toHaveURL(/\/control-panel\/user$/);
    // Dismiss the cookie notice once, so it does not cover content in later tests.
    await page.getByRole('button', { name: 'Verstanden' }).click();
    await page.context().storageState({ path: storageStateOf(role) });
  });
}
