/**
 * The audit log store (decision 021): append-only records of administrative writes and security
 * events in the BFF's database. The table refuses UPDATE, TRUNCATE and DELETE (trigger); completions,
 * the sweep and the retention purge go through the database's bounded functions, and every record is
 * part of a hash chain (decision 058), linked soon after it is written (decision 068).
 */
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../db/database';
import { AuditPersons, openIp, openTexts, type PersonView } from '../db/persons';
import { linkPending, verifyChain, type ChainReport, type VerifiedPoint } from './chain';
import { HeldRecords, type HeldLog } from './held-records';
import type { AuditOutcome, Schema } from '../db/schema';
import type { CallKind } from '../kinds/principal';
import type { AuditCompletion, AuditEntry } from './entry';
import {
  DROPPED_ACTION,
  REFUSAL_BUDGET,
  REFUSAL_SUMMARY,
  RefusalBudget,
  RefusalSummaries,
} from './refusal-budget';
import { storableJson, storableOrNull } from './storable';
import {
  auditActionsMatching,
  auditActionsOf,
  auditDetailCodesMatching,
  auditPersonName,
  auditStateName,
  auditValuesMatching,
  type AuditArea,
  type AuditKind,
} from '@nova/domain';

const CHAIN_STATUS_MS = 30_000;
/** How often the viewer's chain status reads the whole chain again, in the background (decision 104). */
const FULL_CHECK_MS = 24 * 3600 * 1000;

/**
 * Runs in the transaction that writes or completes a successful record, before it commits: with the
 * record as readers see it (its persons' names, decision 099) and when it happened (an intent's
 * completion, else the record's own time).
 */
export type SuccessHook = (trx: Kysely<Schema>, record: AuditRecord, happenedAt: string) => Promise<void>;

export interface AuditRecord {
  id: string;
  at: string;
  /** The acting person's subject and login name; null once the person was forgotten (decision 100). */
  actorId: string | null;
  actorName: string | null;
  /** The acting person's in-game name, when known (decision 099). */
  actorDisplayName: string | null;
  /** The acting person's number in the audit log (decision 099). */
  actorPerson: string | null;
  /** The acting person was forgotten: the record names only their number. */
  actorErased: boolean;
  /** The person a `user` target is (its subject is `targetId` while the person is known). */
  targetPerson: string | null;
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
  sent: unknown;
  forced: boolean;
  /** The record this undo takes back (decision 063). */
  undoOf: string | null;
  /** The successful undo that took this record back, if any. */
  undoneBy: string | null;
  /** A record without the target's state (a refusal): the name its other records give it. */
  targetName?: string | null;
}

