/**
 * How a session was signed in, from the ID token's `acr` and `amr` claims (OpenID Connect Core §2,
 * RFC 8176), its German name shown in "Angemeldete Geräte". Keycloak sends `acr` "1" after a password (or
 * other interactive) sign-in and "0" when its SSO cookie signed the user in without asking; "2" and
 * an `amr` with a second factor after one. Null when the identity provider says nothing we know.
 */
export const SIGN_IN_METHODS = {
  password: 'Passwort',
  secondFactor: 'Passwort und zweiter Faktor',
  singleSignOn: 'Bestehende Anmeldung (Single Sign-on)',
} as const;

const SECOND_FACTORS = ['otp', 'mfa', 'hwk', 'swk', 'sms', 'mca'];

export type SignInMethod = keyof typeof SIGN_IN_METHODS;

export function signInMethodOf(claims: { acr?: unknown; amr?: unknown }): SignInMethod | null {
  const amr = Array.isArray(claims.amr) ? claims.amr.filter((v): v is string => typeof v === 'string') : [];
  if (amr.some((method) => SECOND_FACTORS.includes(method)) || claims.acr === '2') return 'secondFactor';
  if (amr.includes('pwd') || claims.acr === '1') return 'password';
  if (claims.acr === '0') return 'singleSignOn';
  return null;
}
