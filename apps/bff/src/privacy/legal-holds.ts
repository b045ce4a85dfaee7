/**
 * Legal holds (decision 100): an admin marks a record (and so its persons) or a person as needed –
 * a ban dispute, a complaint, an authority's request – with a reason. While a hold is open the
 * person's key is kept: `forgetPerson` refuses and says why. Setting and releasing are audited, the
 * reason in the record's detail; the holds themselves are plain rows (not chained), read by the
 * viewer's record details.
 */
import { sql, type Kysely } from 'kysely';
import type { AuditLog } from '../audit/log';
import type { Schema } from '../db/schema';

export interface LegalHold {
  id: string;
  person: string;
  recordId: string | null;
  reason: string;
  setAt: string;
  /** The person who set it, as the audit log names them. */
  setBy: string | null;
}

/** Who acts, as the audit log names an actor, and the request it came with. */
export interface HoldActor {
  by: { id: string; name: string; displayName?: string | null | undefined };
  requestId?: string | null | undefined;
  clientIp?: string | null | undefined;
}

export const HOLD_MESSAGES = {
  noPerson: 'Dieser Eintrag nennt keine Person, die aufbewahrt werden könnte.',
  forgotten: 'Diese Person wurde bereits gelöscht; es gibt nichts mehr aufzubewahren.',
  notFound: 'Diese Aufbewahrung gibt es nicht oder sie ist bereits aufgehoben.',
} as const;

interface HoldRow {
  id: string | number;
  person_no: string | number;
  record_id: string | number | null;
  reason: string;
  set_at: Date | string;
  set_by: string | number | null;
}

const text = (n: string | number | null) => (n === null ? null : String(n));

/** The open holds of these persons, oldest first. */
export async function openHolds(db: Kysely<Schema>, persons: readonly string[]): Promise<LegalHold[]> {
  const wanted = persons.filter((n) => /^\d{1,18}$/.test(n));
  if (wanted.length === 0) return [];
  const { rows } = await sql<HoldRow>`
    select id, person_no, record_id, reason, set_at, set_by from audit_legal_holds
    where released_at is null and person_no in (${sql.join(wanted.map((n) => sql`${n}::bigint`))})
    order by set_at, id`.execute(db);
  return rows.map((row) => ({
    id: String(row.id),
    person: String(row.person_no),
    recordId: text(row.record_id),
    reason: row.reason,
    setAt: new Date(row.set_at).toISOString(),
    setBy: text(row.set_by),
  }));
}

/** The persons a record names (its actor and a player as its target) that are not forgotten. */
async function personsOfRecord(db: Kysely<Schema>, recordId: string): Promise<string[]> {
  const { rows } = await sql<{ person_no: string | number }>`
    select p.person_no from audit_log as r
    join audit_persons as p on p.person_no in (r.actor_person, r.target_person)
    join audit_person_keys as k on k.person_no = p.person_no
    where r.id = ${recordId}::bigint`.execute(db);
  return rows.map((row) => String(row.person_no));
}

/** The open holds of a record's persons (the viewer's details). */
export async function holdsOfRecord(db: Kysely<Schema>, recordId: string): Promise<LegalHold[]> {
  return openHolds(db, await personsOfRecord(db, recordId));
}

export class HoldRefused extends Error {}

/**
 * Holds the persons of record `recordId` (or the person `person`) for `reason`; audited first. Returns
 * the holds made; refuses (HoldRefused, German) when there is no living person to hold.
 */
export async function setHold(
  db: Kysely<Schema>,
  audit: AuditLog,
  input: { recordId?: string | undefined; person?: string | undefined; reason: string } & HoldActor,
): Promise<LegalHold[]> {
  const persons = input.recordId
    ? await personsOfRecord(db, input.recordId)
    : input.person
      ? (await audit.persons.views(db, [input.person])).get(input.person)?.erased === false
        ? [input.person]
        : []
      : [];
  if (persons.length === 0)
    throw new HoldRefused(input.recordId ? HOLD_MESSAGES.noPerson : HOLD_MESSAGES.forgotten);
  const actor = await audit.persons.ensure(db, {
    subject: input.by.id,
    login: input.by.name,
    display: input.by.displayName,
  });
  const made: LegalHold[] = [];
  const views = await audit.persons.views(db, persons);
  for (const person of persons) {
    const view = views.get(person);
    const intent = await audit.begin({
      actor: input.by,
      action: 'audit.hold',
      target: { type: 'person', id: person },
      // The reason may name the person: sealed with their key, it goes when they are forgotten.
      sent: {
        reason: view ? audit.persons.sealText(view, input.reason) : null,
        recordId: input.recordId ?? null,
      },
      requestId: input.requestId ?? null,
      clientIp: input.clientIp ?? null,
    });
    const { rows } = await sql<HoldRow>`
      insert into audit_legal_holds (person_no, record_id, reason, set_by)
      values (${person}::bigint, ${input.recordId ?? null}::bigint, ${input.reason}, ${actor.no}::bigint)
      returning id, person_no, record_id, reason, set_at, set_by`.execute(db);
    const row = rows[0];
    if (!row) throw new Error('legal hold not stored');
    await audit.complete(intent, { outcome: 'success', after: { hold: String(row.id) } });
    made.push({
      id: String(row.id),
      person,
      recordId: text(row.record_id),
      reason: row.reason,
      setAt: new Date(row.set_at).toISOString(),
      setBy: actor.no,
    });
  }
  return made;
}

/** Releases hold `id` for `reason`; audited first. Refuses (HoldRefused) a hold that is not open. */
export async function releaseHold(
  db: Kysely<Schema>,
  audit: AuditLog,
  input: { id: string; reason: string } & HoldActor,
): Promise<void> {
  const { rows } = await sql<HoldRow>`
    select id, person_no, record_id, reason, set_at, set_by from audit_legal_holds
    where id = ${input.id}::bigint and released_at is null`.execute(db);
  const hold = rows[0];
  if (!hold) throw new HoldRefused(HOLD_MESSAGES.notFound);
  const actor = await audit.persons.ensure(db, {
    subject: input.by.id,
    login: input.by.name,
    display: input.by.displayName,
  });
  const person = String(hold.person_no);
  const view = (await audit.persons.views(db, [person])).get(person);
  const intent = await audit.begin({
    actor: input.by,
    action: 'audit.releaseHold',
    target: { type: 'person', id: person },
    sent: { reason: view ? audit.persons.sealText(view, input.reason) : null, hold: input.id },
    requestId: input.requestId ?? null,
    clientIp: input.clientIp ?? null,
  });
  await sql`
    update audit_legal_holds set released_at = now(), released_by = ${actor.no}::bigint,
      release_reason = ${input.reason}
    where id = ${input.id}::bigint and released_at is null`.execute(db);
  await audit.complete(intent, { outcome: 'success' });
}
