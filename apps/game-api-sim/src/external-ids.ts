/**
 * How the simulator stands in for the identity checks of the real game API when linking accounts
 * (specification §7: POST external-accounts, "404 means identity not found (Teamspeak)").
 */
import type { Random } from './random';

/**
 * A Teamspeak unique identity is 20 bytes in base64: 27 characters and one "=". The simulator has
 * no Teamspeak server to ask: an identity "is found" when it is one of the demo server's connected
 * clients (`DEMO_TEAMSPEAK_IDENTITIES`) or already linked to a player.
 */
export const TEAMSPEAK_IDENTITY = /^[A-Za-z0-9+/]{27}=$/;

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

export function randomTeamspeakIdentity(rng: Random): string {
  return `${Array.from({ length: 27 }, () => BASE64.charAt(rng.int(0, 63))).join('')}=`;
}

/**
 * Discord user ids are snowflakes: unsigned 64-bit numbers, written as 17 to 20 decimal digits.
 * The BFF reads the id from Discord's `/users/@me` and sends only that (architecture §8).
 */
export const DISCORD_USER_ID = /^[1-9]\d{16,19}$/;

export function randomDiscordId(rng: Random): string {
  return `${rng.int(1, 9)}${Array.from({ length: 17 }, () => rng.int(0, 9)).join('')}`;
}
