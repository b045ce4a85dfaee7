/**
 * Refused requests on administrative procedures are recorded (decision 060): the CSRF check, an
 * invalid bearer token, no sign-in, invalid input and the policy, each with the procedure as target
 * and a reason code. A budget per client address and per instance keeps a flood from filling the
 * table; what the budget drops is counted and written as one summary record when its minute is over.
 * One person's same refused request repeated within a window is one record and one summary
 * ("insgesamt 3× abgelehnt", decision 105, refusal-budget.ts).
 */
import { procedureAccess } from '@nova/domain';
import type { FastifyBaseLogger } from 'fastify';
import { GameApiError } from '../game-api/errors';
import { callKindOf, type Principal } from '../kinds/principal';
import type { AuditEntry } from './entry';
import type { AuditLog } from './log';

/** Reason codes of refusals (the viewer words them, packages/domain audit.ts). */
export type RefusalReason = 'csrf' | 'invalid-token' | 'unauthenticated' | 'invalid-input' | 'forbidden';

/** The CSV download's action key in refusal records (it is not a tRPC procedure). */
export const EXPORT_ACTION = 'audit.export';

/** A procedure only roles may call (not public, not open to every signed-in person). */
export function isAdminProcedure(path: string): boolean {
  const access = procedureAccess(path);
  return access?.kind === 'signed-in' && access.roles.length > 0;
}

/** The audit target type of a procedure ("catalogue.radios.update" → "catalogue.radios"). */
export function targetTypeOf(path: string): string {
  if (path.startsWith('syncManager.objects.')) return 'sync.object';
  if (path.startsWith('syncManager.groups.')) return 'sync.group';
  return path.split('.').slice(0, -1).join('.') || path;
}

/** The target id a procedure's input names, if it names one. */
export function targetIdOf(input: unknown): string | number | null {
  if (input === null || typeof input !== 'object') return null;
  const id = (input as { id?: unknown }).id;
  if (typeof id === 'number' && Number.isSafeInteger(id)) return id;
  if (typeof id === 'string' && id.length <= 64) return id;
  return null;
}

/** The procedure paths of a /trpc URL ("/trpc/a.b,c.d?batch=1" → ["a.b", "c.d"]). */
export function proceduresOfUrl(url: string): string[] {
  const path = url.split('?', 1)[0] ?? '';
  if (!path.startsWith('/trpc/')) return [];
  return decodeURIComponent(path.slice('/trpc/'.length))
    .split(',')
    .filter((name) => /^[A-Za-z0-9.-]{1,100}$/.test(name))
    .slice(0, 20);
}

/**
 * Records a refusal within the audit log's budget; never throws (the refusal itself stands either
 * way). The first refusal a minute's budget drops is logged; the count follows as a summary record.
 */
export async function recordRefusal(
  audit: AuditLog | null | undefined,
  log: FastifyBaseLogger,
  entry: Omit<AuditEntry, 'outcome'>,
): Promise<void> {
  if (!audit) return;
  try {
    const result = await audit.refused(entry);
    if (result === 'first-dropped') log.warn({ action: entry.action }, 'refusal budget spent; counting only');
  } catch (error) {
    log.error({ err: error, audit: entry }, 'refusal not recorded');
  }
}

/** The reason a tRPC error on an administrative procedure is a refusal to record, if it is one. */
export function refusalReasonOf(error: { code: string; cause?: unknown }): RefusalReason | null {
  // No sign-in and the policy are recorded by the policy middleware, with the input's target.
  // The game API's own 400 is a failed write, recorded by its audited() call already.
  if (error.code === 'BAD_REQUEST' && !(error.cause instanceof GameApiError)) return 'invalid-input';
  if (error.code === 'PARSE_ERROR') return 'invalid-input';
  return null;
}

/** For the tRPC adapter's onError: records refusals the procedures do not see themselves. */
export function recordProcedureError(
  audit: AuditLog,
  log: FastifyBaseLogger,
  call: {
    error: { code: string; cause?: unknown };
    path: string | undefined;
    input: unknown;
    principal: Principal | null;
    requestId: string;
    clientIp: string | null;
  },
): void {
  const reason = call.path !== undefined ? refusalReasonOf(call.error) : null;
  if (!reason || call.path === undefined || !isAdminProcedure(call.path)) return;
  const { principal } = call;
  void recordRefusal(audit, log, {
    actor: principal
      ? { id: principal.userId, name: principal.username, displayName: principal.displayName }
      : null,
    callKind: principal ? callKindOf(principal) : null,
    clientId: principal?.clientId ?? null,
    action: call.path,
    target: { type: targetTypeOf(call.path), id: targetIdOf(call.input) },
    detail: reason,
    requestId: call.requestId,
    clientIp: call.clientIp,
  });
}
