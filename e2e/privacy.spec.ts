/**
 * "Meine Daten" and "Datenschutzanfragen" in Chromium (decisions 101, 102): the player prepares and
 * downloads their export with its progress; asks for restriction and erasure; the operator sees the
 * requests with their deadline, moves one to "erledigt" and refuses the other with a reason; the
 * player sees both answers. No serious axe violation at 360 px in either theme.
 */
import type { Page } from '@playwright/test';
import { expectNoSeriousAxe } from './axe';
import { expect, test } from './fixtures';
import { scaled } from './stack';

const SETTINGS = '/control-panel/user/settings';
const REQUESTS = '/control-panel/admin/privacy-requests';
const PHONE = { width: 360, height: 740 };

/** No serious axe violation in either theme, once the page has loaded what it shows. */
async function noSeriousViolation(page: Page): Promise<void> {
  await expect(page.getByText(/(werden|wird) geladen/i)).toHaveCount(0);
  await expectNoSeriousAxe(page);
}

async function noHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('a player downloads their data and asks for restriction and erasure; the operator answers both', async ({
  asRole,
  expectConsoleError,
}) => {
  test.slow();
  // The second export of the day is answered 429 and a rejection without a reason 400, which the
  // browser logs.
  expectConsoleError(/status of 429/);
  expectConsoleError(/status of 400/);
  const player = await asRole('spieler', { viewport: PHONE });
  await player.goto(SETTINGS);
  const myData = player.getByRole('region', { name: 'Meine Daten' });
  await expect(myData).toBeVisible();

  // The export: started, its progress shown, then the download.
  await myData.getByRole('button', { name: 'Daten herunterladen' }).click();
  await expect(myData.getByRole('button', { name: 'ZIP herunterladen' })).toBeVisible({
    timeout: scaled(30_000),
  });
  await expect(myData.getByText('Dein Export ist fertig.')).toBeVisible();
  const download = player.waitForEvent('download');
  await myData.getByRole('button', { name: 'ZIP herunterladen' }).click();
  expect((await download).suggestedFilename()).toMatch(/^meine-daten-\d{4}-\d{2}-\d{2}\.zip$/);
  // A second export the same day is refused in German.
  await myData.getByRole('button', { name: 'Daten herunterladen' }).click();
  await expect(
    myData.getByText('Du hast heute schon einen Export angefordert. Ein neuer ist morgen wieder möglich.'),
  ).toBeVisible();

  // The requests.
  await myData.getByLabel('Begründung zur Einschränkung (freiwillig)').fill('Bitte nur noch das Nötigste.');
  await myData.getByRole('button', { name: 'Einschränkung beantragen' }).click();
  await expect(
    myData.getByText('Deine Anfrage ist eingegangen. Wir antworten innerhalb eines Monats.'),
  ).toBeVisible();
  await myData.getByRole('button', { name: 'Löschung beantragen' }).click();
  const own = myData.getByRole('list', { name: 'Deine Anfragen' });
  await expect(own.getByRole('listitem')).toHaveCount(2);
  await expect(own.getByText('eingegangen', { exact: true })).toHaveCount(2);
  await expect(own.getByText('(Frist läuft)')).toHaveCount(2);
  await noHorizontalScroll(player);
  await noSeriousViolation(player);

  // The operator: both requests with their deadline, one month from today.
  const admin = await asRole('admin', { viewport: PHONE });
  await admin.goto(REQUESTS);
  await expect(admin.getByRole('heading', { name: 'Datenschutzanfragen', level: 1 })).toBeVisible();
  const restriction = admin.getByRole('article', { name: 'Einschränkung von spieler' });
  const erasure = admin.getByRole('article', { name: 'Löschung von spieler' });
  await expect(restriction.getByText('Frist läuft', { exact: true })).toBeVisible();
  // Today as the page counts it, in Europe/Berlin (the browser's zone): this process may run in
  // another, where between its midnight and Berlin's it is still the day before.
  const [year, month, day] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' })
    .format(new Date())
    .split('-')
    .map(Number) as [number, number, number];
  const inAMonth = new Date(Date.UTC(year, month, day));
  if (inAMonth.getUTCDate() !== day) inAMonth.setUTCDate(0);
  const deadline = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    inAMonth,
  );
  await expect(restriction.getByText(deadline)).toBeVisible();
  await expect(restriction.getByText('Bitte nur noch das Nötigste.')).toBeVisible();
  await noSeriousViolation(admin);
  await noHorizontalScroll(admin);

  await restriction.getByRole('button', { name: 'In Bearbeitung nehmen' }).click();
  await expect(restriction.getByText('in Bearbeitung', { exact: true })).toBeVisible();
  await restriction.getByRole('button', { name: 'Erledigt' }).click();
  await expect(restriction.getByText('erledigt', { exact: true })).toBeVisible();

  await erasure.getByRole('button', { name: 'Ablehnen' }).click();
  await erasure.getByRole('button', { name: 'Anfrage ablehnen' }).click();
  await expect(erasure.getByText('Bitte gib einen Grund für die Ablehnung an.')).toBeVisible();
  await erasure.getByLabel('Grund der Ablehnung').fill('Laufendes Sperrverfahren, Aufbewahrung nötig.');
  await erasure.getByRole('button', { name: 'Anfrage ablehnen' }).click();
  await expect(erasure.getByText('abgelehnt', { exact: true })).toBeVisible();

  // The player sees both answers.
  await player.reload();
  await expect(own.getByText('erledigt', { exact: true })).toBeVisible();
  await expect(own.getByText('abgelehnt', { exact: true })).toBeVisible();
  await expect(own.getByText('Grund: Laufendes Sperrverfahren, Aufbewahrung nötig.')).toBeVisible();
});

test('the privacy requests page needs its own role', async ({ asRole }) => {
  const beta = await asRole('beta');
  await beta.goto(REQUESTS);
  await expect(
    beta.getByRole('heading', { name: 'Sorry, hierfür besitzt du keine Berechtigung.' }),
  ).toBeVisible();
});
