/**
 * Re-authentication before a destructive action (decision 022): the BFF refuses one whose sign-in is
 * too old with `data.reason === 'STEP_UP_REQUIRED'`; the dialog keeps its state as a form draft
 * (form-draft.ts, at most 10 minutes) and sends the browser through `/auth/login?stepUp=1`, and the
 * screen reopens it from `useRestoredDraft` when the browser is back.
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
 * Saves `state` as the draft for `scope` of this page (or of `returnTo`'s) and leaves for the re-authentication. Nothing after
 * this call runs reliably: the browser navigates away.
 */
export function beginStepUp(
  scope: string,
  state: unknown,
  navigate: (url: string) => void = (url) => window.location.assign(url),
  /** Where the sign-in returns to (its page restores the draft), when it is not this page. */
  returnTo?: string,
): void {
  saveDraft(
    scope,
    state,
    MAX_AGE_MS,
    returnTo ? new URL(returnTo, window.location.origin).pathname : undefined,
  );
  navigate(stepUpUrl(returnTo));
}
