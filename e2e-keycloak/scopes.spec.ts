/**
 * Scopes against the real Keycloak 26 (decision 081): the integrator asks for the client scopes of
 * the realm export (deploy/keycloak/nova-realm.json) in its client-credentials request; each REST
 * call needs its scope, and a token without it gets a 403 naming the scope.
 */
import { expect, test } from '@playwright/test';
import { KC } from './stack';

const SCOPES = [
  'nova.catalogues.read',
  'nova.catalogues.write',
  'nova.sync.read',
  'nova.sync.write',
  'nova.audit.read',
  'nova.webhooks',
];

async function tokenWith(
  scope: string,
): Promise<{ status: number; token: string; body: Record<string, unknown> }> {
  const response = await fetch(`${KC.issuer}/protocol/openid-connect/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${KC.integratorId}:${KC.integratorSecret}`).toString('base64')}`,
    },
    body: new URLSearchParams({ grant_type: 'client_credentials', ...(scope ? { scope } : {}) }),
  });
  const body = (await response.json()) as Record<string, unknown>;
  return {
    status: response.status,
    token: typeof body.access_token === 'string' ? body.access_token : '',
    body,
  };
}

const scopeClaim = (jwt: string) =>
  String(
    (JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString()) as { scope?: unknown }).scope,
  )
    .split(' ')
    .sort();

// With the scope the policy lets the call through (an empty create body then fails validation, 400).
const CALLS: [string, 'GET' | 'POST', string, number][] = [
  ['nova.catalogues.read', 'GET', '/api/v1/catalogues/wanted-reasons', 200],
  ['nova.catalogues.write', 'POST', '/api/v1/catalogues/wanted-reasons', 400],
  ['nova.sync.read', 'GET', '/api/v1/sync/objects', 200],
  ['nova.sync.write', 'POST', '/api/v1/sync/groups', 400],
  ['nova.audit.read', 'GET', '/api/v1/audit-log', 200],
  ['nova.webhooks', 'GET', '/api/v1/webhooks/subscriptions', 200],
];

for (const [scope, method, path, status] of CALLS) {
  test(`Keycloak's integrator with ${scope}: ${method} ${path} is ${status}, without it 403`, async ({
    request,
  }) => {
    const call = (token: string) =>
      request.fetch(path, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        ...(method === 'POST' ? { data: {} } : {}),
      });
    const granted = await tokenWith(scope);
    expect(scopeClaim(granted.token)).toContain(scope);
    expect((await call(granted.token)).status()).toBe(status);

    const others = await tokenWith(SCOPES.filter((s) => s !== scope).join(' '));
    expect(scopeClaim(others.token)).not.toContain(scope);
    const refused = await call(others.token);
    expect(refused.status()).toBe(403);
    expect(refused.headers()['content-type']).toContain('application/problem+json');
    expect(((await refused.json()) as { scope?: string }).scope).toBe(scope);
  });
}

test('without asking, the token carries no nova scope; a scope the realm does not have is refused', async () => {
  const plain = await tokenWith('');
  expect(scopeClaim(plain.token).filter((s) => s.startsWith('nova.'))).toEqual([]);
  const unknown = await tokenWith('nova.alles');
  expect(unknown.status).toBe(400);
  expect(unknown.body.error).toBe('invalid_scope');
});
