/**
 * Who calls and how (architecture §2: the bottom of the BFF, imports nothing of the BFF): the
 * principal the request hooks establish, and the call kind the audit log records.
 */

/** Who calls: a browser session (cookie) or a script with a bearer token (a person's or a machine's). */
export interface Principal {
  via: 'session' | 'bearer';
  /** A machine client (decision 053): only what the policy grants machines by name; never deletes. */
  machine?: boolean;
  /** The OAuth client of a bearer token (`azp`); null for browser sessions. */
  clientId?: string | null;
  /** A bearer token's OAuth scopes; what a machine client may do (decision 081). */
  scopes?: readonly string[];
  userId: string;
  username: string;
  displayName: string;
  roles: readonly string[];
  /**
   * Epoch seconds of the last interactive sign-in: the ID token's `auth_time` from the code exchange
   * (never from a refresh); for a bearer token its own `auth_time`. Null when unknown.
   */
  authTime?: number | null;
}

/** How a call reached the BFF, as the audit log records it (`audit_log.call_kind`). */
export type CallKind = 'session' | 'person-token' | 'machine';

/** How a call reached the BFF, as the audit log records it. */
export function callKindOf(principal: Pick<Principal, 'via' | 'machine'>): CallKind {
  if (principal.via === 'session') return 'session';
  return principal.machine === true ? 'machine' : 'person-token';
}

/** Facts of the HTTP request a procedure runs in (audit records). */
export interface RequestMeta {
  id: string;
  /** Shortened (audit/client-ip.ts). */
  clientIp: string | null;
}
