/**
 * oidc-provider configured as the `nova` realm of Keycloak: Keycloak's endpoint paths, JWT access
 * tokens with Keycloak's claims, refresh tokens bound to the SSO session, implicit consent,
 * back-channel logout, and Keycloak's lifetimes.
 */
import { randomBytes } from 'node:crypto';
import type { EventEmitter } from 'node:events';

import type { Configuration, Grant, JWK, KoaContextWithOIDC, Provider } from 'oidc-provider';
import { ALL_SCOPES } from '@nova/domain';

import type { AccountStore } from './accounts';
import { createMemoryStore, memoryAdapter } from './adapter';
import { audienceFor, CLAIMS_CONFIG, findAccount, keycloakAccessToken } from './claims';
import { bffBackchannelUris, clientMetadata, KEYCLOAK_ROUTES, type ResolvedConfig } from './config';
import {
  appendKcActionStatus,
  kcActionValidator,
  oidcOf,
  updatePasswordPrompt,
  type Next,
} from './kc-action';
import { describeError } from './log';
import {
  autoConfirmLogout,
  backchannelFetch,
  logoutSource,
  postLogoutSuccessSource,
  type RequestListener,
} from './logout';
import { loadOidcProvider, type OidcModule } from './oidc-module';
import { errorPage } from './pages';

/** The one resource server: "this realm's access tokens". Clients never need to name it. */
export const REALM_RESOURCE = 'urn:nova:realm';
/** Every scope of the realm; which of them a client may ask for is its `scope` metadata (config.ts). */
const REALM_RESOURCE_SCOPES = ['openid', 'profile', 'email', 'roles', ...ALL_SCOPES].join(' ');

export interface ProviderDeps {
  config: ResolvedConfig;
  accounts: AccountStore;
  signingKey: JWK;
  csp: string;
}

const epochTime = () => Math.floor(Date.now() / 1000);

/** Keycloak: idle timeout, but never past "SSO Session Max" counted from the login. */
export function sessionTtl(config: ResolvedConfig, loginTs: number | undefined): number {
  return Math.min(config.sessionIdleSeconds, sessionMaxTtl(config, loginTs));
}

/** What is left of "SSO Session Max" counted from the login. */
function sessionMaxTtl(config: ResolvedConfig, loginTs: number | undefined): number {
  if (loginTs === undefined) return config.sessionMaxSeconds;
  return Math.max(1, config.sessionMaxSeconds - (epochTime() - loginTs));
}

const GERMAN_ERRORS: Readonly<Record<string, string>> = {
  invalid_request: 'Die Anfrage ist ungültig.',
  invalid_client: 'Die Anwendung ist nicht bekannt.',
  invalid_redirect_uri: 'Die Rücksprungadresse ist für diese Anwendung nicht registriert.',
  unauthorized_client: 'Die Anwendung darf diese Anfrage nicht stellen.',
  unsupported_response_type: 'Die Anwendung darf diese Anfrage nicht stellen.',
  access_denied: 'Der Zugriff wurde verweigert.',
  server_error: 'Interner Fehler. Bitte versuche es später erneut.',
};
const SESSION_EXPIRED =
  'Die Anmeldung ist abgelaufen. Bitte kehre zur Anwendung zurück und melde dich erneut an.';

/**
 * Implicit consent (the realm's clients have "Consent required" off): whatever a client asks for
 * is granted. Also gives every client of one SSO session the same `sid` (Keycloak's user session
 * id) instead of oidc-provider's one-per-client: the sid in access, ID and logout tokens then names
 * the SSO session, and it is the session's uid, so userinfo can check that the session is alive.
 */
async function loadOrCreateGrant(ctx: KoaContextWithOIDC): Promise<Grant | undefined> {
  const { session, client, provider } = ctx.oidc;
  const accountId = session?.accountId;
  if (!session || !client || accountId === undefined) return undefined;
  const { clientId } = client;

  const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(clientId);
  let grant = grantId === undefined ? undefined : await provider.Grant.find(grantId);
  if (grant?.accountId !== accountId || grant.clientId !== clientId) {
    grant = new provider.Grant({ accountId, clientId });
  }
  const oidcScope = [...ctx.oidc.requestParamOIDCScopes].join(' ');
  if (oidcScope) grant.addOIDCScope(oidcScope);
  grant.addOIDCClaims([...ctx.oidc.requestParamClaims]);
  for (const [indicator, server] of Object.entries(ctx.oidc.resourceServers ?? {})) {
    const scopes = [...ctx.oidc.requestParamScopes].filter((scope) => server.scopes.has(scope));
    if (scopes.length > 0) grant.addResourceScope(indicator, scopes.join(' '));
  }
  await grant.save();

  if (session.sidFor(clientId) === undefined) session.sidFor(clientId, session.uid);
  return grant;
}

