/**
 * Keycloak's token contents: profile claims for ID tokens and userinfo, and the access token claims
 * (`typ`, `azp`, `sid`, `realm_access`, `resource_access`, ...) that the BFF and the game API read.
 */
import type {
  AccessToken,
  Account as ProviderAccount,
  ClientCredentials,
  FindAccount,
  JWTStructured,
  KoaContextWithOIDC,
} from 'oidc-provider';

import {
  DEFAULT_REALM_ROLES,
  SERVICE_ACCOUNTS,
  displayName,
  type Account,
  type AccountStore,
} from './accounts';
import type { ResolvedConfig } from './config';

/**
 * Keycloak puts its default client scopes (profile, email) into every token of a client, so these
 * claims hang off `openid` and not off the optional `profile`/`email` scopes.
 */
export const PROFILE_CLAIMS = [
  'preferred_username',
  'name',
  'email',
  'email_verified',
  'customname',
] as const;

export const CLAIMS_CONFIG = {
  // `acr` as Keycloak sends it, unasked, in every ID token (the provider adds only requested ones).
  openid: ['sub', 'acr', ...PROFILE_CLAIMS],
  profile: ['preferred_username', 'name', 'customname'],
  email: ['email', 'email_verified'],
  roles: [],
  acr: null,
  auth_time: null,
  sid: null,
  iss: null,
} as const;

export function profileClaims(account: Account): { sub: string; [claim: string]: unknown } {
  return {
    sub: account.id,
    preferred_username: account.username,
    name: displayName(account),
    email: account.email,
    email_verified: true,
    customname: [...account.customname],
  };
}

/** `realm_access` and `resource_access` as Keycloak writes them (a client without roles is left out). */
export function roleClaims(account: Account | undefined, bffClientId: string): Record<string, unknown> {
  const realmRoles = [...(account?.realmRoles ?? []), ...DEFAULT_REALM_ROLES];
  const resourceAccess: Record<string, { roles: string[] }> = {};
  if (account && account.clientRoles.length > 0) {
    resourceAccess[bffClientId] = { roles: [...account.clientRoles] };
  }
  return { realm_access: { roles: realmRoles }, resource_access: resourceAccess };
}

export function findAccount(accounts: AccountStore): FindAccount {
  return (_ctx, sub) => {
    const account = accounts.findById(sub);
    if (!account) return undefined;
    const found: ProviderAccount = {
      accountId: account.id,
      claims: () => profileClaims(account),
    };
    return found;
  };
}

/**
 * Audience of the access tokens a client gets. The BFF's and the integrator's tokens are meant for
 * the BFF (like a Keycloak audience mapper), so the BFF can accept an integrator's bearer token.
 */
export function audienceFor(config: ResolvedConfig, clientId: string | undefined): string {
  if (clientId === undefined || clientId in SERVICE_ACCOUNTS) return config.bffClientId;
  return clientId;
}

/** The default client scopes of a client-credentials token that put themselves into `scope`. */
const DEFAULT_SCOPES = ['profile', 'email'];

function isAccessToken(token: AccessToken | ClientCredentials): token is AccessToken {
  return token.kind === 'AccessToken';
}

/** `formats.customizers.jwt`: rewrites oidc-provider's JWT access token into Keycloak's shape. */
/**
 * When the person last signed in: Keycloak puts `auth_time` into person access tokens, refreshed ones
 * too (unchanged); the BFF's step-up reads it from bearer tokens. A client-credentials token has none.
 */
function authTimeOf(ctx: KoaContextWithOIDC): number | undefined {
  // The grant's entities: the code at the code exchange, the refresh token at a refresh.
  const entities = ctx.oidc.entities as {
    AuthorizationCode?: { authTime?: unknown };
    RefreshToken?: { authTime?: unknown };
  };
  const time = entities.AuthorizationCode?.authTime ?? entities.RefreshToken?.authTime;
  return typeof time === 'number' ? time : undefined;
}

export function keycloakAccessToken(config: ResolvedConfig, accounts: AccountStore) {
  return (ctx: KoaContextWithOIDC, token: AccessToken | ClientCredentials, jwt: JWTStructured): void => {
    // Keycloak signs access tokens with `typ: JWT` (not RFC 9068's `at+jwt`).
    jwt.header = { ...jwt.header, typ: 'JWT' };
    const payload = jwt.payload;
    payload.aud = audienceFor(config, token.clientId);
    payload.typ = 'Bearer';
    payload.azp = token.clientId;

    if (isAccessToken(token)) {
      const account = accounts.findById(token.accountId);
      // Keycloak names the client in `azp` only; `client_id` marks service-account tokens.
      delete payload.client_id;
      payload.sid = token.sid;
      Object.assign(payload, account ? profileClaims(account) : {}, roleClaims(account, config.bffClientId));
      payload.sub = token.accountId;
      const authTime = authTimeOf(ctx);
      if (authTime !== undefined) payload.auth_time = authTime;
      return;
    }

    const serviceAccount = token.clientId === undefined ? undefined : SERVICE_ACCOUNTS[token.clientId];
    if (serviceAccount) {
      payload.sub = serviceAccount.id;
      payload.preferred_username = serviceAccount.username;
    }
    // Keycloak: the optional client scopes asked for (and assigned to the client), then its defaults.
    const asked = (token.scope ?? '')
      .split(' ')
      .filter((scope) => scope !== '' && !DEFAULT_SCOPES.includes(scope));
    payload.scope = [...asked, ...DEFAULT_SCOPES].join(' ');
    Object.assign(payload, roleClaims(undefined, config.bffClientId));
    // As realm roles: the token's `azp` is the integrator, so the game API (which reads the client
    // roles of `azp`, then the realm roles) and the BFF (its own client's, then the realm's) both see them.
    if (serviceAccount && serviceAccount.realmRoles.length > 0)
      payload.realm_access = { roles: [...serviceAccount.realmRoles, ...DEFAULT_REALM_ROLES] };
  };
}
