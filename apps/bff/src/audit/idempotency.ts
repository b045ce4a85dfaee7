/**
 * Creates named by the dialog's key (decisions 044, 066): a double click or a retry after a lost
 * answer sends the same key again and gets the first create's result instead of a second row. The
 * keys live in the database, where the audit intents are, per person and procedure. While a create
 * runs, its key's lock (target-locks.ts) is held, so another call with the key, on any instance, is
 * told that it is in progress; a lock dies with its instance. A create that may have reached the
 * game API keeps its key however it ended: a retry after an unknown outcome or a crash reads the
 * target back with the ids listed before the first attempt and answers with the row it finds
 * instead of creating again.
 */
import { IN_PROGRESS_REASON } from '@nova/contracts';
import { TRPCError } from '@trpc/server';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import { idempotencyHits } from '../observability/metrics';
import { ReasonedError } from '../kinds/errors';
import { AUDIT_UNAVAILABLE } from './audited';
import { OUTCOME_MESSAGES, OutcomeError } from './outcome';
import { storableJson } from './storable';
import { LockBusy, LockUnavailable, type TargetLocks } from './target-locks';

/** Keys are kept this long, then deleted (a dialog's retries come within minutes). */
export const IDEMPOTENCY_RETENTION_HOURS = 24;
const RETENTION_EVERY_MS = 60 * 60_000;

export const IN_PROGRESS_MESSAGE =
  'Dieser Eintrag wird gerade schon gespeichert. Bitte warte einen Moment und lade dann neu.';

/** One key: a person's, for one procedure. */
export interface KeyId {
  personId: string;
  procedure: string;
  key: string;
}

/** What an earlier call with the key left: nothing sent yet, perhaps sent, or its answer. */
export type EarlierCall =
  | { state: 'claimed' }
  | { state: 'sent'; idsBefore: ReadonlySet<number> | null }
  | { state: 'done'; result: unknown };

export class IdempotencyKeys {
  constructor(
    private readonly database: Database,
    private readonly locks: TargetLocks,
  ) {}

  /** Runs `work` holding the key's lock; LockBusy when another call with the key holds it. */
  hold<T>(id: KeyId, work: () => Promise<T>): Promise<T> {
    return this.locks.hold([`create:${id.personId}:${id.procedure}:${id.key}`], 'try', work);
  }

  /** Takes the key (null: it is new) or returns what an earlier call with it left. */
  async claim(id: KeyId): Promise<EarlierCall | null> {
    const db = await this.database.open();
    for (let attempt = 0; attempt < 2; attempt++) {
      const inserted = await db
        .insertInto('idempotency_keys')
        .values({ person_id: id.personId, procedure: id.procedure, key: id.key, state: 'claimed' })
        .onConflict((conflict) => conflict.columns(['person_id', 'procedure', 'key']).doNothing())
        .returning('state')
        .executeTakeFirst();
      if (inserted) return null;
      const row = await db
        .selectFrom('idempotency_keys')
        .select(['state', 'ids_before', 'result'])
        .where('person_id', '=', id.personId)
        .where('procedure', '=', id.procedure)
        .where('key', '=', id.key)
        .executeTakeFirst();
      // Gone between the two statements (the retention): taken anew on the next round.
      if (!row) continue;
      if (row.state === 'done') return { state: 'done', result: row.result ?? null };
      if (row.state === 'sent')
        return { state: 'sent', idsBefore: row.ids_before ? new Set(row.ids_before) : null };
      return { state: 'claimed' };
    }
    throw new Error('idempotency key could not be claimed');
  }

  /** From here on the create may reach the game API: the key stays taken however it ends. */
  async sent(id: KeyId, idsBefore: ReadonlySet<number> | null): Promise<void> {
    await this.#update(id, { state: 'sent', ids_before: idsBefore ? JSON.stringify([...idsBefore]) : null });
  }

  async finish(id: KeyId, result: unknown): Promise<void> {
    await this.#update(id, { state: 'done', result: storableJson(result) });
  }

  /** Forgets a key whose create made no row, so that a retry runs again. */
  async release(id: KeyId): Promise<void> {
    const db = await this.database.open();
    await db
      .deleteFrom('idempotency_keys')
      .where('person_id', '=', id.personId)
      .where('procedure', '=', id.procedure)
      .where('key', '=', id.key)
      .execute();
  }

  /** Deletes the keys made before `cutoff`; returns how many. */
  async purge(cutoff: Date): Promise<number> {
    const db = await this.database.open();
    const result = await db
      .deleteFrom('idempotency_keys')
      .where('created_at', '<', cutoff)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async #update(
    id: KeyId,
    values: { state: 'sent' | 'done'; ids_before?: string | null; result?: string | null },
  ): Promise<void> {
    const db = await this.database.open();
    await db
      .updateTable('idempotency_keys')
      .set(values)
      .where('person_id', '=', id.personId)
      .where('procedure', '=', id.procedure)
      .where('key', '=', id.key)
      .execute();
  }
}

type ReadBack = () => Promise<{ applied: boolean | null; state: unknown }>;

