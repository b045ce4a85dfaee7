/**
 * The write dialog's form state and its writes (decision 045): the values, the row as it was loaded,
 * the idempotency key, the phase and the notice; saving and deleting one at a time, and every answer
 * a write can get (a lost session, the step-up, a conflict of decision 046, an unknown outcome,
 * field errors). WriteForm (write-dialog.tsx) renders what this returns.
 */
import { useMutation } from '@tanstack/react-query';
import { useRef, useState, type SyntheticEvent } from 'react';
import { useForm, type DefaultValues, type FieldValues, type UseFormReturn } from 'react-hook-form';
import type { WriteConflict } from '@nova/contracts';
import { applyFieldErrors, useSessionLoss } from '../../lib/mutation';
import {
  newIdempotencyKey,
  type OpenWriteDialog,
  type WriteDialogState,
  type WriteDraft,
  type WriteIntent,
} from '../../lib/write-dialog';
import { useTimedMessage } from '../ui/timed-message';
import {
  IN_PROGRESS_TEXT,
  NO_CHANGE_TEXT,
  OUTCOME_TEXTS,
  mergeValues,
  readFailure,
  samePayload,
  type WriteOp,
} from './answers';
import type { WriteEditor } from './editor';

export type Phase<Row> =
  | { kind: 'edit' }
  | { kind: 'confirm-remove'; resumed: boolean }
  | { kind: 'step-up' }
  | { kind: 'conflict'; op: WriteOp; conflict: WriteConflict<Row> };

export interface Notice {
  tone: 'info' | 'error';
  text: string;
  reload?: boolean;
}

/** What the writes and the failure handling below share of the form's state. */
interface FormState<Row extends { id: number }, V extends FieldValues, P> {
  editor: WriteEditor<Row, V, P>;
  dialog: WriteDialogState<Row, V>;
  form: UseFormReturn<V>;
  base: Row | null;
  key: string;
  setKey: (key: string) => void;
  setPhase: (phase: Phase<Row>) => void;
  setNotice: (notice: Notice | null) => void;
  failure: ReturnType<typeof useTimedMessage>;
  sessionLost: ReturnType<typeof useSessionLoss>;
  fieldNames: string[];
  draft: (intent: WriteIntent) => WriteDraft<Row, V>;
  finish: (text?: string, createdId?: number) => void;
}

export function useWriteForm<Row extends { id: number }, V extends FieldValues, P>({
  open,
  dialog,
  editor,
  onDone,
}: {
  open: OpenWriteDialog<Row, V>;
  dialog: WriteDialogState<Row, V>;
  editor: WriteEditor<Row, V, P>;
  onDone: (text: string, createdId?: number) => void;
}) {
  const form = useForm<V>({
    defaultValues: (open.restored?.values ?? editor.valuesOf(open.row)) as DefaultValues<V>,
  });
  // The row as it was loaded: what an update or delete expects to find (replaced by "Neu laden").
  const [base, setBase] = useState<Row | null>(open.row);
  const [key, setKey] = useState(open.idempotencyKey);
  const [phase, setPhase] = useState<Phase<Row>>(
    open.restored?.intent === 'remove' ? { kind: 'confirm-remove', resumed: true } : { kind: 'edit' },
  );
  const [notice, setNotice] = useState<Notice | null>(null);
  const failure = useTimedMessage();
  const sessionLost = useSessionLoss();
  const fieldNames = editor.fields.map((field) => field.name);

  const draft = (intent: WriteIntent): WriteDraft<Row, V> => ({
    row: base,
    values: form.getValues(),
    intent,
    idempotencyKey: key,
  });

  /**
   * Closes the dialog and reloads the list; `text`: the success message, if there is one;
   * `createdId`: the id of a row just created (the table shows it where it lands).
   */
  const finish = (text?: string, createdId?: number) => {
    void editor.invalidate();
    dialog.close();
    if (text) onDone(text, createdId);
  };

  const state = { editor, dialog, form, base, key, setKey, setPhase, setNotice, failure, sessionLost };
  const { send, removeRow, busy } = useWrites({ ...state, fieldNames, draft, finish });

  const submit = (event: SyntheticEvent<HTMLFormElement>) =>
    void form.handleSubmit((values) => send(values, base))(event);

  /** "Neu laden": the saved row with my edits where they do not clash. */
  const reload = (current: Row) => {
    const merged = mergeValues(editor.valuesOf(base), editor.valuesOf(current), form.getValues(), fieldNames);
    setBase(current);
    form.reset(merged.values);
    setPhase({ kind: 'edit' });
    setNotice({ tone: 'info', text: reloadedText(editor.fields, merged) });
  };

  return {
    form,
    base,
    setBase,
    phase,
    setPhase,
    notice,
    failure,
    busy,
    draft,
    finish,
    send,
    removeRow,
    submit,
    reload,
  };
}

