/**
 * How a procedure records what it does (decisions 021, 043, 044): every administrative write runs
 * inside `audited(ctx, { action, target, sent, run, … })` (see AuditedAction). Audit first: without
 * its written intent the write is not done; a write whose answer never came is `unknown`, and its
 * `readBack` decides what the admin is told (outcome.ts); an intent never completed is closed by
 * intent-sweep.ts. A write holds the lock of every target it changes from its compare step to its
 * completion, on every instance (target-locks.ts, decision 066). Refusals: `auditRefusal` here,
 * invalid input in refusals.ts.
 */
import { IN_PROGRESS_REASON } from '@nova/contracts';
import { TRPCError } from '@trpc/server';
import { GameApiError } from '../game-api/errors';
import type { FastifyBaseLogger } from 'fastify';
import { ReasonedError } from '../kinds/errors';
import { callKindOf, type Principal, type RequestMeta } from '../kinds/principal';
import type { AuditCompletion, AuditEntry } from './entry';
import type { AuditLog } from './log';
import { isUnknownOutcome, resolveUnknownOutcome } from './outcome';
import { recordRefusal } from './refusals';
import { LockBusy, LockUnavailable, targetLockName, type TargetLocks } from './target-locks';

export const AUDIT_UNAVAILABLE =
  'Die Aktion wurde nicht ausgeführt: das Protokoll (Audit-Log) ist gerade nicht erreichbar. Bitte versuche es später erneut.';

/** The detail of a write that overwrote a row changed since it was shown ("Trotzdem speichern"). */
export const FORCED_DETAIL = 'Trotzdem gespeichert (Überschreiben)';

/**
 * What an audited action needs of the procedure's context (trpc/context.ts), named here so that the
 * write spine does not import the layer above it (architecture §2).
 */
export interface AuditContext {
  principal: Principal | null;
  /** The audit log; audited actions refuse to run without one. */
  audit?: AuditLog;
  request?: RequestMeta;
  log: FastifyBaseLogger;
  /** The write targets' locks, honoured by every instance (decision 066). */
  locks?: TargetLocks;
}

/** The answer when another save of the same target held it longer than a write waits. */
export const LOCKED_MESSAGE =
  'Dieser Eintrag wird gerade an anderer Stelle gespeichert. Bitte warte einen Moment und lade dann neu.';

/** The answers of a refused conditional write (decision 044). */
export const CONFLICT_MESSAGES = {
  changed: 'Der Eintrag wurde inzwischen geändert. Bitte prüfe den aktuellen Stand.',
  deleted: 'Der Eintrag wurde inzwischen gelöscht.',
} as const;

/**
 * A write conditional on the row the admin saw (decision 044): the game API has no versions, so the
 * row is read right before the write and compared with `expected`.
 */
export interface Condition<Row> {
  /**
   * The row as it was shown (the `expected` of updateInputOf / removeInputOf); `null`: the row must
   * still be gone (an undo that creates a deleted row again, decision 063).
   */
  expected: Row | null;
  /** An explicit overwrite ("Trotzdem speichern"): written without the comparison, recorded as forced. */
  force?: boolean;
  /** Reads the row now, mapped as the read path maps it; null when it is gone. */
  read: () => Promise<Row | null>;
  /**
   * The fields compared (default: all): a row with counters that change by themselves (a webhook
   * subscription's deliveries) compares only what a write may not overwrite unseen.
   */
  fields?: readonly string[];
}

/**
 * Another target the same game API call changes (a sync group that loses an object to the group
 * being saved): it gets a record of its own, written before the call and completed with it.
 */
export interface RelatedChange {
  action: string;
  target: { type: string; id: string | number };
  before: unknown;
  after: unknown;
  detail: string;
  /** The record this change takes back (one step of an undo set, decision 105). */
  undoOf?: string;
  /** Only if this target is still this row (compared under the lock before anything is written). */
  condition?: Condition<unknown>;
  /**
   * A call of its own, made after the main one succeeded, in order (an undo set, decision 105); each
   * such record is completed with its own outcome. Without it the main call makes the change.
   */
  run?: () => Promise<unknown>;
  /** The state after, from its own call's result; default: `after`. */
  afterOf?: (result: unknown) => unknown;
}

/** A change of a set not made because an earlier call of the set failed (decision 105). */
export const NOT_RUN_DETAIL = 'not-run';

