/**
 * What a screen needs after a full-page trip through the sign-in, for both trips the SPA makes:
 * a 401 during a mutation (mutation.ts: the access gate signs in and comes back) and the
 * re-authentication before a destructive action (step-up.ts, decision 022). One store for both:
 * sessionStorage (this tab only, gone when it closes), one entry per scope, bound to the page it was
 * saved on, taken once, ignored when too old (30 minutes unless the saver says less). Never secrets:
 * ids and form values only.
 */
const PREFIX = 'nova:draft:';
const DEFAULT_MAX_AGE_MS = 30 * 60 * 1000;

interface Saved {
  path: string;
  savedAt: number;
  maxAgeMs: number;
  state: unknown;
}

export function saveDraft(scope: string, state: unknown, maxAgeMs: number = DEFAULT_MAX_AGE_MS): void {
  const saved: Saved = { path: window.location.pathname, savedAt: Date.now(), maxAgeMs, state };
  try {
    sessionStorage.setItem(PREFIX + scope, JSON.stringify(saved));
  } catch {
    // Storage full or disabled: the input is lost as it would be without this helper.
  }
}

/** The draft saved for `scope` on this page, once (it is removed); null if none, foreign or too old. */
export function takeDraft<T>(scope: string, isValid: (state: unknown) => state is T): T | null {
  let raw: string | null;
  try {
    raw = sessionStorage.getItem(PREFIX + scope);
    sessionStorage.removeItem(PREFIX + scope);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const saved = JSON.parse(raw) as Partial<Saved>;
    if (typeof saved.savedAt !== 'number' || typeof saved.maxAgeMs !== 'number') return null;
    if (Date.now() - saved.savedAt > Math.min(saved.maxAgeMs, DEFAULT_MAX_AGE_MS)) return null;
    if (saved.path !== window.location.pathname) return null;
    return isValid(saved.state) ? saved.state : null;
  } catch {
    return null;
  }
}

const restored = new Map<string, unknown>();

/**
 * `takeDraft` for a state initialiser: StrictMode calls an initialiser twice, and the second call
 * gets the same draft from a cache (kept for this task only) instead of an emptied storage.
 */
export function restoreDraft<T>(scope: string, isValid: (state: unknown) => state is T): T | null {
  if (!restored.has(scope)) {
    restored.set(scope, takeDraft(scope, isValid));
    queueMicrotask(() => restored.delete(scope));
  }
  return (restored.get(scope) ?? null) as T | null;
}
