/**
 * The audit log store (decision 021): append-only records of administrative writes and security
 * events in the BFF's database. The table refuses UPDATE, TRUNCATE and DELETE (trigger); only the
 * retention purge may delete rows older than its cut-off.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database';
import type { AuditOutcome, CallKind, Schema } from '../db/schema';

export interface AuditEntry {
  actor: { id: string; name: string } | null;
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
}

export interface AuditRecord {
  id: string;
  at: string;
  actorId: string | null;
  actorName: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  before: unknown;
  after: unknown;
  outcome: AuditOutcome;
  status: number | null;
  detail: string | null;
  requestId: string | null;
  clientIp: string | null;
  callKind: CallKind | null;
  clientId: string | null;
}

export interface AuditFilter {
  /** Username or subject, part of it (case-insensitive). */
  person?: string | undefined;
  /** Action key or its beginning (`catalogue.achievements.`). */
  action?: string | undefined;
  /** Target type or id, part of it. */
  target?: string | undefined;
  outcome?: AuditOutcome | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));
const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export class AuditLog {
  constructor(private readonly database: Database) {}

  /** Rejects when no record could be written now (the action must then not be done). */
  ensureWritable(): Promise<void> {
    return this.database.ping();
  }

  async write(entry: AuditEntry): Promise<void> {
    const db = await this.database.open();
    await db
      .insertInto('audit_log')
      .values({
        actor_id: entry.actor?.id ?? null,
        actor_name: entry.actor?.name ?? null,
        action: entry.action,
        target_type: entry.target?.type ?? null,
        target_id:
          entry.target?.id === null || entry.target?.id === undefined ? null : String(entry.target.id),
        before: json(entry.before),
        after: json(entry.after),
        outcome: entry.outcome,
        status: entry.status ?? null,
        detail: entry.detail ?? null,
        request_id: entry.requestId ?? null,
        client_ip: entry.clientIp ?? null,
        call_kind: entry.callKind ?? null,
        client_id: entry.clientId ?? null,
      })
      .execute();
  }

  #filtered(db: Kysely<Schema>, filter: AuditFilter) {
    let query = db.selectFrom('audit_log');
    if (filter.person) {
      const pattern = like(filter.person);
      query = query.where((eb) =>
        eb.or([eb('actor_name', 'ilike', pattern), eb('actor_id', 'ilike', pattern)]),
      );
    }
    if (filter.action) {
      const prefix = `${filter.action.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      query = query.where('action', 'like', prefix);
    }
    if (filter.target) {
      const pattern = like(filter.target);
      query = query.where((eb) =>
        eb.or([
          eb('target_type', 'ilike', pattern),
          eb('target_id', 'ilike', pattern),
          eb(sql<string>`coalesce(target_type, '') || ' ' || coalesce(target_id, '')`, 'ilike', pattern),
        ]),
      );
    }
    if (filter.outcome) query = query.where('outcome', '=', filter.outcome);
    if (filter.from) query = query.where('at', '>=', filter.from);
    if (filter.to) query = query.where('at', '<=', filter.to);
    return query;
  }

  /** Newest first, one page of the filtered records and how many there are in all. */
  async list(
    filter: AuditFilter,
    page: { offset: number; limit: number },
  ): Promise<{ rows: AuditRecord[]; total: number }> {
    const db = await this.database.open();
    const [rows, count] = await Promise.all([
      this.#filtered(db, filter)
        .selectAll()
        .orderBy('at', 'desc')
        .orderBy('id', 'desc')
        .offset(page.offset)
        .limit(page.limit)
        .execute(),
      this.#filtered(db, filter).select(db.fn.countAll().as('total')).executeTakeFirst(),
    ]);
    return {
      rows: rows.map((row) => ({
        id: String(row.id),
        at: new Date(row.at).toISOString(),
        actorId: row.actor_id,
        actorName: row.actor_name,
        action: row.action,
        targetType: row.target_type,
        targetId: row.target_id,
        before: row.before ?? null,
        after: row.after ?? null,
        outcome: row.outcome,
        status: row.status,
        detail: row.detail,
        requestId: row.request_id,
        clientIp: row.client_ip,
        callKind: row.call_kind ?? null,
        clientId: row.client_id ?? null,
      })),
      total: Number(count?.total ?? 0),
    };
  }

  /** Deletes the records older than `cutoff`; returns how many. */
  async purge(cutoff: Date): Promise<number> {
    const db = await this.database.open();
    return db.transaction().execute(async (trx) => {
      await sql`select set_config('nova.audit_purge', ${cutoff.toISOString()}, true)`.execute(trx);
      const result = await trx.deleteFrom('audit_log').where('at', '<', cutoff).executeTakeFirst();
      return Number(result.numDeletedRows);
    });
  }
}
