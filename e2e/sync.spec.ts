/**
 * Account synchronisation in Chromium against the real stack (BFF, dev-idp, game-api-sim,
 * discord-sim). The wizards change the simulator's state, so each platform's steps run in order.
 */
import { gameApiPaths } from '@nova/contracts';
import { DEMO_ACCOUNTS, DEMO_IDP_ONLY_ACCOUNTS, DEMO_TEAMSPEAK_IDENTITIES } from '@nova/demo';
import { TEAMSPEAK_NICKNAME_TOO_LONG } from '@nova/domain';
import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';
import { gameApi } from './game-api';
import { E2E } from './stack';

const TEAMSPEAK = '/control-panel/user/sync/teamspeak';
const DISCORD = '/control-panel/user/sync/discord';

const step = (page: Page, n: number, title: string) =>
  page.getByRole('group', { name: `Schritt ${n}: ${title}` });

test('the overview shows three cards with their link status; the forum is not available yet', async ({
  asRole,
}) => {
  const page = await asRole('beta');
  await page.goto('/control-panel/user/sync');
  await expect(page.getByRole('heading', { level: 1, name: 'Account Synchronisation' })).toBeVisible();
  const card = (name: string) => page.getByRole('group', { name });
  await expect(card('Teamspeak').getByText('Verbunden', { exact: true })).toBeVisible();
  await expect(card('Discord').getByText('Nicht verbunden', { exact: true })).toBeVisible();
  await expect(card('Forum').getByText(/noch nicht verfügbar/)).toBeVisible();
  await expect(card('Forum').getByRole('button', { name: 'Account einrichten' })).toBeDisabled();
  await card('Teamspeak').getByRole('link', { name: 'Account einrichten' }).click();
  await expect(page).toHaveURL(new RegExp(`${TEAMSPEAK}$`));
  // beta is linked already: the wizard starts at the sync step.
  await expect(step(page, 3, 'Sync')).toHaveAttribute('aria-current', 'step');
  await expect(page.getByText(/^Aktueller Status: Verbunden \(ID: .+\)$/)).toBeVisible();
});

