/** What the undo's button, its questions and the Audit-Log page share (decision 063). */
import type { WriteConflict } from '@nova/contracts';

/** What the step-up keeps for the way back: the record whose undo was asked for. */
export const UNDO_STEP_UP_SCOPE = 'audit-undo';

export function isUndoDraft(state: unknown): state is { recordId: string } {
  return (
    typeof state === 'object' &&
    state !== null &&
    typeof (state as { recordId?: unknown }).recordId === 'string'
  );
}

/** The original change's kind: its undo deletes (create), writes back (update) or re-creates (remove). */
export type UndoneKind = 'create' | 'update' | 'remove';

/** Which question is open. */
export type UndoPhase =
  | { kind: 'idle' }
  | { kind: 'confirm'; resumed?: true }
  | { kind: 'step-up' }
  | { kind: 'conflict'; conflict: WriteConflict<unknown> }
  | { kind: 'error'; text: string };

/** The record an undo is about, as the button and its questions both take it. */
export interface UndoSubject {
  recordId: string;
  /** The row's sentence, for the button's accessible name and the question. */
  sentence: string;
  /** What the original change did (a create's undo deletes, a delete's re-creates). */
  kind: UndoneKind;
  /** The target's name and number as the record gives them. */
  targetName: string | null;
  targetId: string | null;
  onDone: (text: string) => void;
  /**
   * Where the step-up's sign-in returns to, with the question open there, when not this page (an
   * editor's Verlauf sends it to the record in the audit log).
   */
  stepUpReturnTo?: string | undefined;
}
