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
