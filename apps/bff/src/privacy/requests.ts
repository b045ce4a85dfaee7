/**
 * Privacy requests (decision 102): a player asks for erasure (Art. 17 DSGVO) or restriction
 * (Art. 18); the operator moves the request eingegangen → in Bearbeitung → erledigt or abgelehnt
 * (with a reason) within one month of receipt. "erledigt" on an erasure performs it through the
 * PrivacyEraser first; what it could not delete itself (the game data) stays on the request for the
 * operator.
 */
import {
  canMovePrivacyRequest,
  privacyDeadline,
  type PrivacyRequestKind,
  type PrivacyRequestStatus,
} from '@nova/domain';
import { sql, type Selectable } from 'kysely';
import type { Database } from '../db/database';
import type { Schema } from '../db/schema';

/** What an erasure leaves to the operator: game data the BFF cannot delete, with what to delete. */
export interface GameDataToDelete {
  /** Where (a game API path or table), e.g. `user/{id}/inventory`. */
  where: string;
  /** What to delete there, in German. */
  what: string;
}

export interface ErasureResult {
  /** What the BFF deleted or pseudonymised itself, in German (sessions ended, …). */
  done: string[];
  gameData: GameDataToDelete[];
}

/**
 * Erases what the BFF holds about a person. The product's implementation is `forgettingEraser` of
 * privacy/forget.ts (ends the sessions, forgets idempotency keys and webhook traces, pseudonymises the
 * audit log, decision 100); services.ts wires it, a test may pass another (`privacyEraser`).
 */
export interface PrivacyEraser {
  erase(
    person: { id: string; name: string },
    by: { id: string; name: string; displayName?: string | null },
    /** The privacy request it answers, and the call it came with (for the audit record). */
    context: { requestId: string; meta?: { id: string; clientIp: string | null } | undefined },
  ): Promise<ErasureResult>;
}

export type RequestRow = Selectable<Schema['privacy_requests']>;

export interface PrivacyRequestView {
  id: string;
  personId: string;
  personName: string;
  kind: PrivacyRequestKind;
  reason: string | null;
  status: PrivacyRequestStatus;
  statusReason: string | null;
  receivedAt: string;
  deadline: string;
  updatedAt: string;
  updatedBy: string | null;
  erasure: ErasureResult | null;
}

export function toView(row: RequestRow): PrivacyRequestView {
  return {
    id: String(row.id),
    personId: row.person_id,
    personName: row.person_name,
    kind: row.kind,
    reason: row.reason,
    status: row.status,
    statusReason: row.status_reason,
    receivedAt: row.received_at.toISOString(),
    deadline: row.deadline.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    updatedBy: row.updated_by,
    erasure: (row.erasure as ErasureResult | null) ?? null,
  };
}

export class PrivacyRequests {
  constructor(
    private readonly database: Database,
    private readonly now: () => number,
  ) {}

  async create(input: {
    personId: string;
    personName: string;
    kind: PrivacyRequestKind;
    reason: string | null;
  }): Promise<RequestRow> {
    const db = await this.database.open();
    const receivedAt = new Date(this.now());
    return db
      .insertInto('privacy_requests')
      .values({
        person_id: input.personId,
        person_name: input.personName,
        kind: input.kind,
        reason: input.reason,
        status: 'received',
        status_reason: null,
        received_at: receivedAt,
        deadline: privacyDeadline(receivedAt),
        updated_at: receivedAt,
        updated_by: null,
        closed_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** An open request of this kind the person has already (asking twice adds nothing). */
  async openOf(personId: string, kind: PrivacyRequestKind): Promise<RequestRow | null> {
    const db = await this.database.open();
    const row = await db
      .selectFrom('privacy_requests')
      .selectAll()
      .where('person_id', '=', personId)
      .where('kind', '=', kind)
      .where('status', 'in', ['received', 'processing'])
      .executeTakeFirst();
    return row ?? null;
  }

  async ofPerson(personId: string): Promise<RequestRow[]> {
    const db = await this.database.open();
    return db
      .selectFrom('privacy_requests')
      .selectAll()
      .where('person_id', '=', personId)
      .orderBy('received_at', 'desc')
      .execute();
  }

  /** Open requests first, by deadline; then the closed ones, newest first. */
  async list(): Promise<RequestRow[]> {
    const db = await this.database.open();
    return db
      .selectFrom('privacy_requests')
      .selectAll()
      .orderBy(sql`case when status in ('received', 'processing') then 0 else 1 end`)
      .orderBy(sql`case when status in ('received', 'processing') then deadline end`, 'asc')
      .orderBy('received_at', 'desc')
      .limit(500)
      .execute();
  }

  async get(id: string): Promise<RequestRow | null> {
    if (!/^\d{1,18}$/.test(id)) return null;
    const db = await this.database.open();
    return (
      (await db.selectFrom('privacy_requests').selectAll().where('id', '=', id).executeTakeFirst()) ?? null
    );
  }

  /**
   * Moves a request from `from` to `to` if it is still in `from` (two operators at once: one wins);
   * null when it was not.
   */
  async move(
    id: string,
    from: PrivacyRequestStatus,
    to: PrivacyRequestStatus,
    change: { by: string; reason: string | null; erasure?: ErasureResult | null },
  ): Promise<RequestRow | null> {
    if (!canMovePrivacyRequest(from, to)) return null;
    const db = await this.database.open();
    const now = new Date(this.now());
    const row = await db
      .updateTable('privacy_requests')
      .set({
        status: to,
        status_reason: to === 'rejected' ? change.reason : null,
        updated_at: now,
        updated_by: change.by,
        ...(change.erasure ? { erasure: JSON.stringify(change.erasure) } : {}),
        ...(to === 'done' || to === 'rejected' ? { closed_at: now } : {}),
      })
      .where('id', '=', id)
      .where('status', '=', from)
      .returningAll()
      .executeTakeFirst();
    return row ?? null;
  }

  /** Deletes closed requests older than the retention; returns how many. */
  async purge(retentionDays: number): Promise<number> {
    const db = await this.database.open();
    const cutoff = new Date(this.now() - retentionDays * 86_400_000);
    const result = await db.deleteFrom('privacy_requests').where('closed_at', '<', cutoff).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