export interface AuditFilter {
  /**
   * In-game name, login name or subject, part of it (case-insensitive), or a forgotten person's
   * number ("Nr. 5"); matched through the persons table (decision 099).
   */
  person?: string | undefined;
  /** Action key or its beginning (`catalogue.achievements.`), for scripts. */
  action?: string | undefined;
  /** What kind of action ("geändert", "angemeldet", …; decision 062). */
  kind?: AuditKind | undefined;
  /** The part of the product ("Katalog Radiosender", "Sync-Manager", …). */
  area?: AuditArea | undefined;
  /**
   * Words found anywhere in the row as the viewer reads it, case-insensitive: each word in the
   * target's name, its number or type, the action's German words ("Radiosender", "Löschen") or the
   * detail.
   */
  target?: string | undefined;
  /**
   * Exactly this person: records they made (actor) or whose target is them (a player, their
   * account); the data export (decision 101).
   */
  subject?: string | undefined;
  /** Exactly this target (a player's page lists the records about that player). */
  about?: { type: string; id: string } | undefined;
  outcome?: AuditOutcome | undefined;
  /** One record by its number (an undo's links to the record it took back and back). */
  record?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

const idText = (id: string | number | null | undefined) =>
  id === null || id === undefined ? null : String(id);

/** What the closing sweep writes into an intent the process never completed. */
export const ABANDONED_DETAIL = 'abgebrochen: kein Abschluss (Neustart oder Absturz)';
type AuditRow = Pick<Selectable<Schema['audit_log']>, (typeof RECORD_COLUMNS)[number]> & {
  undone_by?: string | number | null;
};

/** The columns a record shows (not the chain's, nor the stored search text and keys). */
const RECORD_COLUMNS = [
  'id',
  'at',
  'actor_id',
  'actor_name',
  'actor_person',
  'target_person',
  'action',
  'target_type',
  'target_id',
  'before',
  'after',
  'outcome',
  'status',
  'detail',
  'request_id',
  'client_ip',
  'call_kind',
  'client_id',
  'sent',
  'forced',
  'undo_of',
] as const;
type Persons = Map<string, PersonView>;

/** The record as readers see it: its persons' fields while their keys exist (decision 099). */
function toRecord(row: AuditRow, persons: Persons): AuditRecord {
  const actorNo = idText(row.actor_person);
  const targetNo = idText(row.target_person);
  const actor = actorNo === null ? undefined : persons.get(actorNo);
  const target = targetNo === null ? undefined : persons.get(targetNo);
  const legacy = actorNo === null;
  return {
    id: String(row.id),
    at: new Date(row.at).toISOString(),
    actorId: legacy ? row.actor_id : (actor?.data?.subject ?? null),
    actorName: legacy ? row.actor_name : (actor?.data?.login ?? null),
    actorDisplayName: actor?.data?.display ?? null,
    actorPerson: actorNo,
    actorErased: actorNo !== null && actor?.data == null,
    targetPerson: targetNo,
    action: row.action,
    targetType: row.target_type,
    targetId: targetNo === null ? row.target_id : (target?.data?.subject ?? null),
    before: row.before ?? null,
    after: row.after ?? null,
    outcome: row.outcome,
    status: row.status,
    detail: row.detail,
    requestId: row.request_id,
    clientIp: legacy ? row.client_ip : openIp(actor, row.client_ip),
    callKind: row.call_kind ?? null,
    clientId: row.client_id ?? null,
    // A hold's reason is sealed with its person's key (decision 100).
    sent: openTexts(row.sent ?? null, target),
    forced: row.forced,
    undoOf: idText(row.undo_of),
    undoneBy: idText(row.undone_by),
  };
}

/** The newest successful undo of a record (decision 063). */
const undoneBy = sql<string | number | null>`(
  select max(u.id) from audit_log as u where u.undo_of = audit_log.id and u.outcome = 'success')`.as(
  'undone_by',
);

/** The search's words; quotes around a name („…“) and the "Nr." of "Nr. 26" are not part of it. */
function wordsOf(text: string | undefined): string[] {
  return (text ?? '')
    .normalize('NFC')
    .split(/[\s„“”"']+/u)
    .filter((word) => word && !/^nr\.?$/iu.test(word))
    .slice(0, 10);
}

/**
 * What the word finds exactly in the records' stored keys (migration 012, decision 104): a field label
 * ("Geld") the records that changed that field, a value's name ("Diesel") the records with that value
 * before or after, a German number ("1.200") any value of it before or after (decision 093), a coded
 * detail's German text ("Bestätigung") the records with that code.
 */
function searchKeysOf(word: string): string[] {
  const { fields, values, number } = auditValuesMatching(word);
  return [
    ...fields.map((field) => `c:${field}`),
    ...values.map(({ field, value }) => `v:${field}=${String(value)}`),
    ...(number === null ? [] : [`n:${String(number)}`]),
    ...auditDetailCodesMatching(word).map((code) => `d:${code}`),
  ];
}

/**
 * Exact counts up to this many matching records; past it the list says "mehr als 1.000" (decision
 * 104): counting further costs a read of every further match.
 */
export const COUNT_BOUND = 1_000;

/**
 * A position in the list (newest first): the record's time in epoch microseconds and its id. Pages
 * continue below (`after`) or above (`before`) it, by the index on (at, id), however deep.
 */
export type AuditCursor = string;
const CURSOR = /^(\d{1,19})\.(\d{1,18})$/;
export const isAuditCursor = (text: string): boolean => CURSOR.test(text);

function cursorCondition(cursor: AuditCursor, direction: '<' | '>') {
  const [, us, id] = CURSOR.exec(cursor) ?? [];
  if (us === undefined || id === undefined) throw new Error('not a cursor');
  // Exact to the microsecond: the epoch plus whole microseconds, no floating point on the way.
  return sql<boolean>`(at, id) ${sql.raw(direction)} (timestamptz 'epoch' + ${us}::bigint * interval '1 microsecond', ${id}::bigint)`;
}

export interface AuditPage {
  /** Newest first. */
  rows: AuditRecord[];
  /** Matching records, exact up to COUNT_BOUND; past it COUNT_BOUND and `more`. */
  total: number;
  more: boolean;
  /** The positions of the first and last row (for the pages above and below), null without rows. */
  first: AuditCursor | null;
  last: AuditCursor | null;
  /** Whether there are records below the last row. */
  hasNext: boolean;
}

interface FilterPersons {
  person: string[] | undefined;
  /** The player's person number; null when the player is unknown to the log. */
  about: string | null | undefined;
  /** The persons each keyword names. */
  targets: Map<string, string[]>;
  /** The exact person's number (the data export); null when the subject is unknown to the log. */
  subject: string | null | undefined;
}

/** The German name of a record's person (decision 099): in-game name, login name, or the pseudonym. */
function personName(no: string, person: PersonView | undefined): string {
  return auditPersonName({
    person: no,
    displayName: person?.data?.display ?? null,
    login: person?.data?.login ?? null,
  });
}

const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export class AuditLog {
  readonly #refusals: RefusalBudget;
  readonly #summaries: RefusalSummaries;
  #summaryTimer: NodeJS.Timeout | undefined;
  readonly #held: HeldRecords;
  readonly #appended = new Set<() => void>();
  readonly #recorded = new Set<(id: string) => void>();

  /** The persons the records name (decision 099). */
  readonly persons: AuditPersons;

  constructor(
    private readonly database: Database,
    refusals: RefusalBudget = new RefusalBudget({ ...REFUSAL_BUDGET, now: () => Date.now() }),
    log?: HeldLog,
    summaries: RefusalSummaries = new RefusalSummaries({ ...REFUSAL_SUMMARY, now: () => Date.now() }),
    /** The persons the records name (decision 099), with the master key that wraps their keys. */
    persons: AuditPersons = new AuditPersons(),
  ) {
    this.persons = persons;
    this.#refusals = refusals;
    this.#summaries = summaries;
    this.#held = new HeldRecords((entry, at) => this.#insert(entry, at), log);
  }

  /** Where the kept sign-in records are reported (decision 068). */
  logTo(log: HeldLog): void {
    this.#held.log = log;
  }

  /** Called after each record or completion this instance wrote (the chain's linker, decision 068). */
  onAppended(listener: () => void): () => void {
    this.#appended.add(listener);
    return () => this.#appended.delete(listener);
  }

  /**
   * Called with the id of each record this instance wrote complete or completed (not an intent
   * while it runs): the live audit log (decision 106).
   */
  onRecorded(listener: (id: string) => void): () => void {
    this.#recorded.add(listener);
    return () => this.#recorded.delete(listener);
  }

  /** Rejects when no record could be written now (the action must then not be done). */
  ensureWritable(): Promise<void> {
    return this.database.ping();
  }

  async write(entry: AuditEntry): Promise<void> {
    const hook = this.#onSuccess;
    if (!hook || entry.outcome !== 'success') {
      await this.#insert(entry);
      return;
    }
    const db = await this.database.open();
    const id = await db.transaction().execute(async (trx) => {
      const written = await this.#insert(entry, undefined, trx);
      const event = await this.#eventIn(trx, written);
      if (event) await hook(trx, event.record, event.happenedAt);
      return written;
    });
    this.#notify();
    this.#completed(id);
    this.#committed(id);
  }

  /**
   * A sign-in's record (decision 068): written now or, while the database is away, kept in order
   * and written when it is back. Rejects only when the database is away and the hold is full.
   */
  writeOrHold(entry: AuditEntry): Promise<'written' | 'held'> {
    return this.#held.record(entry);
  }

  /** Records kept while the database is away. */
  get held(): number {
    return this.#held.size;
  }

  /** Writes the kept records now (they are also tried every few seconds). */
  flushHeld(): Promise<void> {
    return this.#held.flush();
  }

  /** At shutdown: the counted repeats are written, and the kept records get their last chance. */
  async close(): Promise<void> {
    clearTimeout(this.#summaryTimer);
    this.#summaryTimer = undefined;
    await this.writeRefusalSummaries(true);
    await this.#held.close();
  }

  /**
   * Writes the summaries of repeated refusals whose window has ended (`all`: every one counted so
   * far). Through the hold of the sign-in records (decision 068): while the database is away they
   * wait there in order, with the time of their last repeat.
   */
  async writeRefusalSummaries(all = false): Promise<void> {
    for (const summary of this.#summaries.due(all)) {
      await this.#held
        .record({ ...summary.entry, outcome: 'refused' }, summary.at)
        .catch((error: unknown) =>
          this.#held.log?.error({ err: error, audit: summary.entry }, 'refusal summary not recorded'),
        );
    }
    this.#scheduleSummaries();
  }

  #scheduleSummaries(): void {
    if (this.#summaryTimer) return;
    const wait = this.#summaries.nextDueIn();
    if (wait === null) return;
    this.#summaryTimer = setTimeout(() => {
      this.#summaryTimer = undefined;
      void this.writeRefusalSummaries();
    }, wait + 10).unref();
  }

  /** The chain's head once what waits is linked (signed as a checkpoint, decision 069). */
  async head(): Promise<{ seq: number; hash: string }> {
    const db = await this.database.open();
    await linkPending(db);
    const { rows } = await sql<{ last_seq: string; last_hash: string }>`
      select last_seq::text, last_hash from audit_chain where id = 1`.execute(db);
    return { seq: Number(rows[0]?.last_seq ?? 0), hash: rows[0]?.last_hash ?? '' };
  }

  /** Links the events still waiting (decision 068); 0 when another instance is linking. */
  async link(): Promise<number> {
    return linkPending(await this.database.open());
  }

  /**
   * A refusal, within the per-minute budget (refusals.ts): beyond it only counted, and the count of a
   * minute that has ended is written as one summary record first; one person's repeats of the same
   * refusal are counted into one summary (RefusalSummaries). Rejects when nothing was written.
   */
  async refused(
    entry: Omit<AuditEntry, 'outcome'>,
  ): Promise<'recorded' | 'summarised' | 'dropped' | 'first-dropped'> {
    await this.writeRefusalSummaries();
    // A repeat of the same person's same refusal: counted into its window's summary (decision 105).
    if (this.#summaries.take(entry) === 'counted') {
      this.#scheduleSummaries();
      return 'summarised';
    }
    const { record, closed, dropped } = this.#refusals.take(entry.clientIp ?? null);
    if (closed > 0) {
      await this.#insert({
        actor: null,
        action: DROPPED_ACTION,
        outcome: 'refused',
        detail: `${closed} dropped`,
      });
    }
    if (!record) return dropped === 1 ? 'first-dropped' : 'dropped';
    await this.#insert({ ...entry, outcome: 'refused' });
    return 'recorded';
  }

