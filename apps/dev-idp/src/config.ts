/**
 * Options of the dev IdP and their defaults (architecture §3: issuer
 * `http://localhost:8080/realms/nova`, the BFF on http://localhost:3000, Keycloak's timeouts).
 */
import {
  DEMO_CLIENT_ID,
  DEMO_CLIENT_SECRET,
  DEMO_FORUM_CLIENT_ID,
  DEMO_FORUM_CLIENT_SECRET,
  DEMO_INTEGRATOR_CLIENT_ID,
  DEMO_INTEGRATOR_SECRET,
} from '@nova/demo';
import { ALL_SCOPES } from '@nova/domain';
import type { ClientMetadata } from 'oidc-provider';

import { consoleLogger, type DevIdpLogger } from './log';

export interface ForumOptions {
  /** Redirect URIs of the forum client; default `http://localhost:8081/callback`. */
  redirectUris?: readonly string[];
  /** Post-logout redirect URIs of the forum client; default `http://localhost:8081/`. */
  postLogoutRedirectUris?: readonly string[];
  /** Back-channel logout URI of the forum; default `http://localhost:8081/backchannel-logout`. */
  backchannelLogoutUri?: string;
}

export interface DevIdpOptions {
  /** TCP port; 0 picks a free one. Default 8080. */
  port?: number;
  /** Interface to listen on. Default 127.0.0.1 (the issuer still says `localhost`). */
  host?: string;
  /** Issuer identifier; default `http://localhost:${port}/realms/nova` (computed after listening). */
  issuer?: string;
  /**
   * Public URL(s) of the BFF. Each one registers `${url}/auth/callback` and `${url}/` with the BFF
   * client; every one receives back-channel logout tokens at `${url}/auth/backchannel-logout`.
   */
  bffUrl?: string | readonly string[];
  /** The BFF's client id and secret; default DEMO_CLIENT_ID / DEMO_CLIENT_SECRET. */
  clientId?: string;
  clientSecret?: string;
  forum?: ForumOptions;
  /** Lifetime of access and ID tokens; Keycloak's default is 300 s. */
  accessTokenTtlSeconds?: number;
  /** Keycloak's "SSO Session Idle" (1800 s) and "SSO Session Max" (36000 s). */
  sessionIdleSeconds?: number;
  sessionMaxSeconds?: number;
  logger?: DevIdpLogger;
}

export interface ResolvedConfig {
  issuer: string;
  /** Path part of the issuer, e.g. `/realms/nova`: every Keycloak endpoint lives under it. */
  realmPath: string;
  bffUrls: readonly string[];
  bffClientId: string;
  bffClientSecret: string;
  forum: Required<ForumOptions>;
  accessTokenTtlSeconds: number;
  sessionIdleSeconds: number;
  sessionMaxSeconds: number;
  logger: DevIdpLogger;
}

export const DEFAULT_PORT = 8080;
export const DEFAULT_BFF_URL = 'http://localhost:3000';
export const DEFAULT_REALM_PATH = '/realms/nova';

/** Paths of Keycloak's OpenID Connect endpoints, relative to the realm path. */
export const KEYCLOAK_ROUTES = {
  authorization: '/protocol/openid-connect/auth',
  token: '/protocol/openid-connect/token',
  jwks: '/protocol/openid-connect/certs',
  end_session: '/protocol/openid-connect/logout',
  userinfo: '/protocol/openid-connect/userinfo',
  introspection: '/protocol/openid-connect/token/introspect',
  revocation: '/protocol/openid-connect/revoke',
  pushed_authorization_request: '/protocol/openid-connect/ext/par/request',
} as const;

function positiveInt(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value <= 0) {
    throw new TypeError(`dev-idp: ${name} must be a positive integer, got ${String(value)}`);
  }
  return value;
}

function withoutTrailingSlash(url: string): string {
  return url.endsWith('/') ? url.slice(0, -1) : url;
}

