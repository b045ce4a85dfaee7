/**
 * What the two tabs of the sync manager share around their dialogs: which dialog is open (chosen, or
 * left for a trip through the sign-in and opened again), and what a form does when a write fails
 * (field errors, a lost session, a delete that needs a fresh sign-in; decision 022).
 */
import { useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useTimedMessage } from '../../components/ui/timed-message';
import { applyFieldErrors, useSessionLoss } from '../../lib/mutation';
import { isStepUpRequired } from '../../lib/step-up';
import { beginSyncStepUp, sessionDraft, type ResumeIntent, type SyncResume } from './resume';

/** A dialog's form as it was left for the sign-in, and why. */
export interface Resumed<V> {
  values: V;
  intent: ResumeIntent;
}

export type Editing<Row, V> = { row: Row | null; resumed?: Resumed<V> } | null;

/**
 * The tab's open dialog: the one the admin chose, else the one left for the sign-in (once its row
 * is loaded; a new row at once). Choosing anything, closing included, forgets the left one.
 */
export function useSyncDialog<Row extends { id: number }, V>(
  rows: readonly Row[] | undefined,
  resume: ({ id: number | null } & Resumed<V>) | undefined,
  clearResume?: () => void,
) {
  const [chosen, setChosen] = useState<Editing<Row, V>>(null);
  const resumedRow = resume?.id == null ? undefined : rows?.find((row) => row.id === resume.id);
  const editing: Editing<Row, V> =
    chosen ??
    (resume && (resumedRow || resume.id === null)
      ? { row: resumedRow ?? null, resumed: { values: resume.values, intent: resume.intent } }
      : null);
  const setEditing = (next: Editing<Row, V>) => {
    clearResume?.();
    setChosen(next);
  };
  return [editing, setEditing] as const;
}

type Tab = SyncResume['tab'];
type ValuesOf<T extends Tab> = Extract<SyncResume, { tab: T }>['values'];

/**
 * A form's failure handling: field errors under the fields and the rest in its message region; a
 * lost session keeps what was typed (`intent: 'save'`); `removeWith` deletes and, refused for an old
 * sign-in, leaves for the re-authentication with the dialog saved (`intent: 'remove'`).
 */
export function useSyncFormActions<T extends Tab, F extends FieldValues & ValuesOf<T>>(
  tab: T,
  rowId: number | null,
  form: UseFormReturn<F>,
  fields: readonly string[],
) {
  const failure = useTimedMessage();
  const sessionLost = useSessionLoss();
  // The tab and the values belong together by the type parameters; TypeScript cannot narrow the
  // union from a generic tab, hence the one assertion.
  const resume = (id: number | null, intent: ResumeIntent) =>
    ({ tab, id, values: form.getValues(), intent }) as SyncResume;

  const fail = (error: unknown, text: string) => {
    if (sessionLost(error, sessionDraft(resume(rowId, 'save')))) return;
    const rest = applyFieldErrors(error, fields, form.setError);
    failure.show({ tone: 'error', text: rest?.length ? `${text} ${rest.join(' ')}` : text });
  };

  const removeWith = async (
    run: (id: number) => Promise<unknown>,
    texts: { deleted: string; failed: string },
    onDone: (text: string) => void,
  ) => {
    if (rowId === null) return;
    try {
      await run(rowId);
      onDone(texts.deleted);
    } catch (error) {
      if (isStepUpRequired(error)) {
        beginSyncStepUp(resume(rowId, 'remove'));
        return;
      }
      fail(error, texts.failed);
    }
  };

  return { failure, fail, removeWith };
}
