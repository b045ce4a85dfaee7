/**
 * The write spine's wire contract (architecture §8.6 "No silent overwrite"), shared by the BFF's
 * procedures and the SPA's one write-dialog hook: what a create, an update and a remove carry, and
 * what the BFF answers when the row changed meanwhile or the game API's answer never came.
 */
import { z } from 'zod';

/** A create names itself: a repeated key within 24 hours returns the first result (decision 066). */
export const IdempotencyKey = z.uuid({ error: 'Ungültiger Schlüssel' });

/**
 * Create: the form's values and the dialog's key (integrators' scripts may leave it out; the SPA
 * always sends one).
 */
export function createInputOf<V extends z.ZodType>(values: V) {
  return z.strictObject({ values, idempotencyKey: IdempotencyKey.optional() });
}

/**
 * Update: the row as it was loaded (`expected`) travels with the change; the BFF compares it with
 * the current row and refuses with CONFLICT when they differ, unless `force` (an explicit, audited
 * overwrite).
 */
export function updateInputOf<I extends z.ZodType, V extends z.ZodType, R extends z.ZodType>(
  id: I,
  values: V,
  row: R,
) {
  return z.strictObject({ id, values, expected: row, force: z.literal(true).optional() });
}

/** Remove: refused with CONFLICT when the row changed since it was shown, unless `force`. */
export function removeInputOf<I extends z.ZodType, R extends z.ZodType>(id: I, row: R) {
  return z.strictObject({ id, expected: row, force: z.literal(true).optional() });
}

/** `data.reason` of a CONFLICT (409): the row differs from `expected`, or it is gone. */
export const CONFLICT_REASONS = ['changed', 'deleted'] as const;
export type ConflictReason = (typeof CONFLICT_REASONS)[number];

/**
 * `data.conflict` of a CONFLICT (409): the row as it is now (null when it was deleted) and who last
 * changed it according to the audit log (null when the log knows nobody).
 */
export interface WriteConflict<Row = Record<string, unknown>> {
  reason: ConflictReason;
  current: Row | null;
  changedBy: { name: string | null; at: string } | null;
}

/**
 * `data.reason` of a GATEWAY_TIMEOUT (504): the game API's answer never came; the BFF read the
 * target back and found the change applied, not applied, or could not tell.
 */
export const OUTCOME_REASONS = ['outcome-applied', 'outcome-not-applied', 'outcome-unknown'] as const;
export type OutcomeReason = (typeof OUTCOME_REASONS)[number];

/** `data.reason` of a CONFLICT when the same idempotency key is still being worked on. */
export const IN_PROGRESS_REASON = 'in-progress';