export interface AuditedAction<T> {
  action: string;
  target?: { type: string; id: string | number | null };
  /** Reads the target before the change; a failed read is recorded as an unknown before-state. */
  before?: () => Promise<unknown>;
  /** The state before, already read (a conditional write read it to compare). */
  knownBefore?: unknown;
  /** The values sent to the game API. */
  sent?: unknown;
  /** An explicit overwrite of a row that changed meanwhile. */
  forced?: boolean;
  /** The record this write takes back (an undo, decision 063). */
  undoOf?: string;
  /**
   * More targets to hold while the write runs, besides `target` and the related ones (an undo that
   * creates a deleted row again holds the id it compares).
   */
  locks?: { type: string; id: string | number }[];
  /**
   * Writes only if the target is still the row the admin saw (else CONFLICT, nothing written); the
   * row read for the comparison is the before-state.
   */
  condition?: Condition<unknown>;
  run: () => Promise<T>;
  /** Other targets this call changes, each recorded as well. */
  related?: RelatedChange[];
  /** The state after, from the result; default: the result itself. */
  after?: (result: T) => unknown;
  /** The target id when only the result knows it (create). */
  targetId?: (result: T) => string | number | null;
  /**
   * After an answer that never came: reads the target back and says whether the change is there
   * (`true`), is not (`false`), or cannot tell (`null`), with the state found.
   */
  readBack?: () => Promise<{ applied: boolean | null; state: unknown }>;
}

function base(
  ctx: AuditContext,
): Pick<AuditEntry, 'actor' | 'requestId' | 'clientIp' | 'callKind' | 'clientId'> {
  const { principal } = ctx;
  return {
    actor: principal
      ? { id: principal.userId, name: principal.username, displayName: principal.displayName }
      : null,
    callKind: principal ? callKindOf(principal) : null,
    clientId: principal?.clientId ?? null,
    requestId: ctx.request?.id ?? null,
    clientIp: ctx.request?.clientIp ?? null,
  };
}

function statusOf(error: unknown): number | null {
  if (error instanceof GameApiError) return error.status ?? null;
  const cause = (error as { cause?: unknown }).cause;
  return cause instanceof GameApiError ? (cause.status ?? null) : null;
}

function detailOf(error: unknown): string {
  if (error instanceof GameApiError) return error.failure.kind;
  if (error instanceof TRPCError) return error.code;
  return 'error';
}

async function beforeOf<T>(ctx: AuditContext, spec: AuditedAction<T>): Promise<unknown> {
  if (spec.condition) return checkUnchanged(ctx, spec.action, spec.target ?? null, spec.condition);
  if ('knownBefore' in spec) return spec.knownBefore;
  if (!spec.before) return null;
  try {
    return await spec.before();
  } catch (error) {
    ctx.log.warn({ err: error, action: spec.action }, 'could not read the target before the change');
    return null;
  }
}

/** Writes the intent; without it the action is not done. */
async function intentOf<T>(ctx: AuditContext, spec: AuditedAction<T>, before: unknown): Promise<string> {
  const audit = ctx.audit;
  if (!audit) throw new Error(`audited action ${spec.action} without an audit log in the context`);
  try {
    return await audit.begin({
      ...base(ctx),
      action: spec.action,
      target: spec.target ?? null,
      before,
      sent: spec.sent,
      forced: forcedOf(spec),
      undoOf: spec.undoOf ?? null,
    });
  } catch (error) {
    ctx.log.error({ err: error, action: spec.action }, 'audit intent not written; the action is not done');
    throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: AUDIT_UNAVAILABLE, cause: error });
  }
}

const forcedOf = (spec: Pick<AuditedAction<unknown>, 'forced' | 'condition'>) =>
  spec.forced === true || spec.condition?.force === true;

/** A value as the comparison sees it: texts in NFC, absent = null, lists of rows in id order. */
function canonical(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value.normalize('NFC');
  if (Array.isArray(value)) {
    const items = value.map(canonical);
    const byId = (item: unknown) =>
      typeof item === 'object' && item !== null && 'id' in item ? Number(item.id) : Number.NaN;
    return items.every((item) => !Number.isNaN(byId(item)))
      ? [...items].sort((a, b) => byId(a) - byId(b))
      : items;
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value)
      .map(([key, item]) => [key, canonical(item)] as const)
      .filter(([, item]) => item !== null)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return Object.fromEntries(entries);
  }
  return value;
}

