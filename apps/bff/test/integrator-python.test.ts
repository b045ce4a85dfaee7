/**
 * README's Python example (examples/integrator.py) against a real stack of dev-idp, the game API
 * simulator and the BFF, as the end-to-end suite runs it too (e2e/integrator-example.spec.ts).
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { DEMO_INTEGRATOR_CLIENT_ID, DEMO_INTEGRATOR_SECRET } from '@nova/demo';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startStack, type Bff, type Stack } from './stack';

const run = promisify(execFile);
const SCRIPT = fileURLToPath(new URL('../examples/integrator.py', import.meta.url));
let stack: Stack;
let bff: Bff;

beforeAll(async () => {
  stack = await startStack();
  bff = await stack.startBff(0);
});
afterAll(() => stack.close());

it('the Python example reads, updates with If-Match, meets a 412 and creates once per key', async () => {
  const { stdout } = await run('python3', [SCRIPT], {
    env: {
      ...process.env,
      NOVA_URL: bff.url,
      NOVA_ISSUER: stack.idp.issuer,
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
