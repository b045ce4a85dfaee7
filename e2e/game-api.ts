/** Reads the simulator's answers directly (with an integrator token), to compare screens with data. */
import { DEMO_INTEGRATOR_CLIENT_ID, DEMO_INTEGRATOR_SECRET } from '@nova/demo';
import { E2E } from './stack';

let token: { value: Promise<string>; until: number } | undefined;

/** The integrator's token, fetched again shortly before it expires (a long run outlives one). */
function integratorToken(): Promise<string> {
  if (token && Date.now() < token.until) return token.value;
  const fetched = fetch(`${E2E.issuer}/protocol/openid-connect/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${DEMO_INTEGRATOR_CLIENT_ID}:${DEMO_INTEGRATOR_SECRET}`).toString('base64')}`,
    },
    body: new URLSearchParams({ grant_type: 'client_credentials' }),
  }).then((r) => r.json() as Promise<{ access_token: string; expires_in: number }>);
  token = {
    value: fetched.then((body) => {
      if (token) token.until = Date.now() + (body.expires_in - 30) * 1000;
      return body.access_token;
    }),
    until: Date.now() + 30_000,
  };
  return token.value;
}

export async function gameApi<T>(path: string): Promise<T> {
  const response = await fetch(`${E2E.gameApi}${path}`, {
    headers: { authorization: `Bearer ${await integratorToken()}` },
  });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return (await response.json()) as T;
}
