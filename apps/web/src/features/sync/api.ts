/**
 * The player's external accounts (specification §7 through the BFF): the status of every platform in one
 * query, and the writes that change it, each invalidating that status.
 */
import { SYNC_TEXTS } from '@nova/domain';
import { useCallback } from 'react';
import { trpc } from '../../lib/trpc';

export function useSyncStatus() {
  return trpc.externalAccounts.status.useQuery(undefined, { staleTime: 0 });
}

export function useInvalidateStatus() {
  const utils = trpc.useUtils();
  return useCallback(() => utils.externalAccounts.status.invalidate(), [utils]);
}

/** The tRPC error code of a failed call, if any. */
export function codeOf(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const code = (error as { data?: { code?: unknown } | null }).data?.code;
  return typeof code === 'string' ? code : null;
}

/** Specification §8.5: load, disconnect, sync and link failures say "Etwas ist schiefgelaufen". */
export const FAILED = SYNC_TEXTS.failed;
