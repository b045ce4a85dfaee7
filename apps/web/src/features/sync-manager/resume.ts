/**
 * The sync manager's dialogs across a trip through the sign-in (decision 022): a delete refused for
 * an old sign-in saves the open dialog (tab, row id, what the form holds) and the page opens it again
 * with the delete confirmation ready (`intent: 'remove'`); a save that met a lost session (401) keeps
 * what was typed the same way and opens the dialog again, new or editing (`intent: 'save'`).
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

export type ResumeIntent = 'remove' | 'save';

/** `id` null: a new row (only with `intent: 'save'`). */
export type SyncResume =
  | { tab: 'objects'; id: number | null; values: ObjectValues; intent: ResumeIntent }
  | { tab: 'groups'; id: number | null; values: GroupValues; intent: ResumeIntent };

/** Saves the delete dialog and leaves for the re-authentication. */
export function beginSyncStepUp(resume: SyncResume): void {
  beginStepUp(SYNC_MANAGER_SCOPE, resume);
}

/** The draft `useSessionLoss` keeps when a save meets a lost session. */
export function sessionDraft(resume: SyncResume): { scope: string; state: SyncResume } {
  return { scope: SYNC_MANAGER_SCOPE, state: resume };
}

const isText = (value: unknown): value is string => typeof value === 'string';

function isResume(state: unknown): state is SyncResume {
  if (typeof state !== 'object' || state === null) return false;
  const { tab, id, values, intent } = state as {
    tab?: unknown;
    id?: unknown;
    values?: unknown;
    intent?: unknown;
  };
  if (intent !== 'remove' && intent !== 'save') return false;
  if (!(Number.isInteger(id) || (id === null && intent === 'save'))) return false;
  if (typeof values !== 'object' || values === null) return false;
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