test.describe.serial('Teamspeak wizard (spieler)', () => {
  test('walks through download, a 404 identity, linking, sync and disconnect', async ({
    asRole,
    expectConsoleError,
  }) => {
    expectConsoleError(/status of 404/);
    const page = await asRole('spieler');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: E2E.bff });
    await page.goto(TEAMSPEAK);
    await expect(page.getByRole('heading', { level: 1, name: 'Teamspeak Synchronisation' })).toBeVisible();
    await expect(step(page, 1, 'Download')).toHaveAttribute('aria-current', 'step');
    const start = page.getByRole('button', { name: 'Authentifizierung starten' });
    await expect(start).toBeDisabled();
    // The breadcrumbs lead back to the overview.
    const crumbs = page.getByRole('navigation', { name: 'Brotkrümelnavigation' });
    await expect(crumbs.getByRole('link', { name: 'Synchronisation' })).toHaveAttribute(
      'href',
      '/control-panel/user/sync',
    );
    await expect(crumbs.getByText('Teamspeak')).toHaveAttribute('aria-current', 'page');
    await page.getByRole('button', { name: 'Weiter' }).click();
    await expect(step(page, 2, 'Authentifizierung')).toHaveAttribute('aria-current', 'step');
    await expect(step(page, 1, 'Download')).not.toHaveAttribute('aria-current', 'step');
    // The keyboard continues at the new step's heading; the step is in the address and survives a reload.
    await expect(step(page, 2, 'Authentifizierung').getByRole('heading', { level: 2 })).toBeFocused();
    await expect(page).toHaveURL(new RegExp(`${TEAMSPEAK}\\?schritt=2$`));
    await page.reload();
    await expect(step(page, 2, 'Authentifizierung')).toHaveAttribute('aria-current', 'step');

    const { id, username } = DEMO_ACCOUNTS.spieler;
    const nickname = `${id.slice(0, 3)}${username}${id.slice(-3)}`;
    await expect(page.getByLabel('Dein Nickname auf dem Teamspeak-Server')).toHaveValue(nickname);
    await page.getByRole('button', { name: 'Nickname kopieren' }).click();
    await expect(page.getByText('Der Nickname wurde in die Zwischenablage kopiert.')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(nickname);

    const identity = page.getByPlaceholder('Teamspeak Identität');
    await expect(start).toBeDisabled();
    await identity.fill('Aaaaaaaaaaaaaaaaaaaaaaaaaaa=');
    await start.click();
    await expect(
      page.getByText(
        'Deine Identität konnte nicht festgestellt werden. Bitte überprüfe deinen Nickname und deine Identität.',
      ),
    ).toBeVisible();
    await expect(step(page, 2, 'Authentifizierung')).toHaveAttribute('aria-current', 'step');

    const known = DEMO_TEAMSPEAK_IDENTITIES[1];
    await identity.fill(known);
    await start.click();
    await expect(step(page, 3, 'Sync')).toHaveAttribute('aria-current', 'step');
    const status = page.getByText(`Aktueller Status: Verbunden (ID: ${known})`);
    await expect(status).toBeVisible();
    // One message at a time: the success replaced the error.
    await expect(page.getByText('Dein Teamspeak Account wurde verbunden')).toBeVisible();
    await expect(page.getByText(/Identität konnte nicht festgestellt werden/)).toHaveCount(0);
    // The long id stays inside its card.
    const card = await step(page, 3, 'Sync').boundingBox();
    const line = await status.boundingBox();
    expect(line && card && line.x + line.width <= card.x + card.width).toBe(true);

    await page.getByRole('button', { name: 'Synchronisation starten' }).click();
    await expect(page.getByText('Synchronisation erfolgreich abgeschlossen')).toBeVisible();

    await page.getByRole('button', { name: 'Verbindung trennen' }).click();
    await expect(page.getByText('Die Verbindung zu deinem Teamspeak Account wurde aufgehoben')).toBeVisible();
    await expect(step(page, 1, 'Download')).toHaveAttribute('aria-current', 'step');
    await page.goto('/control-panel/user/sync');
    await expect(
      page.getByRole('group', { name: 'Teamspeak' }).getByText('Nicht verbunden', { exact: true }),
    ).toBeVisible();
  });

  test('a nickname over 30 characters is explained, and the game API is never asked', async ({ browser }) => {
    // dev-idp's account with a very long username: 3 + 35 + 3 = 41 characters of nickname.
    const { id, username, password } = DEMO_IDP_ONLY_ACCOUNTS.langname;
    const nickname = `${id.slice(0, 3)}${username}${id.slice(-3)}`;
    expect(nickname).toHaveLength(41);
    const linked = () => gameApi<unknown[]>(gameApiPaths.externalAccounts(id));
    expect(await linked()).toEqual([]);

    const context = await browser.newContext({ locale: 'de-DE', timezoneId: 'Europe/Berlin' });
    const page = await context.newPage();
    await page.goto(`/auth/login?returnTo=${encodeURIComponent(TEAMSPEAK)}`);
    await signIn(page, username, password);
    await expect(page.getByRole('heading', { level: 1, name: 'Teamspeak Synchronisation' })).toBeVisible();
    await page.getByRole('button', { name: 'Weiter' }).click();
    await expect(page.getByLabel('Dein Nickname auf dem Teamspeak-Server')).toHaveValue(nickname);
    await expect(page.getByRole('alert').filter({ hasText: TEAMSPEAK_NICKNAME_TOO_LONG })).toContainText(
      '(aktuell 41 von höchstens 30 Zeichen)',
    );
    // A known identity would link at once: the button stays off instead.
    await page.getByPlaceholder('Teamspeak Identität').fill(DEMO_TEAMSPEAK_IDENTITIES[2]);
    await expect(page.getByRole('button', { name: 'Authentifizierung starten' })).toBeDisabled();

    // Sent anyway (bypassing the page), the BFF refuses it with the same German message before the
    // game API: nothing is linked.
    const answer = await page.evaluate(async (identity) => {
      const response = await fetch('/trpc/externalAccounts.linkTeamspeak', {
        method: 'POST',
        headers: { 'x-csrf': '1', 'content-type': 'application/json' },
        body: JSON.stringify({ values: { identity } }),
      });
      const body = (await response.json()) as { error?: { message?: string } };
      return { status: response.status, message: body.error?.message };
    }, DEMO_TEAMSPEAK_IDENTITIES[2]);
    expect(answer).toEqual({ status: 412, message: TEAMSPEAK_NICKNAME_TOO_LONG });
    expect(await linked()).toEqual([]);
    await context.close();
  });
});

