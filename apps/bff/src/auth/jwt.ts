import { jwtVerify, type JWTPayload, type JWTVerifyGetKey, type JWTVerifyOptions } from 'jose';

/** Signature algorithms accepted from the identity provider; `none` and HMAC are never accepted. */
export const ALLOWED_ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
];

export const CLOCK_TOLERANCE_SECONDS = 5;

/**
 * Verifies a JWT of the issuer with the checks every token kind shares (signature by the issuer's
 * keys, allowed algorithms, issuer, clock tolerance) plus the kind's own options; the caller turns
 * a failure into its own error with `wrap`.
 */
export async function verifyIssuerJwt<P extends JWTPayload>(
  token: string,
  keys: JWTVerifyGetKey,
  issuer: string,
  options: Omit<JWTVerifyOptions, 'issuer' | 'algorithms' | 'clockTolerance'>,
  wrap: (cause: unknown) => Error,
): Promise<P> {
  try {
    const { payload } = await jwtVerify<P>(token, keys, {
      ...options,
      issuer,
      algorithms: ALLOWED_ALGORITHMS,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
    });
    return payload;
  } catch (cause) {
    throw wrap(cause);
  }
}
