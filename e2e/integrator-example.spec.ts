/**
 * README's Python example (apps/bff/examples/integrator.py, standard library only) against the started
 * stack: the toplist, an update with If-Match, the 412 of an old ETag, a create sent twice with one
 * Idempotency-Key. The script fails (exit code) when an answer is not the documented one.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { DEMO_INTEGRATOR_CLIENT_ID, DEMO_INTEGRATOR_SECRET } from '@nova/demo';
import { E2E } from './stack';

const run = promisify(execFile);

test('the Python example runs against the stack', async () => {
  const { stdout } = await run('python3', ['apps/bff/examples/integrator.py'], {
    env: {
      ...process.env,
      NOVA_URL: E2E.bff,
      NOVA_ISSUER: E2E.issuer,
      NOVA_CLIENT_ID: DEMO_INTEGRATOR_CLIENT_ID,
      NOVA_CLIENT_SECRET: DEMO_INTEGRATOR_SECRET,
    },
    timeout: 60_000,
  });
  expect(stdout).toContain('Bestenliste (Verbrechen):');
  expect(stdout).toMatch(/Geändert: \d+ Punkte/);
  expect(stdout).toContain('412: Die Zeile wurde seit deinem Abruf geändert.');
  expect(stdout).toMatch(
    /Angelegt \(201\): \/api\/v1\/catalogues\/wanted-reasons\/\d+; Wiederholung: dieselbe Id True/,
  );
});
