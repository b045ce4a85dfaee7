/**
 * The errors every layer of the BFF throws (architecture §2: the bottom of the BFF, imports nothing
 * of the BFF): a TRPCError with a reason the SPA acts on, and a field error beside the schema's.
 */
import type { ConflictReason, IN_PROGRESS_REASON, OutcomeReason, WriteConflict } from '@nova/contracts';
import { ERROR_MESSAGES } from '@nova/domain';
import { TRPCError } from '@trpc/server';

/**
 * Inputs that carry a form nest it under this key (`{ id, values }`); field errors are reported
 * relative to it, so the form sees `{ name: … }` whichever side found the problem.
 */
export const FORM_VALUES_KEY = 'values';

/**
 * Machine-readable reasons the SPA acts on: a step-up before a destructive action, a machine client,
 * and the write spine's answers (@nova/contracts writes.ts: a conflict, an unknown outcome, a create
 * in progress).
 */
export type ErrorReason =
  | 'STEP_UP_REQUIRED'
  /** The cookie names a session the BFF no longer has: "Deine Sitzung ist abgelaufen …". */
  | 'SESSION_EXPIRED'
  | 'READ_ONLY'
  | 'MACHINE_CLIENT'
  | 'MISSING_SCOPE'
  | ConflictReason
  | OutcomeReason
  | typeof IN_PROGRESS_REASON;

/** A TRPCError that carries a reason for the SPA in `data.reason` (and a conflict in `data.conflict`). */
export class ReasonedError extends TRPCError {
  constructor(
    readonly reason: ErrorReason,
    options: ConstructorParameters<typeof TRPCError>[0],
    readonly conflict: WriteConflict<unknown> | null = null,
  ) {
    super(options);
  }
}

export function reasonOf(error: TRPCError): ErrorReason | null {
  return error instanceof ReasonedError ? error.reason : null;
}

export function conflictOf(error: TRPCError): WriteConflict<unknown> | null {
  return error instanceof ReasonedError ? error.conflict : null;
}

/** A machine client's token without the scope the procedure needs (decision 081): 403 naming it. */
export class MissingScopeError extends ReasonedError {
  constructor(readonly scope: string) {
    super('MISSING_SCOPE', {
      code: 'FORBIDDEN',
      message: `Diesem Zugang fehlt der Scope „${scope}“. Bitte gib dem Client diesen Scope im Anmeldedienst und fordere ihn beim Token an.`,
    });
  }
}

export function missingScopeOf(error: TRPCError): string | null {
  return error instanceof MissingScopeError ? error.scope : null;
}

/**
 * A field error found by the BFF beyond the input schema (a rule that needs the game API's data,
 * such as a duplicate): the same 400 with `data.fieldErrors` as a schema's issue.
 */
export function fieldError(field: string, message: string): TRPCError {
  return new TRPCError({
    code: 'BAD_REQUEST',
    message: ERROR_MESSAGES.BAD_REQUEST,
    cause: Object.assign(new Error(message), {
      issues: [{ path: [FORM_VALUES_KEY, ...field.split('.')], message }],
    }),
  });
}
