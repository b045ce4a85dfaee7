/** The sync manager's lists and writes (specification §7 through the BFF); a write reloads both lists. */
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { writeCallsOf, type WriteCalls } from '../../lib/write-dialog';

export type SyncObjectRow = RouterOutputs['syncManager']['objects']['list'][number];
export type SyncGroupRow = RouterOutputs['syncManager']['groups']['list'][number];

/** Where each tab's dialog is kept across a trip through the sign-in. */
export const SYNC_SCOPES = { objects: 'sync-manager:objects', groups: 'sync-manager:groups' } as const;

export function useSyncLists() {
  const objects = trpc.syncManager.objects.list.useQuery();
  const groups = trpc.syncManager.groups.list.useQuery();
  return { objects, groups };
}

/** Specification §4.7: save and delete reload the lists (memberships show in both). */
export function useReloadLists() {
  const utils = trpc.useUtils();
  return () =>
    Promise.all([utils.syncManager.objects.list.invalidate(), utils.syncManager.groups.list.invalidate()]);
}

export function useSyncWrites(): { objects: WriteCalls<SyncObjectRow>; groups: WriteCalls<SyncGroupRow> } {
  const { syncManager } = trpc.useUtils().client;
  return { objects: writeCallsOf(syncManager.objects), groups: writeCallsOf(syncManager.groups) };
}
