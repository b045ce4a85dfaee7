import { webRolesOf, type RoleClaims } from '@nova/domain';
import { decodeJwt } from 'jose';
import type { AuthState } from '../session/types';
import type { TokenSet } from './oidc';

/**
 * The session's view of a token response. Keycloak's access token is a JWT received directly from
 * the token endpoint over TLS, so its claims are read without a second signature check.
 */
export function authStateFrom(tokens: TokenSet, clientId: string, previous?: AuthState): AuthState {
  const access = decodeJwt(tokens.accessToken) as RoleClaims & { preferred_username?: unknown };
  const idName = tokens.idClaims?.preferred_username;
  const username =
    (typeof access.preferred_username === 'string' && access.preferred_username) ||
    (typeof idName === 'string' && idName) ||
    previous?.username ||
    '';
  return {
    accessToken: tokens.accessToken,
    // Keycloak may omit a new refresh token or id token on refresh: keep the previous ones.
    refreshToken: tokens.refreshToken ?? previous?.refreshToken ?? null,
    idToken: tokens.idToken ?? previous?.idToken ?? null,
    accessTokenExpiresAt: tokens.expiresAt,
    username,
    roles: webRolesOf(access, clientId),
  };
}
