/**
 * Re-authentication before a destructive action (decision 022), for the SPA's dialogs.
 *
 * The BFF refuses a destructive mutation whose sign-in is older than STEP_UP_MAX_AGE_SECONDS with
 * FORBIDDEN and `data.reason === 'STEP_UP_REQUIRED'`. The dialog then:
 *
 *   onError(error) {
 *     if (isStepUpRequired(error)) beginStepUp('my-screen', { id: row.id, values });  // leaves the page
 *   }
 *   // in the screen:
 *   const resumed = useRestoredDraft('my-screen', isMyState);
 *   if (resumed) reopen the dialog for resumed.id, with a hint that the action can now be confirmed
 *
 * `beginStepUp` keeps the state with the form drafts (form-draft.ts: this tab, this page, once; at
 * most 10 minutes here) and sends the browser through `/auth/login?stepUp=1&returnTo=<this page>`,
 * where the identity provider asks for the password again (max_age=0, prompt=login) and comes back.
 */
import { TRPCClientError } from '@trpc/client';
import { saveDraft } from './form-draft';

export const STEP_UP_REASON = 'STEP_UP_REQUIRED';
const MAX_AGE_MS = 10 * 60 * 1000;

/** True when the BFF asks for a fresh sign-in before this action. */
export function isStepUpRequired(error: unknown): boolean {
  if (!(error instanceof TRPCClientError)) return false;
  const data = (error as TRPCClientError<never>).data as { reason?: unknown } | undefined;
  return data?.reason === STEP_UP_REASON;
}

/** The sign-in address that re-authenticates and returns to `returnTo` (default: this page). */
export function stepUpUrl(returnTo = `${window.location.pathname}${window.location.search}`): string {
  return `/auth/login?stepUp=1&returnTo=${encodeURIComponent(returnTo)}`;
}

/**
 * Saves `state` as this page's draft for `scope` and leaves for the re-authentication. Nothing after
 * this call runs reliably: the browser navigates away.
 */
export function beginStepUp(
  scope: string,
  state: unknown,
  navigate: (url: string) => void = (url) => window.location.assign(url),
): void {
  saveDraft(scope, state, MAX_AGE_MS);
  navigate(stepUpUrl());
}
