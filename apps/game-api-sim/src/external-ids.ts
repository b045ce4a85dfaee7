/**
 * How the simulator stands in for the identity checks of the real game API when linking accounts
 * (doc 2 §7: POST external-accounts, "404 means identity not found (Teamspeak)").
 */
import { createHash } from 'node:crypto';
import type { Random } from './random';

/**
 * A Teamspeak unique identity is 20 bytes in base64: 27 characters and one "=". The simulator has
 * no Teamspeak server to ask, so an identity "is found" exactly when it has that shape.
 */
export const TEAMSPEAK_IDENTITY = /^[A-Za-z0-9+/]{27}=$/;

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

export function randomTeamspeakIdentity(rng: Random): string {
  return `${Array.from({ length: 27 }, () => BASE64.charAt(rng.int(0, 63))).join('')}=`;
}

/**
 * Discord linking sends the user's OAuth access token; the real API would ask Discord for the user
 * id. The simulator derives a stable snowflake-like id (18 digits) from the token instead.
 */
export function discordIdFromToken(token: string): string {
  const digest = createHash('sha256').update(token).digest();
  const value = digest.readBigUInt64BE(0) % 900_000_000_000_000_000n;
  return String(100_000_000_000_000_000n + value);
}

export function randomDiscordId(rng: Random): string {
  return `${rng.int(1, 9)}${Array.from({ length: 17 }, () => rng.int(0, 9)).join('')}`;
}
