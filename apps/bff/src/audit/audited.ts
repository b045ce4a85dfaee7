/**
 * How a procedure records what it does (decision 021). Wrap every administrative write:
 *
 *   return audited(ctx, {
 *     action: 'catalogue.achievements.update',         // stable key: area.entity.verb
 *     target: { type: 'catalogue.achievements', id },   // what is changed (id may come from `after`)
 *     before: () => readTheTarget(),                    // optional: the state before (read first)
 *     run: () => doTheWrite(),                          // the action itself
 *     after: (result) => result,                        // optional: the state after, from the result
 *   });
 *
 * - The record is written in the same request. Before `run`, the database must answer; if it does
 *   not, the action is not done (SERVICE_UNAVAILABLE with a German message).
 * - `run` failing is recorded as `failed` (with the game API's status) and rethrown.
 * - Refusals are recorded by `auditRefusal` (the policy middleware and `requireStepUp` call it).
 * - Input validation failures never reach the procedure, so nothing is written for them.
 */
import { TRPCError } from '@trpc/server';
import { GameApiError } from '../game-api/errors';
import { callKindOf, type ContextInner } from '../trpc/context';
import type { AuditEntry } from './log';

export const AUDIT_UNAVAILABLE =
  'Die Aktion wurde nicht ausgeführt: das Protokoll (Audit-Log) ist gerade nicht erreichbar. Bitte versuche es später erneut.';

type AuditContext = Pick<ContextInner, 'audit' | 'request' | 'principal' | 'log'>;

export interface AuditedAction<T> {
  action: string;
  target?: { type: string; id: string | number | null };
  /** Reads the target before the change; a failed read is recorded as an unknown before-state. */
  before?: () => Promise<unknown>;
  run: () => Promise<T>;
  /** The state after, from the result; default: the result itself. */
  after?: (result: T) => unknown;
  /** The target id when only the result knows it (create). */
  targetId?: (result: T) => string | number | null;
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

export async function audited<T>(ctx: AuditContext, spec: AuditedAction<T>): Promise<T> {
  const audit = ctx.audit;
  if (!audit) throw new Error(`audited action ${spec.action} without an audit log in the context`);
  try {
    await audit.ensureWritable();
  } catch (error) {
    ctx.log.error({ err: error, action: spec.action }, 'audit log unavailable; the action is not done');
    throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: AUDIT_UNAVAILABLE, cause: error });
  }

  let before: unknown = null;
  if (spec.before) {
    try {
      before = await spec.before();
    } catch (error) {
      ctx.log.warn({ err: error, action: spec.action }, 'could not read the target before the change');
    }
  }

  let result: T;
  try {
    result = await spec.run();
  } catch (error) {
    await writeOrLog(ctx, {
      ...base(ctx),
      action: spec.action,
      target: spec.target ?? null,
      before,
      outcome: 'failed',
      status: statusOf(error),
      detail: detailOf(error),
    });
    throw error;
  }

  const after = spec.after ? spec.after(result) : result;
  const targetId = spec.targetId ? spec.targetId(result) : (spec.target?.id ?? null);
  await writeOrLog(ctx, {
    ...base(ctx),
    action: spec.action,
    target: spec.target ? { type: spec.target.type, id: targetId } : null,
    before,
    after,
    outcome: 'success',
  });
  return result;
}

/** Records a refused action (policy denial, missing step-up); never throws. */
export async function auditRefusal(
  ctx: AuditContext,
  action: string,
  detail: string,
  target?: { type: string; id: string | number | null },
): Promise<void> {
  if (!ctx.audit) return;
  await writeOrLog(ctx, { ...base(ctx), action, target: target ?? null, outcome: 'refused', detail });
}

/**
 * After the action: a record that cannot be written any more (the database went away during the
 * action) is logged in full at error level, so that it is not lost; the action's result stands.
 */
async function writeOrLog(ctx: AuditContext, entry: AuditEntry): Promise<void> {
  try {
    if (!ctx.audit) throw new Error('no audit log');
    await ctx.audit.write(entry);
  } catch (error) {
    ctx.log.error({ err: error, audit: entry }, 'audit record could not be written');
  }
}