export async function createProvider(deps: ProviderDeps): Promise<Provider> {
  const { config, csp } = deps;
  const oidc = await loadOidcProvider();
  const provider = new oidc.Provider(config.issuer, providerConfiguration(oidc, deps));

  let listener: RequestListener | undefined;
  const dispatch = (): RequestListener => (listener ??= provider.callback());

  provider.use(securityHeaders(csp));
  provider.use(appendKcActionStatus);
  provider.use(autoConfirmLogout(dispatch, config.realmPath));
  provider.use(extendSessionOnRefresh(config));
  provider.use(keycloakDiscovery(config));

  provider.on('server_error', (_ctx: KoaContextWithOIDC, error: Error) => {
    config.logger.error(`oidc-provider: ${describeError(error)}`);
  });
  provider.on('backchannel.error', (_ctx: KoaContextWithOIDC, error: Error, client: { clientId: string }) => {
    const message = `Back-Channel-Logout an ${client.clientId} fehlgeschlagen: ${describeError(error)}`;
    // The BFF missing a logout matters; the forum usually does not run in the demo at all.
    if (client.clientId === config.bffClientId) config.logger.warn(message);
    else config.logger.info(message);
  });
  // Koa prints errors nobody listens for with console.error; route them to the logger instead.
  const koaEvents: EventEmitter = provider;
  koaEvents.on('error', (error: Error) => {
    config.logger.error(`dev-idp: ${describeError(error)}`);
  });
  return provider;
}

function providerConfiguration(oidc: OidcModule, deps: ProviderDeps): Configuration {
  const { config, accounts, csp } = deps;
  const policy = oidc.interactionPolicy.base();
  policy.remove('consent');
  policy.add(updatePasswordPrompt(oidc), 1);

  const [primaryBackchannel, ...otherBackchannels] = bffBackchannelUris(config);
  const fanOut = new Map<string, readonly string[]>();
  if (primaryBackchannel !== undefined) fanOut.set(primaryBackchannel, otherBackchannels);

  return {
    adapter: memoryAdapter(createMemoryStore()),
    clients: clientMetadata(config),
    jwks: { keys: [deps.signingKey] },
    findAccount: findAccount(accounts),
    claims: CLAIMS_CONFIG,
    // Keycloak's levels: "1" after a password, "0" for its SSO cookie (the acr claim needs the list).
    acrValues: ['0', '1'],
    scopes: ['openid', 'offline_access', 'profile', 'email', 'roles', ...ALL_SCOPES],
    // Keycloak puts the profile claims into the ID token whatever the response type.
    conformIdTokenClaims: false,
    clientAuthMethods: ['client_secret_basic', 'client_secret_post'],
    responseTypes: ['code'],
    // The realm's clients are server-side; no browser calls the token endpoint cross-origin.
    clientBasedCORS: () => false,
    cookies: {
      names: { session: 'NOVA_IDP_SESSION', interaction: 'NOVA_IDP_INTERACTION', resume: 'NOVA_IDP_RESUME' },
      // Cookies ignore ports: scope them to the realm so they never meet the BFF's on localhost.
      long: { httpOnly: true, sameSite: 'lax', path: config.realmPath },
      short: { httpOnly: true, sameSite: 'lax', path: config.realmPath },
      keys: [randomBytes(32).toString('base64url')],
    },
    routes: KEYCLOAK_ROUTES,
    extraParams: { kc_action: kcActionValidator(oidc) },
    interactions: {
      policy,
      url: (_ctx, interaction) => `${config.realmPath}/login-actions/${interaction.uid}`,
    },
    loadExistingGrant: loadOrCreateGrant,
    // Keycloak issues refresh tokens tied to the SSO session without `offline_access`.
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    // Like the realm (`revokeRefreshToken: false`, decision 035): a used refresh token stays valid
    // until its session ends, so a refresh whose answer got lost costs nothing. Never consumed, it
    // has no reuse detection to trip over either.
    rotateRefreshToken: false,
    pkce: { required: (_ctx, client) => client.clientId === config.bffClientId },
    formats: { customizers: { jwt: keycloakAccessToken(config, accounts) } },
    features: providerFeatures(oidc, config, csp),
    ttl: providerTtl(config),
    fetch: backchannelFetch(fanOut, config.logger),
    renderError: renderGermanError(config, csp),
  };
}