/** The fields in which two states of a row differ (both mapped by the same read schema). */
export function differingFields(expected: unknown, current: unknown): string[] {
  const a = (canonical(expected) ?? {}) as Record<string, unknown>;
  const b = (canonical(current) ?? {}) as Record<string, unknown>;
  const fields = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  return fields.filter((field) => JSON.stringify(a[field] ?? null) !== JSON.stringify(b[field] ?? null));
}

/**
 * The compare step of a conditional write, reusable by any write that must not overwrite unseen
 * changes: reads the target and returns it when it is still `expected` (or the write is forced);
 * otherwise records the refusal and throws CONFLICT with the current row and who last changed it.
 * Atomic with the write only under the target's lock, as `audited()` calls it.
 */
export async function checkUnchanged<Row>(
  ctx: AuditContext,
  action: string,
  target: { type: string; id: string | number | null } | null,
  condition: Condition<Row>,
): Promise<Row | null> {
  const current = await condition.read();
  if (condition.force) return current;
  const compared = (row: Row) =>
    condition.fields
      ? Object.fromEntries(condition.fields.map((field) => [field, (row as Record<string, unknown>)[field]]))
      : row;
  const unchanged =
    condition.expected === null
      ? current === null
      : current !== null && differingFields(compared(condition.expected), compared(current)).length === 0;
  if (unchanged) return current;
  const reason = current === null ? 'deleted' : 'changed';
  const changedBy =
    target && target.id !== null && ctx.audit
      ? await ctx.audit.lastChange(target.type, target.id).catch((error: unknown) => {
          ctx.log.warn({ err: error, action }, 'could not read who last changed the target');
          return null;
        })
      : null;
  await auditRefusal(
    ctx,
    action,
    `Konflikt: ${reason === 'deleted' ? 'gelöscht' : 'geändert'}`,
    target ?? undefined,
  );
  throw new ReasonedError(
    reason,
    { code: 'CONFLICT', message: CONFLICT_MESSAGES[reason] },
    { reason, current, changedBy },
  );
}

/** Every target the write changes or compares, as lock names (target-locks.ts). */
function lockNames<T>(spec: AuditedAction<T>): string[] {
  const targets = [
    ...(spec.target && spec.target.id !== null ? [{ type: spec.target.type, id: spec.target.id }] : []),
    ...(spec.related ?? []).map((change) => change.target),
    ...(spec.locks ?? []),
  ];
  return targets.map(targetLockName);
}

/**
 * Runs an audited write (see AuditedAction) holding the locks of its targets from the compare step
 * to the completion: of simultaneous saves of one row one writes, the others then compare with its
 * row (CONFLICT). A lock held longer than the wait: CONFLICT `in-progress`; none to be had: 503.
 */
export async function audited<T>(ctx: AuditContext, spec: AuditedAction<T>): Promise<T> {
  const names = lockNames(spec);
  if (names.length === 0) return unlocked(ctx, spec);
  if (!ctx.locks) throw new Error(`audited action ${spec.action} without write locks in the context`);
  try {
    return await ctx.locks.hold(names, 'wait', () => unlocked(ctx, spec));
  } catch (error) {
    if (error instanceof LockBusy) {
      ctx.log.warn({ err: error, action: spec.action }, 'write lock not had in time');
      throw new ReasonedError(IN_PROGRESS_REASON, {
        code: 'CONFLICT',
        message: LOCKED_MESSAGE,
        cause: error,
      });
    }
    if (error instanceof LockUnavailable) {
      ctx.log.error({ err: error, action: spec.action }, 'write lock not available; the action is not done');
      throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: AUDIT_UNAVAILABLE, cause: error });
    }
    throw error;
  }
}

