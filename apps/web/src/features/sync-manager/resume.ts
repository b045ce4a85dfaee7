/**
 * The sync manager's delete dialogs across the re-authentication (decision 022): a delete refused for
 * an old sign-in saves the open dialog (tab, row id, what the form holds), the admin signs in again,
 * and the page opens the same dialog with the delete confirmation ready.
 */
import { useRestoredDraft } from '../../lib/form-draft';
import { beginStepUp } from '../../lib/step-up';

export const SYNC_MANAGER_SCOPE = 'sync-manager';

export interface ObjectValues {
  plattform: string;
  externalId: string;
  description: string;
}

export interface GroupValues {
  name: string;
  keycloakName: string;
  /** Ids of the checked sync objects, as the checkbox values (text). */
  members: string[];
}

export type SyncResume =
  { tab: 'objects'; id: number; values: ObjectValues } | { tab: 'groups'; id: number; values: GroupValues };

/** Saves the dialog and leaves for the re-authentication. */
export function beginSyncStepUp(resume: SyncResume): void {
  beginStepUp(SYNC_MANAGER_SCOPE, resume);
}

const isText = (value: unknown): value is string => typeof value === 'string';

function isResume(state: unknown): state is SyncResume {
  if (typeof state !== 'object' || state === null) return false;
  const { tab, id, values } = state as { tab?: unknown; id?: unknown; values?: unknown };
  if (!Number.isInteger(id) || typeof values !== 'object' || values === null) return false;
  const v = values as Record<string, unknown>;
  if (tab === 'objects') return isText(v.plattform) && isText(v.externalId) && isText(v.description);
  if (tab === 'groups') {
    return isText(v.name) && isText(v.keycloakName) && Array.isArray(v.members) && v.members.every(isText);
  }
  return false;
}

/** The dialog left for a re-authentication on this page (removed from storage once shown). */
export function useSyncResume(): SyncResume | null {
  return useRestoredDraft(SYNC_MANAGER_SCOPE, isResume);
}
