/**
 * Signed out, said so (decision 071): a session the BFF no longer has (here ended from another
 * browser of the same player, which deletes it from the session store; a Redis restart without
 * persistence loses it the same way) makes the open page say "Deine Sitzung ist abgelaufen – bitte
 * melde dich erneut an" instead of leaving, and the sign-in from there returns to the same page.
 */
import { expect, ownSession, signIn, test } from './fixtures';

test('a session lost while the page is open: the message, the sign-in, back at the same page', async ({
  browser,
  asRole,
}) => {
  const page = await ownSession(browser, 'spieler');
  await page.goto('/control-panel/user/inventory');
  await expect(page.getByRole('heading', { level: 1, name: 'Inventar' })).toBeVisible();
  const own = await page.evaluate(async () => {
    const answer = await fetch('/trpc/account.sessions', { headers: { 'x-csrf': '1' } });
    const body = (await answer.json()) as { result: { data: { id: string; current: boolean }[] } };
    return body.result.data.find((session) => session.current)?.id;
  });
  expect(own).toBeTruthy();

  // Another browser of the same player ends it: the session store no longer has it.
  const other = await asRole('spieler');
  await other.goto('/control-panel/user');
  const ended = await other.evaluate(async (id) => {
    const answer = await fetch('/trpc/account.endSession', {
      method: 'POST',
      headers: { 'x-csrf': '1', 'content-type': 'application/json' },
      body: JSON.stringify({ id }),
    });
    return answer.status;
  }, own);
  expect(ended).toBe(200);

  // The open page goes on to the next screen, which asks the BFF.
  await page.evaluate(() => {
    window.history.pushState(null, '', '/control-panel/user/skins');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByRole('alert')).toContainText(
    'Deine Sitzung ist abgelaufen – bitte melde dich erneut an',
  );
  await expect(page).toHaveURL(/\/control-panel\/user\/skins$/);

  await page.getByRole('link', { name: 'Erneut anmelden' }).click();
  // The identity provider asks again unless its own session outlived the BFF's.
  const form = page.getByLabel('Benutzername');
  const skins = page.getByRole('heading', { level: 1, name: 'Skins' });
  await expect(form.or(skins)).toBeVisible();
  if (await form.isVisible()) await signIn(page, 'spieler');
  await expect(skins).toBeVisible();
  await expect(page).toHaveURL(/\/control-panel\/user\/skins$/);
  await page.context().close();
});
