/**
 * What the BFF's answer to a write means for the dialog (the write spine's wire contract,
 * @nova/contracts writes.ts), and the "Neu laden" merge of a conflict: pure functions, so the rules
 * are tested without a screen.
 */
import type { ConflictReason, OutcomeReason, WriteConflict } from '@nova/contracts';
import { reasonOf } from '../../lib/mutation';
import { isStepUpRequired } from '../../lib/step-up';

export type WriteOp = 'save' | 'remove';

export type WriteFailure<Row> =
  | { kind: 'step-up' }
  | { kind: 'conflict'; conflict: WriteConflict<Row> }
  /** The same idempotency key is still being worked on (a double submit met its first). */
  | { kind: 'in-progress' }
  | { kind: 'outcome'; outcome: OutcomeReason }
  | { kind: 'other' };

const CONFLICT_REASONS: readonly string[] = ['changed', 'deleted'] satisfies ConflictReason[];
const OUTCOME_REASONS: readonly string[] = [
  'outcome-applied',
  'outcome-not-applied',
  'outcome-unknown',
] satisfies OutcomeReason[];

interface ErrorData {
  data?: { code?: unknown; conflict?: unknown } | null;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

function conflictOf<Row>(reason: ConflictReason, raw: unknown): WriteConflict<Row> {
  const current = isObject(raw) && isObject(raw.current) ? (raw.current as Row) : null;
  const by = isObject(raw) && isObject(raw.changedBy) ? raw.changedBy : null;
  const changedBy =
    by && typeof by.at === 'string'
      ? { name: typeof by.name === 'string' ? by.name : null, at: by.at }
      : null;
  // A "changed" answer without the row cannot be merged: it reads as gone, which offers to close.
  return { reason: current === null ? 'deleted' : reason, current, changedBy };
}

/** Classifies a failed write (a 401 is the session's, see useSessionLoss; field errors are the form's). */
export function readFailure<Row>(error: unknown): WriteFailure<Row> {
  if (isStepUpRequired(error)) return { kind: 'step-up' };
  const data = isObject(error) ? (error as ErrorData).data : null;
  const code = data?.code;
  const reason = reasonOf(error);
  if (code === 'CONFLICT' && reason !== null) {
    if (CONFLICT_REASONS.includes(reason))
      return { kind: 'conflict', conflict: conflictOf<Row>(reason as ConflictReason, data?.conflict) };
    if (reason === 'in-progress') return { kind: 'in-progress' };
  }
  if (code === 'GATEWAY_TIMEOUT' && reason !== null && OUTCOME_REASONS.includes(reason))
    return { kind: 'outcome', outcome: reason as OutcomeReason };
  return { kind: 'other' };
}

/** Equal values; lists (checked ids) regardless of their order. */
const same = (a: unknown, b: unknown) => JSON.stringify(sorted(a)) === JSON.stringify(sorted(b));
const sorted = (value: unknown) => (Array.isArray(value) ? value.map(String).sort() : value);

/** Fields whose value differs between two states of the form. */
export function differingFields<V extends Record<string, unknown>>(
  a: V,
  b: V,
  fields: readonly string[],
): string[] {
  return fields.filter((field) => !same(a[field], b[field]));
}

/**
 * "Neu laden": the saved row (`theirs`) with my edits where they do not clash. A field I changed
 * (mine ≠ base) that they left alone (theirs = base) keeps my value; everything else takes theirs.
 * `kept`: my edits that stay; `replaced`: fields both changed differently (theirs wins).
 */
export function mergeValues<V extends Record<string, unknown>>(
  base: V,
  theirs: V,
  mine: V,
  fields: readonly string[],
): { values: V; kept: string[]; replaced: string[] } {
  const values = { ...mine };
  const kept: string[] = [];
  const replaced: string[] = [];
  for (const field of fields) {
    const iChanged = !same(mine[field], base[field]);
    const theyChanged = !same(theirs[field], base[field]);
    if (iChanged && !theyChanged) {
      kept.push(field);
      continue;
    }
    if (iChanged && !same(mine[field], theirs[field])) replaced.push(field);
    (values as Record<string, unknown>)[field] = theirs[field];
  }
  return { values, kept, replaced };
}

const when = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeStyle: 'short' });

/** "Anna Admin hat diesen Eintrag am 25.11.2026, 10:12 geändert", or without a name/time. */
export function changedByText(conflict: WriteConflict<unknown>, verb: 'geändert' | 'gelöscht'): string {
  const by = conflict.changedBy;
  const at = by ? new Date(by.at) : null;
  const time = at && !Number.isNaN(at.getTime()) ? ` am ${when.format(at)}` : '';
  if (by?.name) return `${by.name} hat diesen Eintrag${time} ${verb}.`;
  return `Dieser Eintrag wurde${time} ${verb}.`;
}

/** What the admin reads when the game API's answer never came and the BFF read the target back. */
export const OUTCOME_TEXTS: Record<WriteOp, Record<OutcomeReason, string>> = {
  save: {
    'outcome-applied': 'Die Änderung wurde gespeichert.',
    'outcome-not-applied':
      'Der Spielserver hat nicht rechtzeitig geantwortet. Die Änderung wurde nicht gespeichert – bitte versuche es noch einmal.',
    'outcome-unknown':
      'Der Spielserver hat nicht rechtzeitig geantwortet. Ob die Änderung gespeichert wurde, ist unklar – bitte neu laden.',
  },
  remove: {
    'outcome-applied': 'Der Eintrag wurde gelöscht.',
    'outcome-not-applied':
      'Der Spielserver hat nicht rechtzeitig geantwortet. Der Eintrag wurde nicht gelöscht – bitte versuche es noch einmal.',
    'outcome-unknown':
      'Der Spielserver hat nicht rechtzeitig geantwortet. Ob der Eintrag gelöscht wurde, ist unklar – bitte neu laden.',
  },
};

export const IN_PROGRESS_TEXT =
  'Diese Änderung wird gerade noch gespeichert. Bitte warte einen Moment und lade dann neu.';

/** A save whose values are what is stored already: nothing is sent, nothing recorded (decision 088). */
export const NO_CHANGE_TEXT = 'Keine Änderung: Der Eintrag ist bereits so gespeichert.';

/** Whether two payloads say the same (their keys in any order). */
export function samePayload(a: unknown, b: unknown): boolean {
  const canonical = (value: unknown): unknown =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(
          Object.entries(value)
            .filter(([, item]) => item !== undefined)
            .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))
            .map(([key, item]) => [key, canonical(item)]),
        )
      : value;
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}