export function resolveConfig(options: DevIdpOptions, issuer: string): ResolvedConfig {
  const issuerUrl = new URL(issuer);
  const bffList = options.bffUrl === undefined ? [DEFAULT_BFF_URL] : [options.bffUrl].flat();
  if (bffList.length === 0) throw new TypeError('dev-idp: bffUrl must name at least one URL');
  const sessionIdleSeconds = positiveInt(options.sessionIdleSeconds, 1800, 'sessionIdleSeconds');
  const sessionMaxSeconds = positiveInt(options.sessionMaxSeconds, 36000, 'sessionMaxSeconds');
  return {
    issuer: withoutTrailingSlash(issuer),
    realmPath: withoutTrailingSlash(issuerUrl.pathname),
    bffUrls: bffList.map((url) => withoutTrailingSlash(new URL(url).href)),
    bffClientId: options.clientId ?? DEMO_CLIENT_ID,
    bffClientSecret: options.clientSecret ?? DEMO_CLIENT_SECRET,
    forum: {
      redirectUris: options.forum?.redirectUris ?? ['http://localhost:8081/callback'],
      postLogoutRedirectUris: options.forum?.postLogoutRedirectUris ?? ['http://localhost:8081/'],
      backchannelLogoutUri: options.forum?.backchannelLogoutUri ?? 'http://localhost:8081/backchannel-logout',
    },
    accessTokenTtlSeconds: positiveInt(options.accessTokenTtlSeconds, 300, 'accessTokenTtlSeconds'),
    sessionIdleSeconds,
    sessionMaxSeconds: Math.max(sessionMaxSeconds, sessionIdleSeconds),
    logger: options.logger ?? consoleLogger,
  };
}

/** The back-channel logout URI of every BFF instance; the first one is the registered one. */
export function bffBackchannelUris(config: ResolvedConfig): string[] {
  return config.bffUrls.map((url) => `${url}/auth/backchannel-logout`);
}

/**
 * The realm's clients, like the Keycloak realm export the production setup imports. Every browser
 * client registers a back-channel logout URI with `backchannel_logout_session_required`: besides
 * being what the BFF needs, that is what makes oidc-provider put `sid` into its tokens, which
 * Keycloak always does.
 */
export function clientMetadata(config: ResolvedConfig): ClientMetadata[] {
  const [primaryBackchannel] = bffBackchannelUris(config);
  const bff: ClientMetadata = {
    client_id: config.bffClientId,
    client_secret: config.bffClientSecret,
    client_name: 'Nova Legacy',
    redirect_uris: config.bffUrls.map((url) => `${url}/auth/callback`),
    post_logout_redirect_uris: config.bffUrls.map((url) => `${url}/`),
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    // Either method is accepted at the token endpoint, as Keycloak does for "Client Id and Secret".
    token_endpoint_auth_method: 'client_secret_basic',
    // Keycloak always puts auth_time into the ID token; the BFF's step-up relies on it.
    require_auth_time: true,
    backchannel_logout_uri: primaryBackchannel,
    backchannel_logout_session_required: true,
  };
  const forum: ClientMetadata = {
    client_id: DEMO_FORUM_CLIENT_ID,
    client_secret: DEMO_FORUM_CLIENT_SECRET,
    client_name: 'Forum',
    redirect_uris: [...config.forum.redirectUris],
    post_logout_redirect_uris: [...config.forum.postLogoutRedirectUris],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'client_secret_basic',
    backchannel_logout_uri: config.forum.backchannelLogoutUri,
    backchannel_logout_session_required: true,
  };
  const integrator: ClientMetadata = {
    client_id: DEMO_INTEGRATOR_CLIENT_ID,
    client_secret: DEMO_INTEGRATOR_SECRET,
    client_name: 'Integrator (Service-Account)',
    redirect_uris: [],
    grant_types: ['client_credentials'],
    response_types: [],
    token_endpoint_auth_method: 'client_secret_basic',
    // The realm export's optional client scopes of the integrator (decision 081): a token carries
    // those it asks for.
    scope: ['profile', 'email', 'roles', ...ALL_SCOPES].join(' '),
  };
  return [bff, forum, integrator];
}
