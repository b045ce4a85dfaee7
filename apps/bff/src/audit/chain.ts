/**
 * Verifying the audit log's hash chain (decision 058): every event (a record's insert, an intent's
 * completion) is read in chain order, its hash recomputed here from the stored values with the
 * canonical serialisation (db/audit-hash.ts, from which the database's `audit_row_hash` /
 * `audit_completion_hash` are generated; computed here again so that a changed database function
 * cannot vouch for itself), and linked to the event before it. Numbers the retention purge removed
 * (`audit_purged`) may be missing; any other gap, a changed value, a wrong link, an event numbered
 * past the head or a head that does not match is a broken link, and the first one is reported.
 * Events the linker has not reached yet (decision 068) are counted, not judged.
 */
import { sql, type Kysely } from 'kysely';
import { COMPLETION_HASH, GENESIS, hashOf, ROW_HASH, type HashFormat } from '../db/audit-hash';
import type { Schema } from '../db/schema';

export interface ChainReport {
  intact: boolean;
  /** Events checked. */
  events: number;
  /** The head: the last event's number and hash. */
  lastSeq: number;
  lastHash: string;
  /** Events not linked yet: inserts and completions of the last moments ("noch nicht verkettet"). */
  unlinked: number;
  /** The first broken link. */
  broken?: { seq: number; recordId: string | null; reason: string };
}

interface Event {
  n: number;
  id: string;
  prev: string | null;
  hash: string | null;
  values: (string | null)[];
  format: HashFormat;
}

const PAGE = 1000;
/** Events a linker call takes: a fraction of a second, far inside the runtime's statement timeout. */
const LINK_BATCH = 1000;

/** The fields' expressions as columns `f0…`: the database prints each value, nothing is re-serialised. */
const fieldColumns = (format: HashFormat) =>
  sql.raw(format.fields.map((f, i) => `${f.sql} as f${i}`).join(', '));

async function eventsOf(
  db: Kysely<Schema>,
  format: HashFormat,
  columns: { n: string; prev: string; hash: string },
  after: number,
  to: number,
): Promise<Event[]> {
  const { rows } = await sql<Record<string, string | null>>`
    select ${sql.raw(columns.n)}::text as n, r.id::text as id, ${sql.raw(columns.prev)} as prev,
           ${sql.raw(columns.hash)} as hash, ${fieldColumns(format)}
    from audit_log as r where ${sql.raw(columns.n)} > ${after} and ${sql.raw(columns.n)} <= ${to}`.execute(
    db,
  );
  return rows.map((row) => ({
    n: Number(row.n),
    id: String(row.id),
    prev: row.prev ?? null,
    hash: row.hash ?? null,
    values: format.fields.map((_, i) => row[`f${i}`] ?? null),
    format,
  }));
}

/**
 * The events numbered after `after` up to `to`, in order. Rows and completions share one sequence,
 * so a window of PAGE numbers holds at most PAGE events, read through the two unique indexes: a page
 * costs the same at the end of a long chain as at its start, whatever the planner knows.
 */
async function eventsBetween(db: Kysely<Schema>, after: number, to: number): Promise<Event[]> {
  const [inserts, completions] = await Promise.all([
    eventsOf(db, ROW_HASH, { n: 'r.seq', prev: 'r.prev_hash', hash: 'r.hash' }, after, to),
    eventsOf(
      db,
      COMPLETION_HASH,
      { n: 'r.completion_seq', prev: 'r.completion_prev_hash', hash: 'r.completion_hash' },
      after,
      to,
    ),
  ]);
  return [...inserts, ...completions].sort((a, b) => a.n - b.n);
}

/**
 * Links what is waiting (decision 068), batch after batch, until a batch is not full or another
 * linker has the head. A role that may not link (a read-only check) leaves the rest counted as
 * unlinked.
 */
