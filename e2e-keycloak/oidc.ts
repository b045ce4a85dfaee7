/** Keycloak's OIDC endpoints as the BFF's client uses them, for tests that hold tokens themselves. */
import { createHash, randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { KC } from './stack';

/** Keycloak's token or logout endpoint as the BFF's client (confidential, client secret). */
export async function asBffClient(endpoint: 'token' | 'logout', params: Record<string, string>) {
  const response = await fetch(`${KC.issuer}/protocol/openid-connect/${endpoint}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${KC.clientId}:${KC.clientSecret}`).toString('base64')}`,
    },
    body: new URLSearchParams(params),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
}

/**
 * The BFF client's code flow with PKCE done by hand in the browser: `signIn` fills Keycloak's form;
 * Keycloak redirects to the BFF's callback, which refuses a state it did not make without using the
 * code, and the code is read from that request. Returns what the exchange needs.
 */
export async function codeByHand(
  page: Page,
  signIn: (page: Page) => Promise<void>,
): Promise<{ code: string; verifier: string; redirectUri: string }> {
  const verifier = randomBytes(32).toString('base64url');
  const state = randomBytes(16).toString('base64url');
  const redirectUri = `${KC.bff}/auth/callback`;
  const authorize = new URL(`${KC.issuer}/protocol/openid-connect/auth`);
  authorize.search = new URLSearchParams({
    client_id: KC.clientId,
    response_type: 'code',
    scope: 'openid',
    redirect_uri: redirectUri,
    state,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }).toString();
  const callback = page.waitForRequest(
    (r) => r.url().startsWith(`${redirectUri}?`) && new URL(r.url()).searchParams.get('state') === state,
  );
  await page.goto(authorize.href);
  await signIn(page);
  const code = new URL((await callback).url()).searchParams.get('code') ?? '';
  return { code, verifier, redirectUri };
}

/** Exchanges a code from `codeByHand` for the tokens the BFF would hold. */
export function exchangeCode(flow: { code: string; verifier: string; redirectUri: string }) {
  return asBffClient('token', {
    grant_type: 'authorization_code',
    code: flow.code,
    redirect_uri: flow.redirectUri,
    code_verifier: flow.verifier,
  });
}