async function unlocked<T>(ctx: AuditContext, spec: AuditedAction<T>): Promise<T> {
  const before = await beforeOf(ctx, spec);
  // Every target of a set is compared before anything is recorded: a conflict leaves no intent.
  const relatedBefore: unknown[] = [];
  for (const change of spec.related ?? []) {
    relatedBefore.push(
      change.condition
        ? await checkUnchanged(ctx, spec.action, change.target, change.condition)
        : change.before,
    );
  }
  const intent = await intentOf(ctx, spec, before);
  const related: { change: RelatedChange; intent: string }[] = [];
  for (const [index, change] of (spec.related ?? []).entries()) {
    try {
      related.push({
        change,
        intent: await intentOf(
          ctx,
          {
            action: change.action,
            target: change.target,
            run: spec.run,
            ...(change.undoOf ? { undoOf: change.undoOf } : {}),
          },
          relatedBefore[index],
        ),
      });
    } catch (error) {
      // Not every change could be recorded: nothing is sent, and the records say so.
      for (const done of [{ change: { action: spec.action }, intent }, ...related]) {
        await complete(ctx, done.intent, done.change.action, { outcome: 'failed', detail: 'audit' });
      }
      throw error;
    }
  }
  const completeRelated = async (completion: (change: RelatedChange) => AuditCompletion) => {
    for (const { change, intent: id } of related) {
      // A change with a call of its own was not made when the main call did not succeed.
      const outcome: AuditCompletion = change.run
        ? { outcome: 'failed', detail: NOT_RUN_DETAIL }
        : completion(change);
      await complete(ctx, id, change.action, outcome);
    }
  };

  let result: T;
  try {
    result = await spec.run();
  } catch (error) {
    if (isUnknownOutcome(error)) {
      const answer = await resolveUnknownOutcome(error, spec.readBack, (found) =>
        complete(ctx, intent, spec.action, {
          ...found,
          // A create found by the read-back names its new row like a successful one.
          ...(spec.targetId && found.after ? { targetId: spec.targetId(found.after as T) } : {}),
        }),
      );
      await completeRelated(() => ({ outcome: 'unknown', detail: answer.reason }));
      throw answer;
    }
    const failure = { outcome: 'failed', status: statusOf(error), detail: detailOf(error) } as const;
    await complete(ctx, intent, spec.action, failure);
    await completeRelated(() => failure);
    throw error;
  }

  await complete(ctx, intent, spec.action, {
    outcome: 'success',
    after: spec.after ? spec.after(result) : result,
    ...(spec.targetId ? { targetId: spec.targetId(result) } : {}),
    ...(forcedOf(spec) ? { detail: FORCED_DETAIL } : {}),
  });
  await completeOwnCalls(ctx, related);
  return result;
}

/**
 * After the main call: the related changes it made are complete; those with a call of their own
 * make it now, in order, each completed with its own outcome. A failed one ends the set: what
 * follows is recorded as not run, and the error goes to the caller.
 */
async function completeOwnCalls(
  ctx: AuditContext,
  related: { change: RelatedChange; intent: string }[],
): Promise<void> {
  let failure: unknown = null;
  for (const { change, intent } of related) {
    if (!change.run) {
      await complete(ctx, intent, change.action, {
        outcome: 'success',
        after: change.after,
        detail: change.detail,
      });
      continue;
    }
    if (failure !== null) {
      await complete(ctx, intent, change.action, { outcome: 'failed', detail: NOT_RUN_DETAIL });
      continue;
    }
    try {
      const result = await change.run();
      await complete(ctx, intent, change.action, {
        outcome: 'success',
        after: change.afterOf ? change.afterOf(result) : change.after,
        detail: change.detail,
      });
    } catch (error) {
      failure = error;
      await complete(
        ctx,
        intent,
        change.action,
        isUnknownOutcome(error)
          ? { outcome: 'unknown', detail: 'outcome-unknown' }
          : { outcome: 'failed', status: statusOf(error), detail: detailOf(error) },
      );
    }
  }
  if (failure !== null)
    throw failure instanceof Error ? failure : new Error('a change of the set failed', { cause: failure });
}

/**
 * Completes the intent. A completion that cannot be written any more (the database went away
 * during the action) is logged in full at error level; the intent stays open and the sweep closes
 * it as `unknown`. The action's result stands.
 */
async function complete(
  ctx: AuditContext,
  intent: string,
  action: string,
  completion: AuditCompletion,
): Promise<void> {
  try {
    if (!ctx.audit) throw new Error('no audit log');
    await ctx.audit.complete(intent, completion);
  } catch (error) {
    ctx.log.error({ err: error, audit: { intent, action, ...completion } }, 'audit completion not written');
  }
}

/** Records a refused action (policy denial, missing step-up, conflict) within the budget; never throws. */
export async function auditRefusal(
  ctx: AuditContext,
  action: string,
  detail: string,
  target?: { type: string; id: string | number | null },
): Promise<void> {
  await recordRefusal(ctx.audit, ctx.log, { ...base(ctx), action, target: target ?? null, detail });
}
