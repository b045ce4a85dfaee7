/**
 * How a procedure records what it does (decisions 021, 043). Wrap every administrative write:
 *
 *   return audited(ctx, {
 *     action: 'catalogue.achievements.update',         // stable key: area.entity.verb
 *     target: { type: 'catalogue.achievements', id },   // what is changed (id may come from `after`)
 *     before: () => readTheTarget(),                    // optional: the state before (read first)
 *     sent: input.values,                               // what goes to the game API
 *     run: () => doTheWrite(),                          // the action itself
 *     after: (result) => result,                        // optional: the state after, from the result
 *   });
 *
 * - Audit first: the intent (who, what, target, before, the values sent) is written before `run`;
 *   if it cannot be written, the action is not done (SERVICE_UNAVAILABLE with a German message).
 *   Afterwards the intent is completed with the outcome and the after-state. An intent that is never
 *   completed (the process ended) is closed as `unknown` by the sweep (intent-sweep.ts).
 * - `run` failing is recorded as `failed` (with the game API's status) and rethrown; a failure after
 *   which the game API may have applied the change (timeout, connection lost) is `unknown`, and the
 *   caller's `readBack` decides what the admin is told (outcome.ts).
 * - Refusals are recorded by `auditRefusal` (the policy middleware and `requireStepUp` call it).
 * - Input validation failures never reach the procedure, so nothing is written for them.
 */
import { TRPCError } from '@trpc/server';
import { GameApiError } from '../game-api/errors';
import { callKindOf, type ContextInner } from '../trpc/context';
import type { AuditCompletion, AuditEntry } from './log';
import { isUnknownOutcome, resolveUnknownOutcome } from './outcome';

export const AUDIT_UNAVAILABLE =
  'Die Aktion wurde nicht ausgeführt: das Protokoll (Audit-Log) ist gerade nicht erreichbar. Bitte versuche es später erneut.';

/** The detail of a write that overwrote a row changed since it was shown ("Trotzdem speichern"). */
export const FORCED_DETAIL = 'Trotzdem gespeichert (Überschreiben)';

type AuditContext = Pick<ContextInner, 'audit' | 'request' | 'principal' | 'log'>;

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
  run: () => Promise<T>;
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
    actor: principal ? { id: principal.userId, name: principal.username } : null,
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
      forced: spec.forced ?? false,
    });
  } catch (error) {
    ctx.log.error({ err: error, action: spec.action }, 'audit intent not written; the action is not done');
    throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: AUDIT_UNAVAILABLE, cause: error });
  }
}

export async function audited<T>(ctx: AuditContext, spec: AuditedAction<T>): Promise<T> {
  const before = await beforeOf(ctx, spec);
  const intent = await intentOf(ctx, spec, before);

  let result: T;
  try {
    result = await spec.run();
  } catch (error) {
    if (isUnknownOutcome(error)) {
      throw await resolveUnknownOutcome(error, spec.readBack, (found) =>
        complete(ctx, intent, spec.action, found),
      );
    }
    await complete(ctx, intent, spec.action, {
      outcome: 'failed',
      status: statusOf(error),
      detail: detailOf(error),
    });
    throw error;
  }

  await complete(ctx, intent, spec.action, {
    outcome: 'success',
    after: spec.after ? spec.after(result) : result,
    ...(spec.targetId ? { targetId: spec.targetId(result) } : {}),
    ...(spec.forced ? { detail: FORCED_DETAIL } : {}),
  });
  return result;
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

/** Records a refused action (policy denial, missing step-up, conflict); never throws. */
export async function auditRefusal(
  ctx: AuditContext,
  action: string,
  detail: string,
  target?: { type: string; id: string | number | null },
): Promise<void> {
  if (!ctx.audit) return;
  const entry: AuditEntry = { ...base(ctx), action, target: target ?? null, outcome: 'refused', detail };
  try {
    await ctx.audit.write(entry);
  } catch (error) {
    ctx.log.error({ err: error, audit: entry }, 'audit record could not be written');
  }
}
