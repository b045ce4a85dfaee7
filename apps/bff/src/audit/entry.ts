/** What a record of the audit log is written from (log.ts): an entry, and what completes an intent. */
import type { AuditOutcome } from '../db/schema';
import type { CallKind } from '../kinds/principal';

export interface AuditEntry {
  /** Who acted: subject, login name and, when known, the in-game name (decision 099). */
  actor: { id: string; name: string; displayName?: string | null | undefined } | null;
  action: string;
  target?: { type: string; id: string | number | null } | null;
  before?: unknown;
  after?: unknown;
  outcome: AuditOutcome;
  /** The game API's HTTP status of a failed action. */
  status?: number | null;
  detail?: string | null;
  requestId?: string | null;
  /** Already shortened (client-ip.ts). */
  clientIp?: string | null;
  /** How the call came: browser session, a person's token or a machine client (decision 053). */
  callKind?: CallKind | null;
  /** The OAuth client of a bearer token. */
  clientId?: string | null;
  /** The values sent to the game API. */
  sent?: unknown;
  /** An explicit overwrite of a row that changed meanwhile. */
  forced?: boolean;
  /** The record this undo takes back (decision 063). */
  undoOf?: string | null;
}

/** What completes an intent. */
export interface AuditCompletion {
  outcome: 'success' | 'failed' | 'unknown';
  after?: unknown;
  status?: number | null;
  detail?: string | null;
  /** The target id a create learns from the answer. */
  targetId?: string | number | null;
}
