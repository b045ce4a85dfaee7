/**
 * Userinfo and token introspection for Keycloak-style JWT access tokens. oidc-provider serves both
 * only for its own opaque tokens (a JWT access token with an audience is refused at userinfo and
 * unknown to introspection), while Keycloak answers them for the access tokens it issues.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

import { jwtVerify, type CryptoKey, type JWTPayload } from 'jose';
import type { ClientMetadata, Provider } from 'oidc-provider';

import { constantTimeEqual, type AccountStore } from './accounts';
import { profileClaims } from './claims';
import { basicCredentials, bearerToken, HttpError, readForm, sendJson } from './http-util';

export interface KeycloakEndpointDeps {
  provider: Provider;
  accounts: AccountStore;
  issuer: string;
  publicKey: CryptoKey;
  clients: readonly ClientMetadata[];
}

/** The handlers below, bound to one realm's provider, accounts and signing key. */
export function createKeycloakEndpoints(deps: KeycloakEndpointDeps) {
  return {
    userinfo: (req: IncomingMessage, res: ServerResponse) => userinfo(deps, req, res),
    introspection: (req: IncomingMessage, res: ServerResponse) => introspection(deps, req, res),
    verifyAccessToken: (token: string) => verifyAccessToken(deps, token),
    refreshTokenLogout: (req: IncomingMessage, res: ServerResponse) => refreshTokenLogout(deps, req, res),
  };
}

/** A valid access token of this realm whose SSO session (if it has one) is still alive. */
async function verifyAccessToken(deps: KeycloakEndpointDeps, token: string): Promise<JWTPayload | undefined> {
  const { provider, issuer, publicKey } = deps;
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, publicKey, { issuer, algorithms: ['RS256'], typ: 'JWT' }));
  } catch {
    return undefined;
  }
  if (payload.typ !== 'Bearer') return undefined;
  if (typeof payload.sid === 'string') {
    const session = await provider.Session.findByUid(payload.sid);
    if (session?.accountId !== payload.sub) return undefined;
  }
  return payload;
}

async function userinfo(
  deps: KeycloakEndpointDeps,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const { accounts } = deps;
  const invalid = { 'WWW-Authenticate': 'Bearer realm="nova", error="invalid_token"' };
  const token = bearerToken(req);
  const payload = token === undefined ? undefined : await verifyAccessToken(deps, token);
  const account =
    typeof payload?.sid === 'string' && payload.sub ? accounts.findById(payload.sub) : undefined;
  if (!account) {
    sendJson(res, 401, { error: 'invalid_token', error_description: 'Token verification failed' }, invalid);
    return;
  }
  sendJson(res, 200, profileClaims(account));
}

function authenticateClient(
  clients: KeycloakEndpointDeps['clients'],
  req: IncomingMessage,
  form: URLSearchParams,
): ClientMetadata {
  const basic = basicCredentials(req);
  const id = basic?.id ?? form.get('client_id');
  const secret = basic?.secret ?? form.get('client_secret');
  const client = clients.find((candidate) => candidate.client_id === id);
  if (
    !client ||
    typeof client.client_secret !== 'string' ||
    !constantTimeEqual(secret ?? '', client.client_secret)
  ) {
    throw new HttpError(401, 'invalid_client');
  }
  return client;
}

async function introspectRefreshToken(
  deps: KeycloakEndpointDeps,
  token: string,
): Promise<Record<string, unknown> | undefined> {
  const { provider, issuer } = deps;
  const refreshToken = await provider.RefreshToken.find(token);
  if (!refreshToken?.isValid) return undefined;
  if (refreshToken.expiresWithSession && refreshToken.sessionUid) {
    const session = await provider.Session.findByUid(refreshToken.sessionUid);
    if (session?.accountId !== refreshToken.accountId) return undefined;
  }
  return {
    active: true,
    token_type: 'Refresh',
    typ: 'Refresh',
    iss: issuer,
    sub: refreshToken.accountId,
    client_id: refreshToken.clientId,
    azp: refreshToken.clientId,
    scope: refreshToken.scope,
    sid: refreshToken.sid,
    iat: refreshToken.iat,
    exp: refreshToken.exp,
  };
}

async function introspection(
  deps: KeycloakEndpointDeps,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  if (req.method !== 'POST') {
    sendJson(res, 405, { error: 'invalid_request' }, { Allow: 'POST' });
    return;
  }
  let form: URLSearchParams;
  try {
    form = await readForm(req);
    authenticateClient(deps.clients, req, form);
  } catch (error) {
    const status = error instanceof HttpError ? error.status : 400;
    const headers: Record<string, string> =
      status === 401 ? { 'WWW-Authenticate': 'Basic realm="nova"' } : {};
    sendJson(res, status, { error: status === 401 ? 'invalid_client' : 'invalid_request' }, headers);
    return;
  }
  const token = form.get('token') ?? '';
  const access = token ? await verifyAccessToken(deps, token) : undefined;
  if (access) {
    const username = access.preferred_username;
    sendJson(res, 200, { ...access, active: true, token_type: 'Bearer', client_id: access.azp, username });
    return;
  }
  sendJson(res, 200, (token ? await introspectRefreshToken(deps, token) : undefined) ?? { active: false });
}

/**
 * Keycloak's logout endpoint called by a confidential client with `refresh_token` (no browser):
 * ends the SSO session the token belongs to and answers 204. The BFF uses it when a player ends
 * one of his sessions under "Angemeldete Geräte".
 */
async function refreshTokenLogout(
  deps: KeycloakEndpointDeps,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const { provider } = deps;
  let form: URLSearchParams;
  let client: ClientMetadata;
  try {
    form = await readForm(req);
    client = authenticateClient(deps.clients, req, form);
  } catch (error) {
    const status = error instanceof HttpError ? error.status : 400;
    sendJson(res, status, { error: status === 401 ? 'invalid_client' : 'invalid_request' });
    return;
  }
  const refreshToken = await provider.RefreshToken.find(form.get('refresh_token') ?? '');
  if (!refreshToken?.isValid || refreshToken.clientId !== client.client_id) {
    sendJson(res, 400, { error: 'invalid_grant', error_description: 'Invalid refresh token' });
    return;
  }
  if (refreshToken.sessionUid) {
    const session = await provider.Session.findByUid(refreshToken.sessionUid);
    if (session) await session.destroy();
  }
  await refreshToken.destroy();
  res.writeHead(204, { 'Cache-Control': 'no-store' });
  res.end();
}
