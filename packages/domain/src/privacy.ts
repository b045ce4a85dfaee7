/**
 * Players own their data (architecture §12, decisions 101 and 102): the export of everything the
 * product can read about a person, requests for erasure and restriction with the operator's one-month
 * deadline (DSGVO Art. 12 Abs. 3), and the retention the privacy policy states.
 */

/** How long a finished export may be downloaded, in hours. */
export const PRIVACY_EXPORT_VALID_HOURS = 24;

/** What a request asks for. */
export const PRIVACY_REQUEST_KINDS = {
  erasure: 'Löschung',
  restriction: 'Einschränkung',
} as const;
export type PrivacyRequestKind = keyof typeof PRIVACY_REQUEST_KINDS;

/** A request's status as player and operator read it. */
export const PRIVACY_REQUEST_STATUSES = {
  received: 'eingegangen',
  processing: 'in Bearbeitung',
  done: 'erledigt',
  rejected: 'abgelehnt',
} as const;
export type PrivacyRequestStatus = keyof typeof PRIVACY_REQUEST_STATUSES;

/** Where a status may go next; `done` and `rejected` are final. */
export const PRIVACY_REQUEST_TRANSITIONS: Readonly<
  Record<PrivacyRequestStatus, readonly PrivacyRequestStatus[]>
> = {
  received: ['processing', 'rejected'],
  processing: ['done', 'rejected'],
  done: [],
  rejected: [],
};

export function canMovePrivacyRequest(from: PrivacyRequestStatus, to: PrivacyRequestStatus): boolean {
  return PRIVACY_REQUEST_TRANSITIONS[from].includes(to);
}

/** A reason is at most this long (the player's and the operator's alike). */
export const PRIVACY_REASON_MAX = 2000;

/** The deadline is "near" from this many days before it on. */
export const PRIVACY_DEADLINE_NEAR_DAYS = 7;

/**
 * One month from receipt (Art. 12 Abs. 3 DSGVO, computed as § 188 Abs. 2, 3 BGB does): the same day
 * of the next month, or that month's last day when it has no such day; in UTC.
 */
export function privacyDeadline(receivedAt: Date): Date {
  const year = receivedAt.getUTCFullYear();
  const month = receivedAt.getUTCMonth() + 1;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(receivedAt.getUTCDate(), lastDay);
  return new Date(
    Date.UTC(
      year,
      month,
      day,
      receivedAt.getUTCHours(),
      receivedAt.getUTCMinutes(),
      receivedAt.getUTCSeconds(),
      receivedAt.getUTCMilliseconds(),
    ),
  );
}

export type DeadlineState = 'ok' | 'near' | 'past';

/** `past` after the deadline, `near` within PRIVACY_DEADLINE_NEAR_DAYS before it, else `ok`. */
export function deadlineState(deadline: Date, now: Date): DeadlineState {
  const left = deadline.getTime() - now.getTime();
  if (left < 0) return 'past';
  return left <= PRIVACY_DEADLINE_NEAR_DAYS * 86_400_000 ? 'near' : 'ok';
}

export const DEADLINE_LABELS: Record<DeadlineState, string> = {
  ok: 'Frist läuft',
  near: 'Frist endet bald',
  past: 'Frist überschritten',
};
