import { User, gameApiPaths } from '@nova/contracts';
import { displayNameOf } from '@nova/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { GameApiClient } from '../game-api/client';
import type { AuthState } from '../session/types';

/**
 * Specification §3: the display name is the first `customname` entry. Keycloak can map the attribute into
 * the ID token; otherwise the game API's user resource has it; the username is the last resort.
 */
export async function resolveDisplayName(
  claims: Record<string, unknown>,
  auth: AuthState,
  gameApi: GameApiClient,
  userId: string,
  log: FastifyBaseLogger,
): Promise<string> {
  const fromClaim = claims.customname;
  if (Array.isArray(fromClaim) && fromClaim.every((v) => typeof v === 'string')) {
    return displayNameOf(auth.username, fromClaim);
  }
  try {
    const user = await gameApi.get(gameApiPaths.user(userId), User, { token: auth.accessToken });
    return displayNameOf(auth.username || user.username, user.attributes?.customname);
  } catch (error) {
    log.info({ err: error }, 'display name not available from the game API; using the username');
    return auth.username;
  }
}
