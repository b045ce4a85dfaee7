/**
 * Verifying the audit log's hash chain (decision 058): every event (a record's insert, an intent's
 * completion) is read in chain order, its hash recomputed here from the stored values with the
 * canonical serialisation (the same as the database's `audit_row_hash` / `audit_completion_hash`,
 * written again so that a changed database function cannot vouch for itself), and linked to the
 * event before it. Numbers the retention purge removed (`audit_purged`) may be missing; any other gap, a changed value, a wrong link or a head that does not match is a broken link, and
 * the first one is reported.
 */
import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Schema } from '../db/schema';

export const GENESIS = 'nova-audit-genesis';

export interface ChainReport {
  intact: boolean;
  /** Events checked. */
  events: number;
  /** The head: the last event's number and hash. */
  lastSeq: number;
  lastHash: string;
  /** The first broken link. */
  broken?: { seq: number; recordId: string | null; reason: string };
}

/** `<UTF-8 bytes>:<text>` or `-` for null. */
function field(value: string | null): string {
  return value === null ? '-' : `${Buffer.byteLength(value, 'utf8')}:${value}`;
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

interface EventRow {
  kind: 'row' | 'completion';
  event_seq: string;
  id: string;
  at_us: string | null;
  actor_id: string | null;
  actor_name: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  before: string | null;
  after: string | null;
  outcome: string;
  status: string | null;
  detail: string | null;
  request_id: string | null;
  client_ip: string | null;
  call_kind: string | null;
  client_id: string | null;
  sent: string | null;
  forced: string;
  target_learnt: string;
  completed_us: string | null;
  completed: boolean;
  /** The record an undo takes back (decision 063); hashed only when set. */
  undo_of: string | null;
  prev: string | null;
  hash: string | null;
}

/** The hash an event must have, from its stored values. */
export function eventHash(e: EventRow): string {
  if (e.kind === 'completion') {
    return sha256(
      [
        'nova-audit-completion-v1',
        field(e.event_seq),
        field(e.id),
        field(e.outcome),
        field(e.after),
        field(e.status),
        field(e.detail),
        field(e.completed_us),
        field(e.target_id),
        field(e.target_learnt),
        field(e.prev),
      ].join('|'),
    );
  }
  // A completed intent as it was inserted.
  const c = e.completed;
  return sha256(
    [
      'nova-audit-row-v1',
      field(e.event_seq),
      field(e.id),
      field(e.at_us),
      field(e.actor_id),
      field(e.actor_name),
      field(e.action),
      field(e.target_type),
      field(e.target_learnt === 'true' ? null : e.target_id),
      field(e.before),
      field(c ? null : e.after),
      field(c ? 'pending' : e.outcome),
      field(c ? null : e.status),
      field(c ? null : e.detail),
      field(e.request_id),
      field(e.client_ip),
      field(e.call_kind),
      field(e.client_id),
      field(e.sent),
      field(e.forced),
      field(e.prev),
      ...(e.undo_of === null ? [] : [`undo-of=${field(e.undo_of)}`]),
    ].join('|'),
  );
}

const PAGE = 1000;

/**
 * The events numbered after `after` up to `to`, in order. Rows and completions share one sequence,
 * so a window of PAGE numbers holds at most PAGE events, read through the two unique indexes: a page
 * costs the same at the end of a long chain as at its start, whatever the planner knows.
 */
function eventsBetween(db: Kysely<Schema>, after: number, to: number) {
  // Everything as text, as the database prints it: no value is re-serialised on the way.
  return sql<EventRow>`
    select * from (
      select 'row' as kind, seq::text as event_seq, prev_hash as prev, hash, seq as n,
             id::text, (extract(epoch from at) * 1000000)::bigint::text as at_us, actor_id, actor_name,
             action, target_type, target_id, before::text, after::text, outcome, status::text, detail,
             request_id, client_ip, call_kind, client_id, sent::text, forced::text,
             target_learnt::text, null::text as completed_us, completion_seq is not null as completed,
             undo_of::text
      from audit_log where seq > ${after} and seq <= ${to}
      union all
      select 'completion', completion_seq::text, completion_prev_hash, completion_hash, completion_seq,
             id::text, null, actor_id, actor_name, action, target_type, target_id, null, after::text,
             outcome, status::text, detail, null, null, null, null, null, forced::text,
             target_learnt::text, (extract(epoch from completed_at) * 1000000)::bigint::text, true, null
      from audit_log where completion_seq > ${after} and completion_seq <= ${to}
    ) as events order by n`.execute(db);
}

/** The first event number after `after` (past a purged stretch), or null when there is none. */
async function nextNumberAfter(db: Kysely<Schema>, after: number): Promise<number | null> {
  const { rows } = await sql<{ next: string | null }>`
    select least((select min(seq) from audit_log where seq > ${after}),
                 (select min(completion_seq) from audit_log where completion_seq > ${after}))::text as next`.execute(
    db,
  );
  const next = rows[0]?.next;
  return next === null || next === undefined ? null : Number(next);
}

export async function verifyChain(db: Kysely<Schema>): Promise<ChainReport> {
  const head = await sql<{ last_seq: string; last_hash: string }>`
    select last_seq::text, last_hash from audit_chain where id = 1`.execute(db);
  const { last_seq, last_hash } = head.rows[0] ?? { last_seq: '0', last_hash: GENESIS };
  const lastSeq = Number(last_seq);
  const purgedRanges = async () =>
    (
      await sql<{ from_seq: string; to_seq: string }>`
        select from_seq::text, to_seq::text from audit_purged order by audit_purged.from_seq`.execute(db)
    ).rows.map((r) => [Number(r.from_seq), Number(r.to_seq)] as const);
  let purged = await purgedRanges();
  /** The first number in from..to the purge did not remove, or null when it removed them all. */
  const unpurgedNow = (from: number, to: number): number | null => {
    let next = from;
    for (const [start, end] of purged) {
      if (start > next) break;
      if (end >= next) next = end + 1;
    }
    return next > to ? null : next;
  };
  /** A gap is checked against the purges again before it counts: one may have run meanwhile. */
  const unpurged = async (from: number, to: number): Promise<number | null> => {
    if (unpurgedNow(from, to) === null) return null;
    purged = await purgedRanges();
    return unpurgedNow(from, to);
  };
  const report = (broken?: ChainReport['broken'], events = 0): ChainReport => ({
    intact: !broken,
    events,
    lastSeq,
    lastHash: last_hash,
    ...(broken ? { broken } : {}),
  });

  // A record that bypassed the chain (inserted with its trigger disabled).
  const unchained = await sql<{ id: string }>`
    select id::text from audit_log where seq is null or hash is null order by audit_log.id limit 1`.execute(
    db,
  );
  const stray = unchained.rows[0];
  if (stray) return report({ seq: 0, recordId: stray.id, reason: 'Eintrag ohne Kettenglied' });

  let events = 0;
  let prevSeq = 0;
  let prevHash = GENESIS;
  let from = 0;
  while (from < lastSeq) {
    const to = Math.min(lastSeq, from + PAGE);
    const { rows } = await eventsBetween(db, from, to);
    for (const e of rows) {
      const seq = Number(e.event_seq);
      events++;
      const missing = seq === prevSeq + 1 ? null : await unpurged(prevSeq + 1, seq - 1);
      if (missing !== null) return report({ seq: missing, recordId: null, reason: 'Eintrag fehlt' }, events);
      if (e.hash !== eventHash(e)) return report({ seq, recordId: e.id, reason: 'Inhalt verändert' }, events);
      // Across a purged gap the predecessor is gone; otherwise the link must match.
      const linked = seq === prevSeq + 1 ? prevHash : null;
      if (linked !== null && e.prev !== linked)
        return report({ seq, recordId: e.id, reason: 'Verweis auf den Vorgänger falsch' }, events);
      prevSeq = seq;
      prevHash = e.hash;
    }
    if (rows.length > 0) {
      from = to;
      continue;
    }
    // An empty window: a purged stretch; go on at the next number there is.
    const next = await nextNumberAfter(db, to);
    if (next === null || next > lastSeq) break;
    from = next - 1;
  }
  const tail = prevSeq < lastSeq ? await unpurged(prevSeq + 1, lastSeq) : null;
  if (tail !== null) return report({ seq: tail, recordId: null, reason: 'Eintrag fehlt' }, events);
  if (lastSeq > 0 && prevSeq === lastSeq && prevHash !== last_hash)
    return report({ seq: lastSeq, recordId: null, reason: 'Kopf der Kette passt nicht' }, events);
  return report(undefined, events);
}
