/** The BFF's own tables, as Kysely sees them. */
import type { ColumnType, Generated } from 'kysely';
import type { CallKind } from '../kinds/principal';

/** `pending`: an intent whose action has not finished; `unknown`: its outcome was never learnt. */
export type AuditOutcome = 'success' | 'refused' | 'failed' | 'pending' | 'unknown';

export interface AuditLogTable {
  /** int8: PostgreSQL's driver gives a string, PGlite a number. */
  id: Generated<string | number>;
  at: ColumnType<Date, Date | undefined, never>;
  /**
   * Keycloak subject and username in clear: records before migration 014 only; since then the
   * person is `actor_person` (decision 099) and these stay null.
   */
  actor_id: string | null;
  actor_name: string | null;
  /** The acting person's number in `audit_persons` (decision 099). */
  actor_person: ColumnType<string | number | null, string | null | undefined, never>;
  /** The person a `user` target is (decision 099); its subject is not stored in `target_id`. */
  target_person: ColumnType<string | number | null, string | null | undefined, never>;
  action: string;
  target_type: string | null;
  target_id: string | null;
  before: ColumnType<unknown, string | null, never>;
  after: ColumnType<unknown, string | null, string | null>;
  outcome: AuditOutcome;
  /** The game API's HTTP status of a failed action. */
  status: number | null;
  /** A short reason (refusal reason, error code). */
  detail: string | null;
  request_id: string | null;
  /** Shortened; sealed with the acting person's key (`p1:…`) since migration 014 (decision 099). */
  client_ip: string | null;
  /** How the call came (decision 053); null for events outside a call and older records. */
  call_kind: ColumnType<CallKind | null, CallKind | null | undefined, never>;
  /** The OAuth client of a bearer token. */
  client_id: ColumnType<string | null, string | null | undefined, never>;
  /** The values sent to the game API (an intent's "what"). */
  sent: ColumnType<unknown, string | null | undefined, never>;
  /** An explicit overwrite of a row that changed since it was shown. */
  forced: ColumnType<boolean, boolean | undefined, never>;
  completed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The hash chain (decision 058), set by the database's triggers only. */
  seq: ColumnType<string | number | null, never, never>;
  prev_hash: ColumnType<string | null, never, never>;
  hash: ColumnType<string | null, never, never>;
  completion_seq: ColumnType<string | number | null, never, never>;
  completion_prev_hash: ColumnType<string | null, never, never>;
  completion_hash: ColumnType<string | null, never, never>;
  /** The completion filled in the target id (a create learnt it). */
  target_learnt: ColumnType<boolean, never, never>;
  /** The record an undo takes back (decision 063). */
  undo_of: ColumnType<string | number | null, string | null | undefined, never>;
}

/** The Discord name of a linked account (sync/discord-names.ts). */
export interface DiscordNamesTable {
  user_id: string;
  discord_id: string;
  name: string;
  updated_at: Date;
}

/** A create's idempotency key (audit/idempotency.ts, decision 066). */
export interface IdempotencyKeysTable {
  person_id: string;
  procedure: string;
  key: string;
  state: 'claimed' | 'sent' | 'done';
  /** The ids listed before the create (its read-back), once it may have reached the game API. */
  ids_before: ColumnType<number[] | null, string | null | undefined, string | null>;
  result: ColumnType<unknown, string | null | undefined, string | null>;
  created_at: ColumnType<Date, Date | undefined, never>;
}

/** A data export job (privacy/export-store.ts, decision 101). */
export interface PrivacyExportsTable {
  id: string;
  person_id: string;
  person_name: string;
  day: string;
  session_key: string | null;
  state: 'queued' | 'running' | 'ready' | 'failed';
  steps_done: Generated<number>;
  steps_total: number;
  lease_owner: string | null;
  lease_until: Date | null;
  attempts: Generated<number>;
  error: string | null;
  size_bytes: ColumnType<string | number | null, number | null, number | null>;
  created_at: ColumnType<Date, Date | undefined, never>;
  ready_at: Date | null;
  expires_at: Date | null;
}

