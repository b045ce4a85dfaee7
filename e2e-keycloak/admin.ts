/** Keycloak's Admin REST API through its own client, signed in as the bootstrap admin. */
import KcAdminClient from '@keycloak/keycloak-admin-client';
import { KC } from './stack';

export async function keycloakAdmin(): Promise<KcAdminClient> {
  const admin = new KcAdminClient({ baseUrl: KC.keycloak, realmName: 'master' });
  await admin.auth({
    grantType: 'password',
    clientId: 'admin-cli',
    username: KC.admin.username,
    password: KC.admin.password,
  });
  admin.setConfig({ realmName: KC.realm });
  return admin;
}

/** A client-credentials access token of a confidential client of the realm. */
export async function clientCredentialsToken(clientId: string, secret: string): Promise<string> {
  const response = await fetch(`${KC.issuer}/protocol/openid-connect/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`,
    },
    body: new URLSearchParams({ grant_type: 'client_credentials' }),
  });
  if (!response.ok) throw new Error(`token endpoint answered ${response.status}: ${await response.text()}`);
  const body = (await response.json()) as { access_token: string };
  return body.access_token;
}
