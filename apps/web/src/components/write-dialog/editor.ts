/** What an editor gives the write dialog (write-dialog.tsx): its German texts, its fields and its calls. */
import type { PresenceKind } from '@nova/domain';
import type { FieldValues } from 'react-hook-form';
import type { WriteCalls } from '../../lib/write-dialog';

export interface WriteTexts<Row> {
  createTitle: string;
  editTitle: string;
  /** The create button's text ("Hinzufügen"; edits say "Speichern"). */
  createSubmit: string;
  created: string;
  updated: string;
  removed: string;
  createFailed: string;
  updateFailed: string;
  removeFailed: string;
  removeQuestion: (row: Row) => string;
}

export interface WriteEditor<Row extends { id: number }, V extends FieldValues, P = unknown> {
  texts: WriteTexts<Row>;
  /** The form's fields: server field errors go under them, a conflict lists them by label. */
  fields: readonly { name: string; label: string }[];
  /** The form's values for a row (null: a new one). */
  valuesOf: (row: Row | null) => V;
  /** What the BFF gets as `values`. */
  payloadOf: (values: V, row: Row | null) => P;
  /** A field's value as the conflict shows it (default: the text, "–" when empty). */
  show?: (field: string, values: V) => string;
  canRemove: boolean;
  calls: WriteCalls<Row, P>;
  /** Reloads what a write may have changed. */
  invalidate: () => Promise<unknown>;
  /**
   * The row's audit target type: its "Verlauf" tab (for those who may read it) and a delete that
   * the audit log can take back (decision 105).
   */
  auditTarget?: string;
  /** What the rows are, for "… bearbeitet diesen Eintrag gerade" (decision 106). */
  presence?: PresenceKind;
}
