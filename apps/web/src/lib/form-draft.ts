/**
 * What a screen needs after a full-page trip through the sign-in, for both trips the SPA makes:
 * a 401 during a mutation (mutation.ts: the access gate signs in and comes back) and the
 * re-authentication before a destructive action (step-up.ts, decision 022). One store for both:
 * sessionStorage (this tab only, gone when it closes), one entry per scope, bound to the page it was
 * saved on, taken once, ignored when too old (30 minutes unless the saver says less). Never secrets:
 * ids and form values only.
 */
import { useEffect, useState } from 'react';

const PREFIX = 'nova:draft:';
const DEFAULT_MAX_AGE_MS = 30 * 60 * 1000;

interface Saved {
  path: string;
  savedAt: number;
  maxAgeMs: number;
  state: unknown;
}

export function saveDraft(
  scope: string,
  state: unknown,
  maxAgeMs: number = DEFAULT_MAX_AGE_MS,
  /** The page that restores it, when it is not this one. */
  path: string = window.location.pathname,
): void {
  const saved: Saved = { path, savedAt: Date.now(), maxAgeMs, state };
  try {
    sessionStorage.setItem(PREFIX + scope, JSON.stringify(saved));
  } catch {
    // Storage full or disabled: the input is lost as it would be without this helper.
  }
}

/**
 * The draft saved for `scope` on this page, without removing it; null if none, foreign or too old
 * (such an entry is removed).
 */
export function peekDraft<T>(scope: string, isValid: (state: unknown) => state is T): T | null {
  let raw: string | null;
  try {
    raw = sessionStorage.getItem(PREFIX + scope);
  } catch {
    return null;
  }
  if (!raw) return null;
  let draft: T | null = null;
  try {
    const saved = JSON.parse(raw) as Partial<Saved>;
    const fresh =
      typeof saved.savedAt === 'number' &&
      typeof saved.maxAgeMs === 'number' &&
      Date.now() - saved.savedAt <= Math.min(saved.maxAgeMs, DEFAULT_MAX_AGE_MS);
    if (fresh && saved.path === window.location.pathname && isValid(saved.state)) draft = saved.state;
  } catch {
    // Broken contents: removed below.
  }
  if (draft === null) discardDraft(scope);
  return draft;
}

/** Whether a draft of `scope` waits on this page (any shape; a stale one is removed). */
export function hasDraft(scope: string): boolean {
  return peekDraft(scope, (state): state is unknown => state !== undefined) !== null;
}

export function discardDraft(scope: string): void {
  try {
    sessionStorage.removeItem(PREFIX + scope);
  } catch {
    // Storage disabled: nothing was kept either.
  }
}

/** The draft saved for `scope` on this page, once (it is removed); null if none, foreign or too old. */
export function takeDraft<T>(scope: string, isValid: (state: unknown) => state is T): T | null {
  const draft = peekDraft(scope, isValid);
  discardDraft(scope);
  return draft;
}

/**
 * For a screen that reopens a dialog: the draft of `scope` as it was when the screen first rendered,
 * removed from storage once the screen is on the page (an effect). A render that React throws away
 * before that (StrictMode's second call, a Suspense boundary waiting for code) leaves the draft for
 * the render that stays.
 */
export function useRestoredDraft<T>(scope: string, isValid: (state: unknown) => state is T): T | null {
  const [draft] = useState(() => peekDraft(scope, isValid));
  useEffect(() => discardDraft(scope), [scope]);
  return draft;
}
