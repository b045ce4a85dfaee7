/**
 * What a user typed into a form, kept across a full-page trip through the sign-in (a 401 during a
 * mutation, a re-authentication before a destructive action). Stored in sessionStorage, so it stays
 * in this tab only and is gone when the tab closes; taken once, and ignored when older than 30 min.
 */
const PREFIX = 'nova:draft:';
const MAX_AGE_MS = 30 * 60 * 1000;

export function saveDraft(scope: string, state: unknown): void {
  try {
    sessionStorage.setItem(PREFIX + scope, JSON.stringify({ savedAt: Date.now(), state }));
  } catch {
    // Storage full or disabled: the input is lost as it would be without this helper.
  }
}

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
    const parsed = JSON.parse(raw) as { savedAt?: unknown; state?: unknown };
    if (typeof parsed.savedAt !== 'number' || Date.now() - parsed.savedAt > MAX_AGE_MS) return null;
    return isValid(parsed.state) ? parsed.state : null;
  } catch {
    return null;
  }
}