  /** Records an intent (outcome `pending`) and returns its id; rejects when it was not written. */
  async begin(entry: Omit<AuditEntry, 'outcome' | 'after' | 'status' | 'detail'>): Promise<string> {
    return this.#insert({ ...entry, outcome: 'pending' });
  }

  /**
   * Completes an intent; true when it was still open (the sweep may have closed it meanwhile). Through
   * the database function that chains the completion (decision 058): the runtime may not UPDATE.
   */
  async complete(id: string, completion: AuditCompletion): Promise<boolean> {
    const db = await this.database.open();
    const after = storableJson(completion.after);
    const completing = async (executor: Kysely<Schema>) => {
      const { rows } = await sql<{ done: boolean }>`
        select audit_complete(${id}::bigint, ${completion.outcome}, ${after}::jsonb, ${completion.status ?? null}::int,
          ${storableOrNull(completion.detail)}, ${storableOrNull(idText(completion.targetId))}) as done`.execute(
        executor,
      );
      return rows[0]?.done === true;
    };
    const hook = this.#onSuccess;
    const done =
      hook && completion.outcome === 'success'
        ? // The completion and what follows from it (the webhook outbox) commit together or not at all.
          await db.transaction().execute(async (trx) => {
            const completed = await completing(trx);
            const event = completed ? await this.#eventIn(trx, id) : null;
            if (event) await hook(trx, event.record, event.happenedAt);
            return completed;
          })
        : await completing(db);
    this.#notify();
    if (done) this.#completed(id);
    if (done && hook && completion.outcome === 'success') this.#committed(id);
    return done;
  }