export interface PrivacyExportPartsTable {
  export_id: string;
  area: string;
  body: ColumnType<unknown, string, string>;
}

/** A finished archive's bytes, in order (decision 101). */
export interface PrivacyExportChunksTable {
  export_id: string;
  seq: number;
  data: Uint8Array;
}

/** A request for erasure or restriction (privacy/requests.ts, decision 102). */
export interface PrivacyRequestsTable {
  id: Generated<string | number>;
  person_id: string;
  person_name: string;
  kind: 'erasure' | 'restriction';
  reason: string | null;
  status: 'received' | 'processing' | 'done' | 'rejected';
  status_reason: string | null;
  received_at: Date;
  deadline: Date;
  updated_at: Date;
  updated_by: string | null;
  erasure: ColumnType<unknown, string | null | undefined, string | null>;
  closed_at: Date | null;
}

/** A person of the audit log (db/persons.ts, decision 099). */
export interface AuditPersonsTable {
  person_no: Generated<string | number>;
  /** Finds the person by subject; cleared by the erasure. */
  subject_digest: string | null;
  /** Their fields (`PersonData`), sealed with their key. */
  data: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  /** When the person was forgotten (decision 100). */
  erased_at: Date | null;
}

export interface AuditPersonKeysTable {
  person_no: string | number;
  key: string;
  /** Wrapped with AUDIT_PERSON_MASTER_KEY. */
  wrapped: boolean;
  created_at: Generated<Date>;
}

/** A legal hold (decision 100): keeps a person's key until it is released. */
export interface AuditLegalHoldsTable {
  id: Generated<string | number>;
  person_no: string | number;
  /** The record that made the hold needed, if it was set on one. */
  record_id: string | number | null;
  reason: string;
  set_by: string | number | null;
  set_at: Generated<Date>;
  released_at: Date | null;
  released_by: string | number | null;
  release_reason: string | null;
}

/** A webhook subscription (webhooks/, decision 097). */
export interface WebhookSubscriptionsTable {
  id: Generated<string | number>;
  url: string;
  format: 'standard' | 'discord';
  events: string[];
  /** `whsec_` and the base64 key (Standard Webhooks). */
  secret: string;
  state: ColumnType<'active' | 'paused', 'active' | 'paused' | undefined, 'active' | 'paused'>;
  failing_since: Date | null;
  paused_at: Date | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  created_by: string | null;
}

/** The outbox: one delivery per event and subscription; its id is the `webhook-id`. */
export interface WebhookDeliveriesTable {
  id: string;
  subscription_id: string | number;
  audit_id: string | number;
  event_type: string;
  body: string;
  state: ColumnType<
    'pending' | 'delivered' | 'failed',
    'pending' | undefined,
    'pending' | 'delivered' | 'failed'
  >;
  attempts: ColumnType<number, number | undefined, number>;
  created_at: ColumnType<Date, Date | undefined, never>;
  /** Where the 24 hours of retries count from ("Erneut senden" starts them anew). */
  retry_from: ColumnType<Date, Date | undefined, Date>;
  next_attempt_at: ColumnType<Date, Date | undefined, Date>;
  lease_until: Date | null;
  delivered_at: Date | null;
  last_status: number | null;
  last_error: string | null;
  last_duration_ms: number | null;
}

export interface WebhookAttemptsTable {
  id: Generated<string | number>;
  delivery_id: string;
  at: ColumnType<Date, Date | undefined, never>;
  status: number | null;
  error: string | null;
  duration_ms: number;
}

export interface Schema {
  audit_persons: AuditPersonsTable;
  audit_person_keys: AuditPersonKeysTable;
  audit_legal_holds: AuditLegalHoldsTable;
  audit_log: AuditLogTable;
  privacy_exports: PrivacyExportsTable;
  privacy_export_parts: PrivacyExportPartsTable;
  privacy_export_chunks: PrivacyExportChunksTable;
  privacy_requests: PrivacyRequestsTable;
  webhook_subscriptions: WebhookSubscriptionsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  discord_names: DiscordNamesTable;
  idempotency_keys: IdempotencyKeysTable;
}
