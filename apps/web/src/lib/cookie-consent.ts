import { LIMITS } from '@nova/domain';

const STORAGE_KEY = 'nova-cookie-consent';
const DAY_MS = 86_400_000;

/** Specification §2.15: consent is remembered for 30 days (an expiry time in local storage). */
export function hasConsent(now: number = Date.now()): boolean {
  try {
    const until = Number(window.localStorage.getItem(STORAGE_KEY));
    return Number.isFinite(until) && until > now;
  } catch {
    return false;
  }
}

export function giveConsent(now: number = Date.now()): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, String(now + LIMITS.cookieConsentDays * DAY_MS));
  } catch {
    // Storage blocked: the notice returns on the next visit.
  }
}
