/**
 * The Keycloak realm export (deploy/keycloak/nova-realm.json) and docker-compose.yml agree
 * with the BFF's configuration: client id, URIs, roles, logout channels, PKCE, timeouts, audience.
 */
import { readFileSync } from 'node:fs';
import { ALL_ROLES } from '@nova/domain';
import { describe, expect, it } from 'vitest';
import { clientUrls } from '../src/auth/urls';
import { parseEnv } from '../src/env';

const root = new URL('../../../', import.meta.url);
const PUBLIC_URL = 'https://nova-legacy.example';

interface Mapper {
  protocolMapper: string;
  config: Record<string, string>;
}
interface Client {
  clientId: string;
  publicClient: boolean;
  secret?: string;
  standardFlowEnabled: boolean;
  implicitFlowEnabled: boolean;
  directAccessGrantsEnabled: boolean;
  serviceAccountsEnabled: boolean;
  frontchannelLogout: boolean;
  redirectUris: string[];
  attributes: Record<string, string>;
  protocolMappers?: Mapper[];
  defaultClientScopes?: string[];
  optionalClientScopes?: string[];
}
interface Realm {
  clientScopes?: { name: string; protocol: string; attributes: Record<string, string> }[];
  realm: string;
  ssoSessionIdleTimeout: number;
  ssoSessionMaxLifespan: number;
  revokeRefreshToken?: boolean;
  refreshTokenMaxReuse?: number;
  clients: Client[];
  roles: { client: Record<string, { name: string }[]> };
}

/** Keycloak resolves ${VAR} from the environment when it imports the file at start-up. */
function loadRealm(vars: Record<string, string>): Realm {
  const text = readFileSync(new URL('deploy/keycloak/nova-realm.json', root), 'utf8');
  return JSON.parse(
    text.replace(/\$\{([A-Z_]+)\}/g, (_, name: string) => vars[name] ?? `\${${name}}`),
  ) as Realm;
}

