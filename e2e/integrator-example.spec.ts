/**
 * README's Python example (apps/bff/examples/integrator.py, standard library only) against the started
 * stack: the toplist, a create sent twice with one Idempotency-Key, an update with If-Match, the 412 of
 * an old ETag. The script fails (exit code) when an answer is not the documented one. Its writes then
 * show on the "Integrationen" page (decision 083).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { DEMO_INTEGRATOR_CLIENT_ID, DEMO_INTEGRATOR_SECRET } from '@nova/demo';
import { expect, test } from './fixtures';
import { E2E, scaled } from './stack';

const runExample = () =>
  promisify(execFile)('python3', ['apps/bff/examples/integrator.py'], {
    env: {
      ...process.env,
      NOVA_URL: E2E.bff,
      NOVA_ISSUER: E2E.issuer,
      NOVA_CLIENT_ID: DEMO_INTEGRATOR_CLIENT_ID,
      NOVA_CLIENT_SECRET: DEMO_INTEGRATOR_SECRET,
    },
    // Sized for the machine's load, as every budget of the suite (decision 095).
    timeout: scaled(60_000),
  });

test('the Python example runs against the stack', async () => {
  const { stdout } = await runExample();
  expect(stdout).toContain('Bestenliste (Verbrechen):');
  expect(stdout).toMatch(/Geändert: \d+ Punkte/);
  expect(stdout).toContain('412: Die Zeile wurde seit deinem Abruf geändert.');
  expect(stdout).toMatch(
    /Angelegt \(201\): \/api\/v1\/catalogues\/wanted-reasons\/\d+; Wiederholung: dieselbe Id True/,
  );
});

test("the integrator's writes show on the Integrationen page", async ({ asRole }) => {
  await runExample();
  const page = await asRole('admin');
  await page.goto('/control-panel/admin/integrations');
  await expect(page.getByRole('heading', { level: 1, name: 'Integrationen' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: DEMO_INTEGRATOR_CLIENT_ID });
  await expect(row).toContainText('nova.catalogues.write');
  await expect(row.getByRole('link', { name: 'Im Anmeldedienst öffnen' })).toHaveAttribute(
    'href',
    /\/users\//,
  );
});

test('the reference page shows the API from our own origin, within the CSP', async ({ page }) => {
  const foreign: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(E2E.bff)) foreign.push(request.url());
  });
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /Nova Legacy API/ })).toBeVisible();
  await expect(page.getByText('/catalogues/wanted-reasons/{id}').first()).toBeVisible();
  expect(foreign).toEqual([]);
});
