/**
 * Step-up and machine clients against the real Keycloak 26 (decision 053): a person's access token sent
 * as bearer is held to the step-up window by its own `auth_time` (Keycloak puts it in person tokens;
 * a refreshed token keeps the sign-in's), and the integrator's client-credentials token is a machine
 * client: no player data, no deletes, its calls recorded as such.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '@nova/demo';
import { clientCredentialsToken } from './admin';
import { codeByHand } from './oidc';
import { scaled } from '../e2e/stack';
import { KC, USERS } from './stack';

const claimsOf = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;

interface Tokens {
  access_token: string;
  refresh_token: string;
}

async function tokenRequest(body: Record<string, string>): Promise<Tokens> {
  const response = await fetch(`${KC.issuer}/protocol/openid-connect/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${KC.clientId}:${KC.clientSecret}`).toString('base64')}`,
    },
    body: new URLSearchParams(body),
  });
  if (!response.ok) throw new Error(`token endpoint answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as Tokens;
}

/** nova-web's code flow done by hand in the browser: a person's own access token, as a script would hold it. */
async function personTokens(page: Page): Promise<Tokens> {
  const flow = await codeByHand(page, async (p) => {
    await p.getByLabel('Benutzername oder E-Mail').fill(USERS.admin.username);
    await p.getByLabel('Passwort', { exact: true }).fill(USERS.admin.password);
    await p.getByRole('button', { name: 'Anmelden' }).click();
  });
  return tokenRequest({
    grant_type: 'authorization_code',
    code: flow.code,
    redirect_uri: flow.redirectUri,
    code_verifier: flow.verifier,
  });
}

const removeWith = (request: APIRequestContext, token: string) =>
  request.post('/trpc/catalogue.wantedReasons.remove', {
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    data: { id: 999_999, expected: { id: 999_999, reason_name: 'Keiner', points: 1, is_static: 0 } },
  });

const reasonOf = async (response: Awaited<ReturnType<typeof removeWith>>) =>
  ((await response.json()) as { error?: { data?: { reason?: string | null } } }).error?.data?.reason ?? null;

test("a person's bearer token is held to the step-up window by its auth_time", async ({ page, request }) => {
  test.slow(); // waits out the window
  const tokens = await personTokens(page);
  const authTime = claimsOf(tokens.access_token).auth_time;
  expect(typeof authTime).toBe('number');
  // Signed in just now: the remove passes the step-up (the id does not exist: the BFF's read finds
  // the row gone and answers the conflict "deleted" instead of deleting).
  const fresh = await removeWith(request, tokens.access_token);
  expect(await reasonOf(fresh)).toBe('deleted');
  expect(fresh.status()).toBe(409);

  // Past the window a refreshed token keeps the sign-in's auth_time: refused with the step-up reason.
  await expect
    .poll(
      async () => {
        const refreshed = await tokenRequest({
          grant_type: 'refresh_token',
          refresh_token: tokens.refresh_token,
        });
        expect(claimsOf(refreshed.access_token).auth_time).toBe(authTime);
        return reasonOf(await removeWith(request, refreshed.access_token));
      },
      { timeout: scaled(60_000), intervals: [3000] },
    )
    .toBe('STEP_UP_REQUIRED');
});

test('the integrator is a machine client: no player data, no deletes', async ({ request }) => {
  const token = await clientCredentialsToken(KC.integratorId, KC.integratorSecret);
  const claims = claimsOf(token);
  expect(claims.azp).toBe(KC.integratorId);
  expect(claims).not.toHaveProperty('auth_time');
  const headers = { authorization: `Bearer ${token}` };
  const input = encodeURIComponent(JSON.stringify({ userId: DEMO_ACCOUNTS.spieler.id }));
  for (const path of ['player.bankAccounts', 'player.inventory', 'player.profile']) {
    const answer = await request.get(`/trpc/${path}?input=${input}`, { headers });
    expect([path, answer.status()]).toEqual([path, 403]);
  }
  expect((await removeWith(request, token)).status()).toBe(403);
  expect((await request.get('/trpc/toplist.get', { headers })).status()).toBe(200);
});