/** Saving and deleting. */
function useWrites<Row extends { id: number }, V extends FieldValues, P>(state: FormState<Row, V, P>) {
  const { editor, form, failure, setNotice, finish, key } = state;
  const { texts, calls } = editor;
  const inFlight = useRef(false);

  const save = useMutation({
    mutationFn: async ({ values, expected, force }: { values: V; expected: Row | null; force: boolean }) => {
      const payload = editor.payloadOf(values, expected);
      if (!expected) return calls.create({ values: payload, idempotencyKey: key });
      return calls.update({ id: expected.id, values: payload, expected, ...(force ? { force: true } : {}) });
    },
  });
  const remove = useMutation({
    mutationFn: ({ expected, force }: { expected: Row; force: boolean }) =>
      calls.remove({ id: expected.id, expected, ...(force ? { force: true } : {}) }),
  });
  const busy = save.isPending || remove.isPending;

  /** One write at a time: a double click sends once (and a retry the same idempotency key). */
  const run = async (op: WriteOp, write: () => Promise<unknown>, done: string, creates = false) => {
    if (inFlight.current) return;
    inFlight.current = true;
    failure.clear();
    setNotice(null);
    try {
      const answer = await write();
      finish(done, creates ? idOf(answer) : undefined);
    } catch (error) {
      fail(state, error, op);
    } finally {
      inFlight.current = false;
    }
  };

  const send = (values: V, expected: Row | null, force = false) => {
    form.clearErrors();
    // Saving what is stored already changes nothing: the game API is not called, nothing is recorded.
    if (
      expected &&
      samePayload(editor.payloadOf(values, expected), editor.payloadOf(editor.valuesOf(expected), expected))
    ) {
      failure.clear();
      setNotice({ tone: 'info', text: NO_CHANGE_TEXT });
      return Promise.resolve();
    }
    return run(
      'save',
      () => save.mutateAsync({ values, expected, force }),
      expected ? texts.updated : texts.created,
      !expected,
    );
  };
  const removeRow = (expected: Row, force = false) =>
    run('remove', () => remove.mutateAsync({ expected, force }), texts.removed);

  return { send, removeRow, busy };
}

/** The id of the row a create answered with, if it answered with one. */
function idOf(answer: unknown): number | undefined {
  const id = typeof answer === 'object' && answer !== null ? (answer as { id?: unknown }).id : undefined;
  return typeof id === 'number' ? id : undefined;
}

/** A failed write: what the BFF's answer means for the dialog. */
function fail<Row extends { id: number }, V extends FieldValues, P>(
  state: FormState<Row, V, P>,
  error: unknown,
  op: WriteOp,
) {
  const { editor, setPhase, setNotice } = state;
  if (state.sessionLost(error, { scope: state.dialog.scope, state: state.draft(op) })) return;
  const answer = readFailure<Row>(error);
  switch (answer.kind) {
    case 'step-up':
      setPhase({ kind: 'step-up' });
      return;
    case 'conflict':
      setPhase({ kind: 'conflict', op, conflict: answer.conflict });
      void editor.invalidate();
      return;
    case 'in-progress':
      setNotice({ tone: 'info', text: IN_PROGRESS_TEXT, reload: true });
      return;
    case 'outcome':
      void editor.invalidate();
      if (answer.outcome === 'outcome-applied') {
        state.finish(OUTCOME_TEXTS[op][answer.outcome]);
        return;
      }
      // Not applied: a new create may go ahead under a new key. Unclear: a retry keeps the key,
      // so the BFF answers it with the first result if that one did arrive.
      if (answer.outcome === 'outcome-not-applied') state.setKey(newIdempotencyKey());
      setPhase({ kind: 'edit' });
      setNotice({
        tone: 'error',
        text: OUTCOME_TEXTS[op][answer.outcome],
        reload: answer.outcome === 'outcome-unknown',
      });
      return;
    default:
      break;
  }
  const { texts } = editor;
  const text = op === 'remove' ? texts.removeFailed : state.base ? texts.updateFailed : texts.createFailed;
  if (op === 'remove') setPhase({ kind: 'edit' });
  const rest = applyFieldErrors(error, state.fieldNames, state.form.setError);
  const detail = rest?.length ? rest.join(' ') : '';
  state.failure.show({
    tone: 'error',
    text: detail ? `${text}${text.endsWith('.') ? ' ' : ': '}${detail}` : text,
  });
}

/** What "Neu laden" says: which of my edits stay, and where the saved value now holds. */
function reloadedText(
  fields: readonly { name: string; label: string }[],
  merged: { kept: string[]; replaced: string[] },
): string {
  const label = (names: string[]) =>
    names.map((name) => fields.find((field) => field.name === name)?.label ?? name).join(', ');
  return [
    'Der aktuelle Stand ist geladen.',
    merged.kept.length > 0 ? `Deine Änderungen an ${label(merged.kept)} sind erhalten.` : '',
    merged.replaced.length > 0 ? `Bei ${label(merged.replaced)} gilt jetzt der gespeicherte Wert.` : '',
  ]
    .filter(Boolean)
    .join(' ');
}