  #onSuccess: SuccessHook | null = null;
  #afterCommit: ((id: string) => void) | null = null;

  /**
   * What must be written with every successful record, in the same transaction (decision 097: the
   * webhook outbox), and who hears when it committed (the delivery worker). The audit log knows
   * neither the webhooks nor their tables.
   */
  onSuccess(hook: SuccessHook, afterCommit?: (id: string) => void): void {
    this.#onSuccess = hook;
    this.#afterCommit = afterCommit ?? null;
  }

  #committed(id: string): void {
    try {
      this.#afterCommit?.(id);
    } catch {
      // A listener's failure never undoes a written record.
    }
  }

  /** Closes intents open since before `cutoff` as `unknown` (a crash left them); returns how many. */
  async closeAbandoned(cutoff: Date): Promise<number> {
    const db = await this.database.open();
    const { rows } = await sql<{ closed: string | number }>`
      select audit_close_abandoned(${cutoff.toISOString()}::timestamptz, ${ABANDONED_DETAIL}) as closed`.execute(
      db,
    );
    return Number(rows[0]?.closed ?? 0);
  }

  /**
   * Checks the hash chain; reports the first broken link (decision 058). With `from`, only the events
   * after that verified point (decision 104).
   */
  async verifyChain(from?: VerifiedPoint): Promise<ChainReport> {
    return verifyChain(await this.database.open(), from ? { from } : {});
  }

  #chainStatus: { at: number; report: Promise<ChainReport> } | undefined;
  /** Up to where this process verified the chain, and when it last read the whole chain. */
  #verified: (VerifiedPoint & { fullAt: number }) | undefined;
  /** A broken link the last whole reading found (it stays until a whole reading is intact again). */
  #brokenBefore: ChainReport | undefined;
  #rereading: Promise<void> | undefined;

  /**
   * The viewer's chain status: one verification at a time for every admin looking, its result kept
   * for 30 seconds. The first one reads the whole chain; later ones only what came after the point
   * verified last (decision 104), and once a day the whole chain is read again in the background (a
   * record changed before the point is found then, and always by `pnpm audit:verify`).
   */
  chainStatus(now = Date.now()): Promise<ChainReport> {
    const kept = this.#chainStatus;
    if (kept && now - kept.at < CHAIN_STATUS_MS) return kept.report;
    const report = this.#checkChain(now);
    const entry = { at: now, report };
    this.#chainStatus = entry;
    report.catch(() => {
      if (this.#chainStatus === entry) this.#chainStatus = undefined;
    });
    return report;
  }

  async #checkChain(now: number): Promise<ChainReport> {
    const point = this.#verified;
    const report = await this.verifyChain(point);
    if (report.intact && report.lastSeq > 0) {
      this.#verified = {
        seq: report.lastSeq,
        hash: report.lastHash,
        events: report.events,
        fullAt: point?.fullAt ?? now,
      };
    } else if (!report.intact) {
      this.#verified = undefined;
    }
    if (point && now - point.fullAt >= FULL_CHECK_MS) this.#rereadWhole(now);
    return report.intact && this.#brokenBefore ? this.#brokenBefore : report;
  }

  #rereadWhole(now: number): void {
    if (this.#rereading) return;
    this.#rereading = this.verifyChain()
      .then(
        (whole) => {
          this.#brokenBefore = whole.intact ? undefined : whole;
          if (this.#verified) this.#verified.fullAt = now;
          // The next status shows it at once.
          this.#chainStatus = undefined;
        },
        () => undefined,
      )
      .finally(() => {
        this.#rereading = undefined;
      });
  }

  /** Who last changed a target, by the newest record that may have changed it. */
  async lastChange(type: string, id: string | number): Promise<{ name: string | null; at: string } | null> {
    const db = await this.database.open();
    const row = await db
      .selectFrom('audit_log')
      .select(['actor_name', 'actor_person', 'at'])
      .where('target_type', '=', type)
      .where('target_id', '=', String(id))
      .where('outcome', 'in', ['success', 'unknown', 'pending'])
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!row) return null;
    const no = idText(row.actor_person);
    if (no === null) return { name: row.actor_name, at: new Date(row.at).toISOString() };
    const person = (await this.persons.views(db, [no])).get(no);
    return { name: personName(no, person), at: new Date(row.at).toISOString() };
  }

  #notify(): void {
    for (const listener of this.#appended) listener();
  }

  #completed(id: string): void {
    for (const listener of this.#recorded) listener(id);
  }

  /** With an `executor` (a transaction) the listeners are told by the caller, after it committed. */
  async #insert(entry: AuditEntry, at?: Date, executor?: Kysely<Schema>): Promise<string> {
    const db = executor ?? (await this.database.open());
    // The persons, not their names, go into the record (decision 099).
    const actor = entry.actor
      ? await this.persons.ensure(db, {
          subject: storableOrNull(entry.actor.id) ?? '',
          login: storableOrNull(entry.actor.name),
          display: storableOrNull(entry.actor.displayName),
        })
      : null;
    // A player is named by their person; a `person` target (a hold, an erasure) is one by number.
    const targetSubject = entry.target?.type === 'user' ? storableOrNull(idText(entry.target.id)) : null;
    const targetNo =
      entry.target?.type === 'person' && /^\d{1,18}$/.test(idText(entry.target.id) ?? '')
        ? idText(entry.target.id)
        : null;
    const target =
      targetNo !== null
        ? { no: targetNo }
        : targetSubject === null
          ? null
          : targetSubject === entry.actor?.id && actor
            ? actor
            : await this.persons.ensure(db, { subject: targetSubject });
    const row = await db
      .insertInto('audit_log')
      .values({
        ...(at ? { at } : {}),
        actor_id: null,
        actor_name: null,
        actor_person: actor?.no ?? null,
        target_person: target?.no ?? null,
        action: entry.action,
        target_type: entry.target?.type ?? null,
        target_id: target ? null : storableOrNull(idText(entry.target?.id)),
        before: storableJson(entry.before),
        after: storableJson(entry.after),
        outcome: entry.outcome,
        status: entry.status ?? null,
        detail: storableOrNull(entry.detail),
        request_id: storableOrNull(entry.requestId),
        client_ip: actor
          ? this.persons.sealIp(actor, storableOrNull(entry.clientIp))
          : storableOrNull(entry.clientIp),
        sent: storableJson(entry.sent),
        forced: entry.forced ?? false,
        call_kind: entry.callKind ?? null,
        client_id: storableOrNull(entry.clientId),
        undo_of: idText(entry.undoOf),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (!executor) {
      this.#notify();
      if (entry.outcome !== 'pending') this.#completed(String(row.id));
    }
    return String(row.id);
  }

  /** The person numbers a filter's person and player stand for, looked up once per query. */
  async #personsOf(db: Kysely<Schema>, filter: AuditFilter): Promise<FilterPersons> {
    const [person, about, subject] = await Promise.all([
      filter.person ? this.persons.matching(db, filter.person) : undefined,
      filter.about?.type === 'user' ? this.persons.find(db, filter.about.id) : undefined,
      filter.subject ? this.persons.find(db, filter.subject) : undefined,
    ]);
    // A keyword finds the records about a player by their names too (their subject is not stored).
    const targets = new Map<string, string[]>();
    const words = wordsOf(filter.target);
    const found = words.length > 0 ? await this.persons.matchingEach(db, words) : [];
    words.forEach((word, index) => targets.set(word, found[index] ?? []));
    return {
      person,
      about: about === undefined ? undefined : (about?.no ?? null),
      targets,
      subject: subject === undefined ? undefined : (subject?.no ?? null),
    };
  }

  #filtered(db: Kysely<Schema>, filter: AuditFilter, persons: FilterPersons) {
    let query = db.selectFrom('audit_log');
    if (filter.person) {
      // By number through the persons' index; a record in the old form (written before migration
      // 010, or by an instance not yet updated) by its name in clear.
      const pattern = like(filter.person);
      const numbers = persons.person ?? [];
      query = query.where((eb) =>
        eb.or([
          ...(numbers.length > 0 ? [eb('actor_person', 'in', numbers)] : []),
          eb.and([eb('actor_person', 'is', null), eb('actor_name', 'ilike', pattern)]),
          eb.and([eb('actor_person', 'is', null), eb('actor_id', 'ilike', pattern)]),
        ]),
      );
    }
    if (filter.subject) {
      // The person's records by number (decision 099); those in the old form by the subject in clear.
      const subject = filter.subject;
      const no = persons.subject ?? null;
      query = query.where((eb) =>
        eb.or([
          eb('actor_id', '=', subject),
          eb('target_id', '=', subject),
          ...(no === null ? [] : [eb('actor_person', '=', no), eb('target_person', '=', no)]),
        ]),
      );
    }
    if (filter.action) {
      const prefix = `${filter.action.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      query = query.where('action', 'like', prefix);
    }
    if (filter.kind || filter.area) {
      const actions = auditActionsOf({ kind: filter.kind, area: filter.area });
      // An empty list would be `in ()`: no key of that kind in that area, so no row.
      query = actions.length > 0 ? query.where('action', 'in', actions) : query.where(sql<boolean>`false`);
    }
    for (const word of wordsOf(filter.target)) {
      // One indexed condition each (decision 104): part of a stored line by the trigram index, the
      // action's German words by the action index, the exact keys by theirs.
      const actions = auditActionsMatching(word);
      const keys = searchKeysOf(word);
      const targets = persons.targets.get(word) ?? [];
      query = query.where((eb) =>
        eb.or([
          eb(sql<string>`search_text`, 'ilike', like(word)),
          ...(actions.length > 0 ? [eb('action', 'in', actions)] : []),
          ...(keys.length > 0 ? [sql<boolean>`search_keys && ${keys}::text[]`] : []),
          ...(targets.length > 0 ? [eb('target_person', 'in', targets)] : []),
        ]),
      );
    }
    if (filter.about?.type === 'user') {
      // A player is a person (decision 099): their records by number, none when they are unknown.
      const no = persons.about ?? null;
      query = no === null ? query.where(sql<boolean>`false`) : query.where('target_person', '=', no);
    } else if (filter.about) {
      query = query.where('target_type', '=', filter.about.type).where('target_id', '=', filter.about.id);
    }
    if (filter.record) query = query.where('id', '=', filter.record);
    if (filter.outcome) query = query.where('outcome', '=', filter.outcome);
    if (filter.from) query = query.where('at', '>=', filter.from);
    if (filter.to) query = query.where('at', '<=', filter.to);
    return query;
  }

  /** Rows as records, with their persons read once for all of them (decision 099). */
  async #records(db: Kysely<Schema>, rows: AuditRow[]): Promise<AuditRecord[]> {
    const numbers = rows.flatMap((row) => [idText(row.actor_person), idText(row.target_person)]);
    const persons = await this.persons.views(
      db,
      numbers.filter((n): n is string => n !== null),
    );
    return rows.map((row) => toRecord(row, persons));
  }

  /** One record by its id (the original of an undo), with the undo that took it back. */
  async get(id: string): Promise<AuditRecord | null> {
    if (!/^\d{1,18}$/.test(id)) return null;
    return this.#recordIn(await this.database.open(), id);
  }

  /** One record as read through `db` (a transaction sees its own completion). */
  async #recordIn(db: Kysely<Schema>, id: string): Promise<AuditRecord | null> {
    return (await this.#eventIn(db, id))?.record ?? null;
  }

  /** `#recordIn` and when the record happened: its completion's time, else its own. */
  async #eventIn(
    db: Kysely<Schema>,
    id: string,
  ): Promise<{ record: AuditRecord; happenedAt: string } | null> {
    const row = await db
      .selectFrom('audit_log')
      .select(RECORD_COLUMNS)
      .select(undoneBy)
      .select('completed_at')
      .where('id', '=', id)
      .executeTakeFirst();
    const record = row ? (await this.#records(db, [row]))[0] : undefined;
    return row && record ? { record, happenedAt: new Date(row.completed_at ?? row.at).toISOString() } : null;
  }

  /** The list's two statements (its page and its bounded count), compiled: for EXPLAIN in tests and the bench. */
  async listStatements(
    filter: AuditFilter,
    page: { offset?: number; after?: AuditCursor; before?: AuditCursor; limit: number },
  ): Promise<{ sql: string; parameters: readonly unknown[] }[]> {
    const db = await this.database.open();
    const { query, bounded } = this.#listQueries(db, filter, await this.#personsOf(db, filter), page);
    return [query.compile(), db.selectFrom(bounded).select(db.fn.countAll().as('total')).compile()];
  }

  /**
   * The records one request wrote (a change set: a sync group's save and the groups it took objects
   * from, decision 105), oldest first, with the undo that took each back.
   */
  async ofRequest(record: Pick<AuditRecord, 'requestId' | 'at'>, targetType: string): Promise<AuditRecord[]> {
    if (record.requestId === null) return [];
    const db = await this.database.open();
    // One request's records lie within minutes of each other: the time index finds them.
    const at = new Date(record.at).getTime();
    const rows = await db
      .selectFrom('audit_log')
      .select(RECORD_COLUMNS)
      .select(undoneBy)
      .where('at', '>=', new Date(at - 10 * 60_000))
      .where('at', '<=', new Date(at + 10 * 60_000))
      .where('request_id', '=', record.requestId)
      .where('target_type', '=', targetType)
      .orderBy('id')
      .limit(50)
      .execute();
    return this.#records(db, rows);
  }

  /**
   * Newest first, one page of the filtered records and how many there are, counted up to COUNT_BOUND
   * (decision 104). The page is the one below `after`, above `before` (the pages around a shown one:
   * one index range however deep, and unmoved by records written meanwhile), or at `offset` (a page
   * number without a position, e.g. a link from before).
   */
  async list(
    filter: AuditFilter,
    page: { offset?: number; after?: AuditCursor; before?: AuditCursor; limit: number },
  ): Promise<AuditPage> {
    const db = await this.database.open();
    const upward = page.before !== undefined && page.after === undefined;
    const persons = await this.#personsOf(db, filter);
    const { query, bounded } = this.#listQueries(db, filter, persons, page);
    const [found, count] = await Promise.all([
      query.execute(),
      db.selectFrom(bounded).select(db.fn.countAll().as('total')).executeTakeFirst(),
    ]);
    const beyond = found.length > page.limit;
    const shown = found.slice(0, page.limit);
    if (upward) shown.reverse();
    const cursorOf = (row: (typeof found)[number] | undefined) =>
      row ? `${row.cursor_us}.${String(row.id)}` : null;
    const total = Number(count?.total ?? 0);
    return {
      rows: await this.#withTargetNames(db, await this.#records(db, shown)),
      total: Math.min(total, COUNT_BOUND),
      more: total > COUNT_BOUND,
      first: cursorOf(shown[0]),
      last: cursorOf(shown.at(-1)),
      // Above a position there is always what is below it: the position's own row.
      hasNext: upward ? shown.length > 0 : beyond,
    };
  }

  #listQueries(
    db: Kysely<Schema>,
    filter: AuditFilter,
    persons: FilterPersons,
    page: { offset?: number; after?: AuditCursor; before?: AuditCursor; limit: number },
  ) {
    const upward = page.before !== undefined && page.after === undefined;
    let query = this.#filtered(db, filter, persons)
      .select(RECORD_COLUMNS)
      .select(undoneBy)
      .select(sql<string>`(extract(epoch from at) * 1000000)::bigint::text`.as('cursor_us'));
    if (page.after !== undefined) query = query.where(cursorCondition(page.after, '<'));
    else if (page.before !== undefined) query = query.where(cursorCondition(page.before, '>'));
    else if (page.offset) query = query.offset(page.offset);
    const direction = upward ? 'asc' : 'desc';
    // The newest COUNT_BOUND + 1 in the list's order: a common match ends the list's index scan
    // early, a rare one is found by its own index.
    const bounded = this.#filtered(db, filter, persons)
      .select(sql<number>`1`.as('one'))
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(COUNT_BOUND + 1)
      .as('bounded');
    return {
      query: query
        .orderBy('at', direction)
        .orderBy('id', direction)
        .limit(page.limit + 1),
      bounded,
    };
  }

  /**
   * Names the targets of records that carry no state of them (refusals, decision 093): the newest
   * other record of the same target that has one, one query for the page.
   */
  async #withTargetNames(db: Kysely<Schema>, records: AuditRecord[]): Promise<AuditRecord[]> {
    const unnamed = records.filter(
      (record) => record.targetType !== null && record.targetId !== null && auditStateName(record) === null,
    );
    const pairs = [
      ...new Map(unnamed.map((record) => [`${record.targetType} ${record.targetId}`, record])).values(),
    ];
    if (pairs.length === 0) return records;
    // Per target its newest record with a state: one short backward scan of the partial target
    // index each (migration 012), however many records the target has.
    const targets = sql.join(
      pairs.map((record) => sql`(${record.targetType}::text, ${record.targetId}::text)`),
    );
    const { rows: states } = await sql<{
      target_type: string;
      target_id: string;
      before: unknown;
      after: unknown;
    }>`
      select t.target_type, t.target_id, s.before, s.after
      from (values ${targets}) as t(target_type, target_id)
      cross join lateral (
        select before, after from audit_log as a
        where a.target_type = t.target_type and a.target_id = t.target_id
          and (a.after is not null or a.before is not null)
        order by a.at desc limit 1) as s`.execute(db);
    const names = new Map(
      states.map((row) => [
        `${row.target_type} ${row.target_id}`,
        auditStateName({ targetType: row.target_type, before: row.before, after: row.after }),
      ]),
    );
    return records.map((record) => {
      const name = unnamed.includes(record) ? names.get(`${record.targetType} ${record.targetId}`) : null;
      return name ? { ...record, targetName: name } : record;
    });
  }

  /**
   * Every filtered record, newest first, in pages of `size` (the streamed export, decision 059).
   * Keyset pagination on (at, id): each page is one short query that continues below the last row,
   * so no connection or snapshot is held between pages and PostgreSQL and PGlite behave alike. The
   * cursor keeps `at` as the database's text (microseconds; a JS Date would round them away).
   */
  async *pages(filter: AuditFilter, size = 1000): AsyncGenerator<AuditRecord[]> {
    const db = await this.database.open();
    let cursor: { at: string; id: string } | null = null;
    const persons = await this.#personsOf(db, filter);
    for (;;) {
      let query = this.#filtered(db, filter, persons)
        .select(RECORD_COLUMNS)
        .select(sql<string>`at::text`.as('cursor_at'));
      if (cursor) {
        const { at, id } = cursor;
        query = query.where(sql<boolean>`(at, id) < (${at}::timestamptz, ${id}::bigint)`);
      }
      const rows = await query.orderBy('at', 'desc').orderBy('id', 'desc').limit(size).execute();
      if (rows.length > 0) yield await this.#records(db, rows);
      const last = rows.at(-1);
      if (!last || rows.length < size) return;
      cursor = { at: last.cursor_at, id: String(last.id) };
    }
  }

  /**
   * Deletes the records older than `cutoff`; returns how many. Through the database function that
   * refuses a cut-off inside the retention floor and moves the chain's purge anchor (decision 058).
   */
  async purge(cutoff: Date): Promise<number> {
    const db = await this.database.open();
    // Linked first, so that the chain keeps the numbers of what the purge removes (best effort: a
    // role that may not link still purges).
    await linkPending(db).catch(() => 0);
    const { rows } = await sql<{ purged: string | number }>`
      select audit_purge(${cutoff.toISOString()}::timestamptz) as purged`.execute(db);
    return Number(rows[0]?.purged ?? 0);
  }
}