function providerFeatures(oidc: OidcModule, config: ResolvedConfig, csp: string): Configuration['features'] {
  const accessTtl = config.accessTokenTtlSeconds;
  return {
    devInteractions: { enabled: false },
    dPoP: { enabled: false },
    clientCredentials: { enabled: true },
    // Served by keycloak-endpoints.ts, which understands the JWT access tokens.
    introspection: { enabled: false },
    userinfo: { enabled: false },
    revocation: {
      enabled: true,
      // Keycloak: a client revokes only its own tokens.
      allowedPolicy: (_ctx, client, token) => {
        if (token.clientId !== client.clientId) {
          throw new oidc.errors.InvalidRequest('client is not authorized to revoke the presented token');
        }
        return true;
      },
    },
    backchannelLogout: { enabled: true },
    rpInitiatedLogout: {
      enabled: true,
      logoutSource: logoutSource(csp),
      postLogoutSuccessSource: postLogoutSuccessSource(csp),
    },
    resourceIndicators: {
      enabled: true,
      defaultResource: () => REALM_RESOURCE,
      useGrantedResource: () => true,
      getResourceServerInfo: (_ctx, resourceIndicator, client) => {
        if (resourceIndicator !== REALM_RESOURCE) throw new oidc.errors.InvalidTarget();
        return {
          scope: REALM_RESOURCE_SCOPES,
          audience: audienceFor(config, client.clientId),
          accessTokenFormat: 'jwt',
          accessTokenTTL: accessTtl,
          jwt: { sign: { alg: 'RS256' } },
        };
      },
    },
  };
}

function providerTtl(config: ResolvedConfig): Configuration['ttl'] {
  const accessTtl = config.accessTokenTtlSeconds;
  return {
    AccessToken: accessTtl,
    ClientCredentials: accessTtl,
    IdToken: accessTtl,
    AuthorizationCode: 60,
    Interaction: 1800,
    Grant: config.sessionMaxSeconds,
    Session: (_ctx, session) => sessionTtl(config, session.loginTs),
    // Not rotated, a refresh token keeps its first expiry: it lasts to "SSO Session Max", and one
    // bound to the SSO session (no `offline_access`: every Nova client) dies with that session
    // (idle timeout, prolonged by every refresh, or logout) like a Keycloak refresh token.
    RefreshToken: (_ctx, token) => sessionMaxTtl(config, token.authTime),
  };
}

/** oidc-provider's error page in German, with the pages' CSP; expected refusals logged as warnings. */
function renderGermanError(config: ResolvedConfig, csp: string): NonNullable<Configuration['renderError']> {
  return (ctx, out, error) => {
    ctx.set('Content-Security-Policy', csp);
    ctx.type = 'html';
    const expired = error.name === 'SessionNotFound';
    ctx.body = errorPage(
      expired
        ? SESSION_EXPIRED
        : (GERMAN_ERRORS[out.error] ?? 'Die Anfrage konnte nicht verarbeitet werden.'),
      out.error,
    );
    if (out.error !== 'server_error') {
      config.logger.warn(
        `${ctx.method} ${ctx.path}: ${out.error}${out.error_description ? ` (${out.error_description})` : ''}`,
      );
    }
  };
}

function securityHeaders(csp: string) {
  return async (ctx: KoaContextWithOIDC, next: Next): Promise<void> => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'no-referrer');
    // oidc-provider's own auto-submit pages add their script hash to this policy.
    ctx.set('Content-Security-Policy', csp);
    await next();
  };
}

/** Keycloak prolongs the SSO session's idle window on every refresh; oidc-provider does not. */
function extendSessionOnRefresh(config: ResolvedConfig) {
  return async (ctx: KoaContextWithOIDC, next: Next): Promise<void> => {
    await next();
    const oidc = oidcOf(ctx);
    if (oidc?.route !== 'token' || ctx.status !== 200 || oidc.params?.grant_type !== 'refresh_token') return;
    const sessionUid = oidc.entities.RefreshToken?.sessionUid;
    if (sessionUid === undefined) return;
    const session = await oidc.provider.Session.findByUid(sessionUid);
    if (session) await session.save(sessionTtl(config, session.loginTs));
  };
}

/** Adds the endpoints served outside oidc-provider (userinfo, introspection) to discovery. */
function keycloakDiscovery(config: ResolvedConfig) {
  return async (ctx: KoaContextWithOIDC, next: Next): Promise<void> => {
    await next();
    if (oidcOf(ctx)?.route !== 'discovery' || ctx.status !== 200) return;
    const body: unknown = ctx.body;
    if (typeof body !== 'object' || body === null) return;
    const base = `${ctx.protocol}://${ctx.host}${config.realmPath}`;
    ctx.body = {
      ...body,
      userinfo_endpoint: `${base}${KEYCLOAK_ROUTES.userinfo}`,
      introspection_endpoint: `${base}${KEYCLOAK_ROUTES.introspection}`,
      introspection_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      frontchannel_logout_supported: false,
    };
  };
}
