/**
 * The "Webhooks" page (decision 097): an admin subscribes a receiver, sees the secret once, a created
 * catalogue row arrives signed at the receiver and shows in the delivery log; axe finds nothing
 * serious in either theme, and the page fits 360 px.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { expectNoSeriousAxe } from './axe';
import { expect, test } from './fixtures';
import { mutate } from './mutate';
import { E2E, scaled } from './stack';

let server: Server;
let receiverUrl = '';
const received: { headers: IncomingHttpHeaders; body: string }[] = [];

test.beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(E2E.webhookReceiverPort, '127.0.0.1', resolve));
  const address = server.address();
  receiverUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/hook`;
});

test.afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

test('an admin subscribes, sees the secret once, and follows a signed delivery in the log', async ({
  asRole,
  expectConsoleError,
}) => {
  test.slow();
  // The empty form's refusal (400 with the field's message).
  expectConsoleError(/status of 400/);
  const page = await asRole('admin');
  await page.goto('/control-panel/admin/webhooks');
  await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();

  // A private address is refused in production; the e2e stack allows it (WEBHOOKS_ALLOW_PRIVATE_TARGETS).
  await page.getByRole('button', { name: 'Abonnieren' }).click();
  await expect(page.getByText('Bitte gib eine Adresse ein.')).toBeVisible();
  await page.getByLabel('Adresse (URL)').fill(receiverUrl);
  await page.getByRole('checkbox', { name: 'Katalogeintrag angelegt' }).check();
  await page.getByRole('button', { name: 'Abonnieren' }).click();

  const secretBox = page.getByRole('region', { name: 'Geheimnis – wird nur jetzt angezeigt' });
  await expect(secretBox).toBeVisible();
  const secret = (await secretBox.locator('code').textContent()) ?? '';
  expect(secret).toMatch(/^whsec_/);
  const card = page.getByRole('listitem').filter({ hasText: receiverUrl });
  await expect(card).toContainText('Katalogeintrag angelegt');
  await expect(card.getByText('Aktiv')).toBeVisible();
  await page.getByRole('button', { name: 'Gespeichert, ausblenden' }).click();
  await expect(secretBox).toHaveCount(0);
  await page.reload();
  await expect(card).toBeVisible();
  await expect(page.getByText(secret)).toHaveCount(0);

  // An event: a wanted reason created through the write path.
  const name = `Webhook-Test ${Date.now()}`;
  const created = await mutate(page, 'catalogue.wantedReasons.create', {
    values: { reason_name: name, points: 2, is_static: 0 },
  });
  expect(created.status).toBe(200);
  await expect.poll(() => received.length, { timeout: scaled(20_000) }).toBeGreaterThan(0);
  const delivery = received.find((r) => r.body.includes(name));
  expect(delivery).toBeDefined();
  const event = new Webhook(secret).verify(delivery?.body ?? '', {
    'webhook-id': String(delivery?.headers['webhook-id']),
    'webhook-timestamp': String(delivery?.headers['webhook-timestamp']),
    'webhook-signature': String(delivery?.headers['webhook-signature']),
  });
  expect(event).toMatchObject({
    type: 'catalogue.created',
    data: { text: `Wantedgrund „${name}“ angelegt`, actor: { name: 'admin', displayName: 'Admin_Nova' } },
  });

  await card.getByRole('button', { name: 'Zustellungen anzeigen' }).click();
  const row = card.getByRole('row').filter({ hasText: 'Katalogeintrag angelegt' });
  await expect(row).toContainText('zugestellt');
  await expect(row).toContainText('HTTP 204');

  await expectNoSeriousAxe(page);

  await page.setViewportSize({ width: 360, height: 800 });
  await expect(card.getByRole('button', { name: 'Zustellungen ausblenden' })).toBeVisible();
  // With the delivery log open the page stays 360 px wide: the table scrolls inside its own region,
  // which the keyboard reaches and scrolls.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const log = card.getByRole('region', { name: 'Zustellungen' });
  const widths = await log.evaluate((region) => ({ scroll: region.scrollWidth, client: region.clientWidth }));
  expect(widths.scroll).toBeGreaterThan(widths.client);
  await log.focus();
  await expect(log).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => log.evaluate((region) => region.scrollLeft)).toBeGreaterThan(0);

  // Clean up: deleting asks once more.
  await card.getByRole('button', { name: 'Löschen' }).click();
  await card.getByRole('button', { name: 'Wirklich löschen' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: receiverUrl })).toHaveCount(0);
});
