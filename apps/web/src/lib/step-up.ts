/**
 * Re-authentication before a destructive action (decision 022), for the SPA's dialogs.
 *
 * The BFF refuses a destructive mutation whose sign-in is older than STEP_UP_MAX_AGE_SECONDS with
 * FORBIDDEN and `data.reason === 'STEP_UP_REQUIRED'`. The dialog then:
 *
 *   onError(error) {
 *     if (isStepUpRequired(error)) beginStepUp({ dialog: 'delete', id: row.id });  // leaves the page
 *   }
 *   // on mount of the screen:
 *   const resumed = takeStepUpState<{ dialog: 'delete'; id: number }>();
 *   if (resumed) reopen the dialog for resumed.id, with a hint that the action can now be confirmed
 *
 * `beginStepUp` keeps the state in this tab's sessionStorage (never secrets: ids and form values
 * only) and sends the browser through `/auth/login?stepUp=1&returnTo=<this page>`, where the
 * identity provider asks for the password again (max_age=0, prompt=login) and comes back here.
 * `takeStepUpState` returns that state once, only on the page that saved it and within 10 minutes.
 */
import { TRPCClientError } from '@trpc/client';

export const STEP_UP_REASON = 'STEP_UP_REQUIRED';
const STORAGE_KEY = 'nova:step-up';
const MAX_AGE_MS = 10 * 60 * 1000;

interface Saved {
  path: string;
  savedAt: number;
  state: unknown;
}

/** True when the BFF asks for a fresh sign-in before this action. */
export function isStepUpRequired(error: unknown): boolean {
  if (!(error instanceof TRPCClientError)) return false;
  const data = (error as TRPCClientError<never>).data as { reason?: unknown } | undefined;
  return data?.reason === STEP_UP_REASON;
}

function currentPath(): string {
  return `${window.location.pathname}${window.location.search}`;
}

/** The sign-in address that re-authenticates and returns to `returnTo` (default: this page). */
export function stepUpUrl(returnTo: string = currentPath()): string {
  return `/auth/login?stepUp=1&returnTo=${encodeURIComponent(returnTo)}`;
}

/**
 * Saves `state` for this page and leaves for the re-authentication. Nothing after this call runs
 * reliably: the browser navigates away.
 */
export function beginStepUp(
  state: unknown,
  navigate: (url: string) => void = (url) => window.location.assign(url),
): void {
  const saved: Saved = { path: window.location.pathname, savedAt: Date.now(), state };
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(saved));
  } catch {
    // Storage unavailable (private mode quota): the admin re-opens the dialog by hand.
  }
  navigate(stepUpUrl());
}

/** The state saved by `beginStepUp` on this page, once (it is removed); null if none or too old. */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the shape it saved
export function takeStepUpState<T = unknown>(): T | null {
  let raw: string | null;
  try {
    raw = sessionStorage.getItem(STORAGE_KEY);
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const saved = JSON.parse(raw) as Saved;
    if (saved.path !== window.location.pathname || Date.now() - saved.savedAt > MAX_AGE_MS) return null;
    return saved.state as T;
  } catch {
    return null;
  }
}
