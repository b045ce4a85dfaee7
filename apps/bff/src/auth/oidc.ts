/**
 * The BFF as a confidential OpenID Connect client of Keycloak (architecture §5): authorization
 * code + PKCE S256 with state and nonce, discovery from the issuer, refresh, RP-initiated logout.
 * Discovery is lazy and retried on the next use, so the BFF starts before the identity provider.
 */
import { createRemoteJWKSet, customFetch as joseCustomFetch, type JWTVerifyGetKey } from 'jose';
import * as oidc from 'openid-client';

export interface OidcOptions {
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  postLogoutRedirectUri: string;
  /** Test hook: counts or fakes the identity provider's HTTP traffic. */
  fetch?: typeof fetch;
  timeoutSeconds?: number;
}

export interface TokenSet {
  accessToken: string;
  refreshToken: string | null;
  idToken: string | null;
  /** Epoch milliseconds. */
  expiresAt: number;
  idClaims: Record<string, unknown> | null;
}

export class OidcClient {
  #config: Promise<oidc.Configuration> | undefined;
  #jwks: JWTVerifyGetKey | undefined;

  constructor(readonly options: OidcOptions) {}

  get issuer(): string {
    return this.options.issuer;
  }

  get clientId(): string {
    return this.options.clientId;
  }

  config(): Promise<oidc.Configuration> {
    this.#config ??= this.#discover().catch((error: unknown) => {
      this.#config = undefined; // try again on the next request
      throw error;
    });
    return this.#config;
  }

  async #discover(): Promise<oidc.Configuration> {
    const { issuer, clientId, clientSecret, timeoutSeconds = 5 } = this.options;
    // Node's fetch is what openid-client calls; the cast keeps the SPA's typecheck (DOM types,
    // where Uint8Array bodies differ) from disagreeing when it reads this file through the router.
    const customFetch = this.options.fetch as oidc.CustomFetch | undefined;
    const insecure = new URL(issuer).protocol === 'http:';
    const config = await oidc.discovery(
      new URL(issuer),
      clientId,
      { client_secret: clientSecret },
      oidc.ClientSecretBasic(clientSecret),
      {
        timeout: timeoutSeconds,
        // eslint-disable-next-line @typescript-eslint/no-deprecated -- only the demo/dev issuer is http; production issuers are https
        ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
        ...(customFetch ? { [oidc.customFetch]: customFetch } : {}),
      },
    );
    if (customFetch) config[oidc.customFetch] = customFetch;
    config.timeout = timeoutSeconds;
    return config;
  }

  /** The key set of the issuer, for access tokens and logout tokens. */
  async jwks(): Promise<JWTVerifyGetKey> {
    if (this.#jwks) return this.#jwks;
    const uri = (await this.config()).serverMetadata().jwks_uri;
    if (!uri) throw new Error('the identity provider publishes no jwks_uri');
    this.#jwks = createRemoteJWKSet(new URL(uri), {
      timeoutDuration: 5000,
      cooldownDuration: 30_000,
      ...(this.options.fetch ? { [joseCustomFetch]: this.options.fetch } : {}),
    });
    return this.#jwks;
  }

  async authorizationUrl(params: {
    state: string;
    nonce: string;
    codeVerifier: string;
    extra?: Record<string, string>;
  }): Promise<URL> {
    const config = await this.config();
    return oidc.buildAuthorizationUrl(config, {
      redirect_uri: this.options.redirectUri,
      scope: 'openid',
      response_type: 'code',
      state: params.state,
      nonce: params.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(params.codeVerifier),
      code_challenge_method: 'S256',
      ...params.extra,
    });
  }

  async exchange(
    callbackUrl: URL,
    checks: { state: string; nonce: string; codeVerifier: string },
  ): Promise<TokenSet> {
    const config = await this.config();
    const response = await oidc.authorizationCodeGrant(config, callbackUrl, {
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      pkceCodeVerifier: checks.codeVerifier,
      idTokenExpected: true,
    });
    return toTokenSet(response);
  }

  async refresh(refreshToken: string): Promise<TokenSet> {
    const response = await oidc.refreshTokenGrant(await this.config(), refreshToken);
    return toTokenSet(response);
  }

  /**
   * Ends the identity provider's session behind a refresh token from the server (Keycloak's logout
   * endpoint with `refresh_token` and client authentication; dev-idp does the same). Answers 204.
   */
  async endSessionByRefreshToken(refreshToken: string): Promise<void> {
    const endpoint = (await this.config()).serverMetadata().end_session_endpoint;
    if (!endpoint) throw new Error('the identity provider publishes no end_session_endpoint');
    const { clientId, clientSecret, fetch: customFetch = fetch } = this.options;
    const basic = Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`).toString(
      'base64',
    );
    const response = await customFetch(endpoint, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ refresh_token: refreshToken }).toString(),
      signal: AbortSignal.timeout((this.options.timeoutSeconds ?? 5) * 1000),
    });
    if (!response.ok && response.status !== 204) {
      throw new EndSessionRefusedError(
        `the identity provider refused the session end (HTTP ${response.status})`,
      );
    }
  }

  /**
   * The identity provider's logout page for the browser: `client_id` and `post_logout_redirect_uri`
   * only. Never an `id_token_hint`: the browser (its history, the identity provider's access log) must
   * not see the ID token. Without the hint Keycloak asks the user to confirm.
   */
  async endSessionUrl(): Promise<URL | null> {
    const config = await this.config();
    if (!config.serverMetadata().end_session_endpoint) return null;
    return oidc.buildEndSessionUrl(config, {
      client_id: this.options.clientId,
      post_logout_redirect_uri: this.options.postLogoutRedirectUri,
    });
  }
}

/** The identity provider answered the server-side session end with an error (not: unreachable). */
export class EndSessionRefusedError extends Error {
  override name = 'EndSessionRefusedError';
}

function toTokenSet(response: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers): TokenSet {
  const expiresIn = response.expiresIn();
  return {
    accessToken: response.access_token,
    refreshToken: response.refresh_token ?? null,
    idToken: response.id_token ?? null,
    expiresAt: Date.now() + (expiresIn ?? 300) * 1000,
    idClaims: (response.claims() as Record<string, unknown> | undefined) ?? null,
  };
}
