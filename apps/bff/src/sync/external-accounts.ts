/**
 * The game API calls of account linking (specification §7), shared by the tRPC procedures and the Discord
 * callback. Every call is for the signed-in player's own user id and relays their token.
 */
import { ExternalAccount, ExternalAccounts, gameApiPaths as paths } from '@nova/contracts';
import type { LinkablePlatform, Platform } from '@nova/domain';
import { z } from 'zod';
import type { GameApiClient } from '../game-api/client';

export interface PlayerCall {
  gameApi: GameApiClient;
  userId: string;
  token: string;
}

export type ExternalAccount = z.infer<typeof ExternalAccount>;

export function listAccounts({ gameApi, userId, token }: PlayerCall, plattform?: Platform) {
  const query = plattform ? `?${new URLSearchParams({ plattform }).toString()}` : '';
  return gameApi.get(`${paths.externalAccounts(userId)}${query}`, ExternalAccounts, { token });
}

/** Specification §7: POST {userId, plattform, externalId}; a 404 means "identity not found" (Teamspeak). */
export async function linkAccount(
  { gameApi, userId, token }: PlayerCall,
  plattform: LinkablePlatform,
  externalId: string,
): Promise<ExternalAccount | null> {
  const created = await gameApi.send(
    'POST',
    paths.externalAccounts(userId),
    ExternalAccount.optional(),
    { userId, plattform, externalId },
    { token },
  );
  return created ?? null;
}

/**
 * Specification §7: the id of the account to delete comes from the lookup by platform; the accounts
 * returned are the caller's own because the path carries the caller's user id. Null when none.
 */
export async function unlinkAccount(call: PlayerCall, plattform: LinkablePlatform): Promise<number | null> {
  const own = (await listAccounts(call, plattform)).filter(
    (account) => account.plattform === plattform && account.userId === call.userId,
  );
  const first = own[0];
  if (!first) return null;
  await call.gameApi.send('DELETE', paths.externalAccount(call.userId, first.id), z.unknown(), undefined, {
    token: call.token,
  });
  return first.id;
}

export async function syncAccounts(call: PlayerCall, plattform: LinkablePlatform): Promise<void> {
  await call.gameApi.send(
    'POST',
    paths.externalAccountsSync(call.userId),
    z.unknown(),
    { plattform },
    {
      token: call.token,
    },
  );
}