test.describe.serial('Discord wizard (spieler)', () => {
  test('links through the Discord stand-in in a popup, syncs and disconnects', async ({ asRole }) => {
    const page = await asRole('spieler');
    await page.goto(DISCORD);
    await expect(page.getByRole('heading', { level: 1, name: 'Discord Synchronisation' })).toBeVisible();
    await page.getByRole('button', { name: 'Weiter' }).click();
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Verbinden' }).click();
    const popup = await popupOpened;
    await expect(popup.getByText('Nova Legacy möchte auf dein Discord-Konto zugreifen')).toBeVisible();
    await popup.getByLabel('Discord-Benutzername').fill('nova_e2e');
    // The popup closes itself at once: wait for that before clicking, or the event is missed.
    const closed = popup.waitForEvent('close');
    await popup.getByRole('button', { name: 'Autorisieren' }).click({ noWaitAfter: true });
    await closed;

    await expect(step(page, 3, 'Sync')).toHaveAttribute('aria-current', 'step');
    await expect(page.getByText(/^Aktueller Status: Verbunden \(ID: [1-9]\d{17}\)$/)).toBeVisible();
    await expect(page.getByText('Dein Discord Konto wurde verbunden')).toBeVisible();
    // The Discord name from the authorisation, kept by the BFF.
    await expect(page.getByText('Discord-Name: nova_e2e', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Synchronisation starten' }).click();
    await expect(page.getByText('Synchronisation erfolgreich abgeschlossen')).toBeVisible();
    await page.getByRole('button', { name: 'Verbindung trennen' }).click();
    await expect(page.getByText('Die Verbindung zu deinem Discord Konto wurde aufgehoben')).toBeVisible();
    await expect(step(page, 1, 'Download')).toHaveAttribute('aria-current', 'step');
  });

  test('a cancelled authorisation says it was cancelled and links nothing', async ({ asRole }) => {
    const page = await asRole('spieler');
    await page.goto(DISCORD);
    await page.getByRole('button', { name: 'Weiter' }).click();
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Verbinden' }).click();
    const popup = await popupOpened;
    // The popup closes itself at once: wait for that before clicking, or the event is missed.
    const closed = popup.waitForEvent('close');
    await popup.getByRole('button', { name: 'Abbrechen' }).click({ noWaitAfter: true });
    await closed;
    await expect(
      page
        .getByRole('status')
        .getByText('Die Discord-Autorisierung wurde abgebrochen. Es wurde nichts verknüpft.'),
    ).toBeVisible();
    await expect(page.getByText('Etwas ist schiefgelaufen')).toHaveCount(0);
    await expect(step(page, 2, 'Authentifizierung')).toHaveAttribute('aria-current', 'step');
    // The focus is back on "Verbinden", where the player left it.
    await expect(page.getByRole('button', { name: 'Verbinden' })).toBeFocused();

    // Closing the window without an answer is a cancellation too.
    const again = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Verbinden' }).click();
    await (await again).close();
    await expect(
      page
        .getByRole('status')
        .getByText('Die Discord-Autorisierung wurde abgebrochen. Es wurde nichts verknüpft.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Verbinden' })).toBeEnabled();
    await page.goto('/control-panel/user/sync');
    await expect(
      page.getByRole('group', { name: 'Discord' }).getByText('Nicht verbunden', { exact: true }),
    ).toBeVisible();
  });

  test('where popups are blocked, the same flow runs in the page itself', async ({ asRole }) => {
    const page = await asRole('spieler');
    await page.addInitScript(() => {
      window.open = () => null;
    });
    await page.goto(DISCORD);
    await page.getByRole('button', { name: 'Weiter' }).click();
    await page.getByRole('button', { name: 'Verbinden' }).click();
    await expect(page.getByText('Nova Legacy möchte auf dein Discord-Konto zugreifen')).toBeVisible();
    await page.getByLabel('Discord-Benutzername').fill('nova_redirect');
    await page.getByRole('button', { name: 'Autorisieren' }).click();
    await expect(page).toHaveURL(new RegExp(`${DISCORD}\\?schritt=3$`));
    await expect(step(page, 3, 'Sync')).toHaveAttribute('aria-current', 'step');
    await expect(page.getByText(/^Aktueller Status: Verbunden \(ID: \d+\)$/)).toBeVisible();
    await page.getByRole('button', { name: 'Verbindung trennen' }).click();
    await expect(page.getByText('Die Verbindung zu deinem Discord Konto wurde aufgehoben')).toBeVisible();
  });
});
