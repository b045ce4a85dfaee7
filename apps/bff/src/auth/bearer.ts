/**
 * Bearer access tokens of integrators' scripts (architecture §5): JWKS signature with an algorithm
 * allow-list, issuer, expiry, `typ: Bearer` (Keycloak's mark of an access token, which dev-idp copies),
 * and audience or authorized party equal to our client id.
 */
import { scopesOf, webRolesOf, type RoleClaims } from '@nova/domain';
import type { JWTPayload, JWTVerifyGetKey } from 'jose';
import { verifyIssuerJwt } from './jwt';

export interface BearerIdentity {
  userId: string;
  username: string;
  displayName: string;
  roles: string[];
  /** The token's `auth_time` (epoch seconds); null when absent (never read as "recent"). */
  authTime: number | null;
  /** The client the token was issued to (`azp`, else Keycloak's `client_id`). */
  clientId: string | null;
  /**
   * A machine client, identified positively (decision 053): its client id is one of
   * MACHINE_CLIENT_IDS, or the token carries Keycloak's service-account marker (the `client_id`
   * claim of the `service_account` scope; `clientId` before Keycloak 25). Never from a missing claim.
   */
  machine: boolean;
  /** The token's OAuth scopes (`scope` claim); a machine client's rights (decision 081). */
  scopes: string[];
}

export class InvalidBearerError extends Error {
  override name = 'InvalidBearerError';
}

type AccessClaims = JWTPayload &
  RoleClaims & {
    azp?: unknown;
    typ?: unknown;
    preferred_username?: unknown;
    name?: unknown;
    auth_time?: unknown;
    client_id?: unknown;
    clientId?: unknown;
    scope?: unknown;
  };

const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

export async function verifyBearer(
  token: string,
  keys: JWTVerifyGetKey,
  expected: { issuer: string; clientId: string; machineClientIds: readonly string[] },
): Promise<BearerIdentity> {
  const payload = await verifyIssuerJwt<AccessClaims>(
    token,
    keys,
    expected.issuer,
    { requiredClaims: ['exp', 'sub'] },
    (cause) => new InvalidBearerError('the bearer token is not valid', { cause }),
  );
  // Only access tokens: ID tokens (`ID`, or none at all), refresh tokens (`Refresh`), logout tokens
  // (`Logout`) and anything else are refused, even when signed by the issuer for our client.
  if (payload.typ !== 'Bearer') throw new InvalidBearerError('not an access token');
  const audiences = typeof payload.aud === 'string' ? [payload.aud] : (payload.aud ?? []);
  if (!audiences.includes(expected.clientId) && payload.azp !== expected.clientId) {
    throw new InvalidBearerError('the token is not meant for this application');
  }
  const sub = payload.sub ?? '';
  const marker = text(payload.client_id) ?? text(payload.clientId);
  const clientId = text(payload.azp) ?? marker;
  const username = typeof payload.preferred_username === 'string' ? payload.preferred_username : sub;
  return {
    userId: sub,
    username,
    displayName: typeof payload.name === 'string' && payload.name ? payload.name : username,
    roles: webRolesOf(payload, expected.clientId),
    authTime: typeof payload.auth_time === 'number' ? payload.auth_time : null,
    clientId,
    machine: marker !== null || (clientId !== null && expected.machineClientIds.includes(clientId)),
    scopes: scopesOf(payload.scope),
  };
}