/** A create run once per key (`idempotent`). */
export interface CreateOnce<Before, T> {
  /** Read before anything is recorded: the list the read-back tells the new row from. */
  before: () => Promise<Before>;
  /** The ids in that list, kept with the key so that a later retry can find the row this call made. */
  idsBefore: (before: Before) => ReadonlySet<number> | null;
  run: (before: Before) => Promise<T>;
  /** Looks for the row a create made that was not among `idsBefore` (readBackOf.create). */
  readBack: (idsBefore: ReadonlySet<number> | null) => ReadBack;
}

interface IdempotencyContext {
  idempotency?: IdempotencyKeys | undefined;
  principal: { userId: string } | null;
  log: FastifyBaseLogger;
}

const unavailable = (cause: unknown) =>
  new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: AUDIT_UNAVAILABLE, cause });

/**
 * Runs a create once per key: a repeated key answers with the first result, or CONFLICT
 * `in-progress` while the first is still running. A create that failed frees its key; one that may
 * have reached the game API keeps it, and a retry answers with the row the read-back finds (or,
 * when it cannot tell, that it is unclear) instead of creating again.
 */
export async function idempotent<Before, T>(
  ctx: IdempotencyContext,
  procedure: string,
  key: string | undefined,
  create: CreateOnce<Before, T>,
): Promise<T> {
  const keys = ctx.idempotency;
  if (!key || !keys || !ctx.principal) return create.run(await create.before());
  const id = { personId: ctx.principal.userId, procedure, key };
  try {
    return await keys.hold(id, () => once(ctx, keys, id, create));
  } catch (error) {
    if (error instanceof LockBusy) {
      idempotencyHits.inc({ state: 'pending' });
      throw new ReasonedError(IN_PROGRESS_REASON, { code: 'CONFLICT', message: IN_PROGRESS_MESSAGE });
    }
    if (error instanceof LockUnavailable) throw unavailable(error);
    throw error;
  }
}

async function once<Before, T>(
  ctx: IdempotencyContext,
  keys: IdempotencyKeys,
  id: KeyId,
  create: CreateOnce<Before, T>,
): Promise<T> {
  const earlier = await keys.claim(id).catch((error: unknown) => {
    ctx.log.error({ err: error }, 'idempotency key not claimed; the create is not done');
    throw unavailable(error);
  });
  if (earlier?.state === 'done') {
    idempotencyHits.inc({ state: 'done' });
    return earlier.result as T;
  }
  if (earlier?.state === 'sent') {
    const found = await lookForEarlierRow(keys, id, create.readBack(earlier.idsBefore));
    if (found !== null) {
      idempotencyHits.inc({ state: 'done' });
      return found.row as T;
    }
  }

  let before: Before;
  try {
    before = await create.before();
  } catch (error) {
    await forget(ctx, keys, id);
    throw error;
  }
  try {
    await keys.sent(id, create.idsBefore(before));
  } catch (error) {
    ctx.log.error({ err: error }, 'idempotency key not marked as sent; the create is not done');
    await forget(ctx, keys, id);
    throw unavailable(error);
  }
  try {
    const result = await create.run(before);
    await keys.finish(id, result).catch((error: unknown) => {
      // The row exists: a retry finds it by the read-back.
      ctx.log.error({ err: error }, 'idempotency key not finished; kept as sent');
    });
    return result;
  } catch (error) {
    if (error instanceof OutcomeError && error.reason === 'outcome-applied')
      await keys.finish(id, error.found).catch(() => undefined);
    // Unclear whether the row exists: the key stays taken, a retry reads the target back.
    else if (!(error instanceof OutcomeError && error.reason === 'outcome-unknown'))
      await forget(ctx, keys, id);
    throw error;
  }
}

/**
 * An earlier call with the key may have made the row (its answer never came, or its instance died):
 * the row found is the answer; none: null (this call creates); cannot tell: "unklar".
 */
async function lookForEarlierRow(
  keys: IdempotencyKeys,
  id: KeyId,
  readBack: ReadBack,
): Promise<{ row: unknown } | null> {
  const found = await readBack().catch(() => ({ applied: null, state: null }));
  if (found.applied === true) {
    await keys.finish(id, found.state).catch(() => undefined);
    return { row: found.state };
  }
  if (found.applied === false) return null;
  throw new OutcomeError('outcome-unknown', {
    code: 'GATEWAY_TIMEOUT',
    message: OUTCOME_MESSAGES['outcome-unknown'],
  });
}

async function forget(ctx: IdempotencyContext, keys: IdempotencyKeys, id: KeyId): Promise<void> {
  await keys.release(id).catch((error: unknown) => {
    // Kept as it was: a retry reads the target back before it creates.
    ctx.log.warn({ err: error }, 'idempotency key not released');
  });
}

/** Deletes keys older than the retention now and every hour; a database away is tried again later. */
export function startKeyRetention(
  keys: IdempotencyKeys,
  log: FastifyBaseLogger,
  now: () => number = Date.now,
): () => void {
  const run = () => {
    keys.purge(new Date(now() - IDEMPOTENCY_RETENTION_HOURS * 3_600_000)).catch((error: unknown) => {
      log.warn({ err: error }, 'idempotency key retention failed; tried again later');
    });
  };
  run();
  const timer = setInterval(run, RETENTION_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
