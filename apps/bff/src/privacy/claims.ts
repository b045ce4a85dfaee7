/**
 * The identity provider's claims about the signed-in person for the data export (decision 101): the
 * ID token's payload as it came at sign-in (verified then), without the token itself and without the
 * protocol's one-time values, beside what the session knows of the person.
 */
import type { SessionRecord } from '../session/types';

/** Protocol values that say nothing about the person. */
const TECHNICAL = new Set(['nonce', 'at_hash', 'c_hash', 's_hash']);

function payloadOf(jwt: string | null): Record<string, unknown> {
  const part = jwt?.split('.')[1];
  if (!part) return {};
  try {
    const value = JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

export function idTokenClaims(record: SessionRecord): Record<string, unknown> {
  const claims = Object.fromEntries(
    Object.entries(payloadOf(record.auth.idToken)).filter(([name]) => !TECHNICAL.has(name)),
  );
  return {
    benutzerId: record.userId,
    benutzername: record.auth.username,
    anzeigename: record.displayName,
    webRollen: record.auth.roles,
    anmeldedienst: claims,
  };
}
