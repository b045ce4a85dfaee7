/**
 * OpenID Connect Back-Channel Logout 1.0 §2.6: a logout token is a JWT signed by the issuer, for our
 * client, with `iat`, `jti`, the back-channel logout event, `sid` and/or `sub`, and without `nonce`.
 */
import type { JWTPayload, JWTVerifyGetKey } from 'jose';
import { verifyIssuerJwt } from './jwt';

export const BACKCHANNEL_LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout';

export interface LogoutClaims {
  jti: string;
  sid?: string;
  sub?: string;
}

export class InvalidLogoutTokenError extends Error {
  override name = 'InvalidLogoutTokenError';
}

type LogoutPayload = JWTPayload & { events?: unknown; sid?: unknown; nonce?: unknown };

export async function verifyLogoutToken(
  token: string,
  keys: JWTVerifyGetKey,
  expected: { issuer: string; clientId: string },
): Promise<LogoutClaims> {
  const payload = await verifyIssuerJwt<LogoutPayload>(
    token,
    keys,
    expected.issuer,
    { audience: expected.clientId, requiredClaims: ['iat', 'jti'], maxTokenAge: '10 minutes' },
    (cause) => new InvalidLogoutTokenError('the logout token is not valid', { cause }),
  );
  const events = payload.events;
  if (typeof events !== 'object' || events === null || !(BACKCHANNEL_LOGOUT_EVENT in events)) {
    throw new InvalidLogoutTokenError('the logout token lacks the back-channel logout event');
  }
  if (payload.nonce !== undefined) throw new InvalidLogoutTokenError('a logout token must not carry a nonce');
  const sid = typeof payload.sid === 'string' && payload.sid ? payload.sid : undefined;
  const sub = payload.sub || undefined;
  if (!sid && !sub) throw new InvalidLogoutTokenError('the logout token names neither sid nor sub');
  return { jti: payload.jti ?? '', ...(sid ? { sid } : {}), ...(sub ? { sub } : {}) };
}