export async function linkPending(db: Kysely<Schema>): Promise<number> {
  let linked = 0;
  for (;;) {
    const { rows } = await sql<{ linked: number }>`select audit_link(${LINK_BATCH})::int as linked`.execute(
      db,
    );
    const batch = rows[0]?.linked ?? 0;
    if (batch > 0) linked += batch;
    if (batch < LINK_BATCH) return linked;
  }
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

/**
 * A point up to which the chain was verified (decision 104): the event's number and hash and how
 * many events were checked up to it.
 */
export interface VerifiedPoint {
  seq: number;
  hash: string;
  events: number;
}

/** The event numbered `seq`, insert or completion, or null when there is none. */
async function eventAt(db: Kysely<Schema>, seq: number): Promise<Event | null> {
  const events = await eventsBetween(db, seq - 1, seq);
  return events.find((e) => e.n === seq) ?? null;
}

/**
 * Checks the hash chain. With `from`, only what came after that verified point (decision 104): the
 * point's own event is hashed again (it must still be what was verified), and the events after it
 * must link to it; the records before it are not read again. A point the retention purge removed
 * is no anchor: then the whole chain is read.
 */
export async function verifyChain(
  db: Kysely<Schema>,
  options: { link?: boolean; from?: VerifiedPoint } = {},
): Promise<ChainReport> {
  // What waits for the linker is linked first (when this role may), so the check reaches the present.
  if (options.link !== false) await linkPending(db).catch(() => 0);
  // The highest numbers before the head: a linker that commits in between only moves the head past them.
  const highest = await sql<{ seq: string | null; id: string | null }>`
    select n::text as seq, id::text from (
      (select seq as n, id from audit_log where seq is not null order by seq desc limit 1)
      union all
      (select completion_seq, id from audit_log where completion_seq is not null order by completion_seq desc limit 1)
    ) as top order by n desc limit 1`.execute(db);
  const head = await sql<{ last_seq: string; last_hash: string }>`
    select last_seq::text, last_hash from audit_chain where id = 1`.execute(db);
  const { last_seq, last_hash } = head.rows[0] ?? { last_seq: '0', last_hash: GENESIS };
  const lastSeq = Number(last_seq);
  const { rows: waiting } = await sql<{ unlinked: string }>`
    select count(*)::text as unlinked from audit_log
    where seq is null or (completed_at is not null and completion_seq is null)`.execute(db);
  const unlinked = Number(waiting[0]?.unlinked ?? 0);
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
    unlinked,
    ...(broken ? { broken } : {}),
  });

  // An event numbered past the head was not linked by the linker (written around it).
  const top = highest.rows[0];
  if (top?.seq && Number(top.seq) > lastSeq)
    return report({ seq: Number(top.seq), recordId: top.id, reason: 'Eintrag hinter dem Kopf der Kette' });

  let events = 0;
  let prevSeq = 0;
  let prevHash = GENESIS;
  let from = 0;
  const point = options.from;
  if (point && point.seq > 0 && point.seq <= lastSeq) {
    const anchor = await eventAt(db, point.seq);
    if (anchor) {
      if (anchor.hash !== point.hash || hashOf(anchor.format, anchor.values) !== point.hash)
        return report({ seq: point.seq, recordId: anchor.id, reason: 'Inhalt verändert' }, point.events);
      events = point.events;
      prevSeq = point.seq;
      prevHash = point.hash;
      from = point.seq;
    } else if ((await unpurged(point.seq, point.seq)) !== null) {
      return report({ seq: point.seq, recordId: null, reason: 'Eintrag fehlt' }, point.events);
    }
  }
  while (from < lastSeq) {
    const to = Math.min(lastSeq, from + PAGE);
    const rows = await eventsBetween(db, from, to);
    for (const e of rows) {
      const seq = e.n;
      events++;
      const missing = seq === prevSeq + 1 ? null : await unpurged(prevSeq + 1, seq - 1);
      if (missing !== null) return report({ seq: missing, recordId: null, reason: 'Eintrag fehlt' }, events);
      if (e.hash !== hashOf(e.format, e.values))
        return report({ seq, recordId: e.id, reason: 'Inhalt verändert' }, events);
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