describe('realm export and BFF configuration', () => {
  const env = parseEnv({ PUBLIC_URL, NODE_ENV: 'test', OIDC_ISSUER: 'https://sso.example/realms/nova' });
  const realm = loadRealm({
    NOVA_PUBLIC_URL: PUBLIC_URL,
    NOVA_WEB_CLIENT_SECRET: 's1',
    NOVA_INTEGRATOR_CLIENT_SECRET: 's2',
  });
  const bff = realm.clients.find((c) => c.clientId === env.oidc.clientId);
  const integrator = realm.clients.find((c) => c.clientId === 'integrator');

  it('has the realm of the issuer and the BFF client under the configured id', () => {
    expect(env.oidc.issuer.endsWith(`/realms/${realm.realm}`)).toBe(true);
    expect(bff).toBeDefined();
  });

  it('makes the BFF a confidential client with code flow and PKCE S256 only', () => {
    expect(bff).toMatchObject({
      publicClient: false,
      secret: 's1',
      standardFlowEnabled: true,
      implicitFlowEnabled: false,
      directAccessGrantsEnabled: false,
      serviceAccountsEnabled: false,
    });
    expect(bff?.attributes['pkce.code.challenge.method']).toBe('S256');
  });

  it('registers exactly the redirect, post-logout and back-channel URIs the BFF uses; front-channel logout off', () => {
    const urls = clientUrls(env.publicUrl);
    expect(bff?.redirectUris).toEqual([urls.redirectUri]);
    expect(bff?.attributes['post.logout.redirect.uris']?.split('##')).toEqual([urls.postLogoutRedirectUri]);
    expect(bff?.attributes['backchannel.logout.url']).toBe(urls.backchannelLogoutUri);
    expect(bff?.attributes['backchannel.logout.session.required']).toBe('true');
    expect(bff?.frontchannelLogout).toBe(false);
  });

  it('defines every web:* role as a role of the BFF client', () => {
    expect((realm.roles.client[env.oidc.clientId] ?? []).map((r) => r.name).sort()).toEqual(
      [...ALL_ROLES].sort(),
    );
  });

  it('maps the customname attribute into the ID token, where the BFF reads the display name', () => {
    const mapper = bff?.protocolMappers?.find((m) => m.config['claim.name'] === 'customname');
    expect(mapper?.config).toMatchObject({ multivalued: 'true', 'id.token.claim': 'true' });
  });

  it('gives integrator tokens the BFF as audience (client credentials only)', () => {
    expect(integrator).toMatchObject({
      serviceAccountsEnabled: true,
      standardFlowEnabled: false,
      publicClient: false,
    });
    const audience = integrator?.protocolMappers?.find((m) => m.protocolMapper === 'oidc-audience-mapper');
    expect(audience?.config['included.client.audience']).toBe(env.oidc.clientId);
    expect(audience?.config['access.token.claim']).toBe('true');
  });

  it("keeps the BFF's session timeouts within Keycloak's", () => {
    expect(env.session.idleSeconds).toBeLessThanOrEqual(realm.ssoSessionIdleTimeout);
    expect(env.session.absoluteSeconds).toBeLessThanOrEqual(realm.ssoSessionMaxLifespan);
  });

  it('keeps a used refresh token valid until its session ends (decision 035: no rotation)', () => {
    // A refresh Keycloak performed whose answer died with a BFF instance must not end the session.
    expect(realm.revokeRefreshToken).toBe(false);
    // Only read by Keycloak when revokeRefreshToken is on: left out so that nobody tunes it in vain.
    expect(realm).not.toHaveProperty('refreshTokenMaxReuse');
  });

  it('docker-compose feeds Keycloak and the BFF the same public URL, client and secret', () => {
    const compose = readFileSync(new URL('docker-compose.yml', root), 'utf8');
    const publicUrl = /PUBLIC_URL: (\$\{PUBLIC_URL[^}]*\})/.exec(compose)?.[1];
    expect(publicUrl).toBeDefined();
    expect(compose).toContain(`NOVA_PUBLIC_URL: ${publicUrl ?? ''}`);
    expect(compose).toMatch(/NOVA_WEB_CLIENT_SECRET: \$\{OIDC_CLIENT_SECRET[^}]*\}/);
    expect(compose).toMatch(/ OIDC_CLIENT_SECRET: \$\{OIDC_CLIENT_SECRET\}/);
    expect(compose).toContain(`OIDC_CLIENT_ID: ${env.oidc.clientId}`);
    expect(compose).toContain('./deploy/keycloak/nova-realm.json:/opt/keycloak/data/import/nova-realm.json');
    expect(compose).toMatch(/OIDC_ISSUER: \$\{KEYCLOAK_URL[^}]*\}\/realms\/nova/);
  });

  it('docker-compose runs the Keycloak version the test command tests against (26.4.4 or newer)', async () => {
    const compose = readFileSync(new URL('docker-compose.yml', root), 'utf8');
    const { KEYCLOAK_VERSION } = (await import(new URL('scripts/lib/keycloak.mjs', root).href)) as {
      KEYCLOAK_VERSION: string;
    };
    expect(compose).toContain(`image: quay.io/keycloak/keycloak:${KEYCLOAK_VERSION}\n`);
    const [major = 0, minor = 0, patch = 0] = KEYCLOAK_VERSION.split('.').map(Number);
    expect(major).toBe(26);
    expect(minor * 1000 + patch).toBeGreaterThanOrEqual(4004);
  });

  it('docker-compose keeps Redis sessions across a Redis restart (append-only file on a volume)', () => {
    const compose = readFileSync(new URL('docker-compose.yml', root), 'utf8');
    const redis = compose.slice(compose.indexOf('\n  redis:'), compose.indexOf('\n  bff:'));
    expect(redis).toContain("'--appendonly', 'yes'");
    expect(redis).toMatch(/- redis-data:\/data/);
  });

  it('defines the nova scopes as client scopes and offers them to the integrator (decision 081)', () => {
    const nova = [
      'nova.catalogues.read',
      'nova.catalogues.write',
      'nova.sync.read',
      'nova.sync.write',
      'nova.audit.read',
      'nova.webhooks',
    ];
    for (const name of nova) {
      const scope = realm.clientScopes?.find((s) => s.name === name);
      expect([name, scope?.protocol, scope?.attributes['include.in.token.scope']]).toEqual([
        name,
        'openid-connect',
        'true',
      ]);
    }
    expect(integrator?.optionalClientScopes).toEqual(nova);
    expect(bff?.optionalClientScopes ?? []).not.toContain('nova.catalogues.write');
  });

  it("keeps Keycloak's own client scopes, which a realm file with client scopes must list itself", () => {
    const names = (realm.clientScopes ?? []).map((s) => s.name);
    for (const scope of [...(bff?.defaultClientScopes ?? []), ...(integrator?.defaultClientScopes ?? [])])
      expect(names).toContain(scope);
    expect(names).toEqual(
      expect.arrayContaining(['basic', 'profile', 'email', 'roles', 'acr', 'web-origins', 'service_account']),
    );
  });
});
