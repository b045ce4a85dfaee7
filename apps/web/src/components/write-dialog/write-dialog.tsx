/**
 * The dialog's half of the one write-dialog hook (decision 045; the screen's half is
 * lib/write-dialog.ts): every editor (catalogues, sync objects, sync groups) gives its fields and
 * its calls; saving, deleting with its confirmation, field errors, a lost session, the step-up with
 * its explanation, a conflict (decision 046) and an answer that never came are handled here, once.
 */
import { useMutation } from '@tanstack/react-query';
import { useRef, useState, type ReactNode, type SyntheticEvent } from 'react';
import { useForm, type DefaultValues, type FieldValues, type UseFormReturn } from 'react-hook-form';
import type { WriteConflict } from '@nova/contracts';
import { applyFieldErrors, useSessionLoss } from '../../lib/mutation';
import { beginStepUp } from '../../lib/step-up';
import {
  newIdempotencyKey,
  type OpenWriteDialog,
  type WriteCalls,
  type WriteDialogState,
  type WriteDraft,
  type WriteIntent,
} from '../../lib/write-dialog';
import { Alert } from '../ui/alert';
import { AlertDialog } from '../ui/alert-dialog';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { MessageRegion, useTimedMessage } from '../ui/timed-message';
import { StepUpQuestion } from './step-up-question';
import {
  IN_PROGRESS_TEXT,
  OUTCOME_TEXTS,
  changedByText,
  differingFields,
  mergeValues,
  readFailure,
  type WriteOp,
} from './answers';

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

export interface WriteEditor<Row extends { id: number }, V extends FieldValues> {
  texts: WriteTexts<Row>;
  /** The form's fields: server field errors go under them, a conflict lists them by label. */
  fields: readonly { name: string; label: string }[];
  /** The form's values for a row (null: a new one). */
  valuesOf: (row: Row | null) => V;
  /** What the BFF gets as `values`. */
  payloadOf: (values: V, row: Row | null) => unknown;
  /** A field's value as the conflict shows it (default: the text, "–" when empty). */
  show?: (field: string, values: V) => string;
  canRemove: boolean;
  calls: WriteCalls<Row>;
  /** Reloads what a write may have changed. */
  invalidate: () => Promise<unknown>;
}

type Phase<Row> =
  | { kind: 'edit' }
  | { kind: 'confirm-remove'; resumed: boolean }
  | { kind: 'step-up' }
  | { kind: 'conflict'; op: WriteOp; conflict: WriteConflict<Row> };

interface Notice {
  tone: 'info' | 'error';
  text: string;
  reload?: boolean;
}

export function WriteDialog<Row extends { id: number }, V extends FieldValues>({
  dialog,
  editor,
  onDone,
  children,
  removeNote,
  unavailable,
}: {
  dialog: WriteDialogState<Row, V>;
  editor: WriteEditor<Row, V>;
  /** A write succeeded: the screen's success message. */
  onDone: (text: string) => void;
  /** The editor's fields. */
  children: (form: UseFormReturn<V>, row: Row | null) => ReactNode;
  /** Said with the delete question (what else the delete changes). */
  removeNote?: (row: Row) => ReactNode;
  /** Shown instead of the form when what it needs could not be loaded. */
  unavailable?: ReactNode;
}) {
  const { open } = dialog;
  return (
    <Dialog
      open={open !== null}
      onClose={dialog.close}
      title={open?.row ? editor.texts.editTitle : editor.texts.createTitle}
      returnFocus={dialog.returnFocus}
    >
      {open &&
        (unavailable ?? (
          <WriteForm
            key={open.serial}
            open={open}
            dialog={dialog}
            editor={editor}
            onDone={onDone}
            removeNote={removeNote}
          >
            {children}
          </WriteForm>
        ))}
    </Dialog>
  );
}

function WriteForm<Row extends { id: number }, V extends FieldValues>({
  open,
  dialog,
  editor,
  onDone,
  children,
  removeNote,
}: {
  open: OpenWriteDialog<Row, V>;
  dialog: WriteDialogState<Row, V>;
  editor: WriteEditor<Row, V>;
  onDone: (text: string) => void;
  children: (form: UseFormReturn<V>, row: Row | null) => ReactNode;
  removeNote: ((row: Row) => ReactNode) | undefined;
}) {
  const { texts, calls } = editor;
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
  const inFlight = useRef(false);
  const submitButton = useRef<HTMLButtonElement>(null);
  const removeButton = useRef<HTMLButtonElement>(null);
  const fieldNames = editor.fields.map((field) => field.name);

  const draft = (intent: WriteIntent): WriteDraft<Row, V> => ({
    row: base,
    values: form.getValues(),
    intent,
    idempotencyKey: key,
  });

  /** Closes the dialog and reloads the list; `text`: the success message, if there is one. */
  const finish = (text?: string) => {
    void editor.invalidate();
    dialog.close();
    if (text) onDone(text);
  };

  const fail = (error: unknown, op: WriteOp) => {
    if (sessionLost(error, { scope: dialog.scope, state: draft(op) })) return;
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
          finish(OUTCOME_TEXTS[op][answer.outcome]);
          return;
        }
        // Not applied: a new create may go ahead under a new key. Unclear: a retry keeps the key,
        // so the BFF answers it with the first result if that one did arrive.
        if (answer.outcome === 'outcome-not-applied') setKey(newIdempotencyKey());
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
    const text = op === 'remove' ? texts.removeFailed : base ? texts.updateFailed : texts.createFailed;
    if (op === 'remove') setPhase({ kind: 'edit' });
    const rest = applyFieldErrors(error, fieldNames, form.setError);
    const detail = rest?.length ? rest.join(' ') : '';
    failure.show({
      tone: 'error',
      text: detail ? `${text}${text.endsWith('.') ? ' ' : ': '}${detail}` : text,
    });
  };

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
  const run = async (op: WriteOp, write: () => Promise<unknown>, done: string) => {
    if (inFlight.current) return;
    inFlight.current = true;
    failure.clear();
    setNotice(null);
    try {
      await write();
      finish(done);
    } catch (error) {
      fail(error, op);
    } finally {
      inFlight.current = false;
    }
  };

  const send = (values: V, expected: Row | null, force = false) => {
    form.clearErrors();
    return run(
      'save',
      () => save.mutateAsync({ values, expected, force }),
      expected ? texts.updated : texts.created,
    );
  };
  const removeRow = (expected: Row, force = false) =>
    run('remove', () => remove.mutateAsync({ expected, force }), texts.removed);

  const submit = (event: SyntheticEvent<HTMLFormElement>) =>
    void form.handleSubmit((values) => send(values, base))(event);

  /** "Neu laden": the saved row with my edits where they do not clash. */
  const reload = (current: Row) => {
    const merged = mergeValues(editor.valuesOf(base), editor.valuesOf(current), form.getValues(), fieldNames);
    setBase(current);
    form.reset(merged.values);
    setPhase({ kind: 'edit' });
    const label = (names: string[]) =>
      names.map((name) => editor.fields.find((field) => field.name === name)?.label ?? name).join(', ');
    setNotice({
      tone: 'info',
      text: [
        'Der aktuelle Stand ist geladen.',
        merged.kept.length > 0 ? `Deine Änderungen an ${label(merged.kept)} sind erhalten.` : '',
        merged.replaced.length > 0 ? `Bei ${label(merged.replaced)} gilt jetzt der gespeicherte Wert.` : '',
      ]
        .filter(Boolean)
        .join(' '),
    });
  };

  const row = base;
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {children(form, row)}
      {notice && (
        <Alert
          tone={notice.tone}
          action={
            notice.reload ? (
              <Button variant="secondary" onClick={() => finish()}>
                Neu laden
              </Button>
            ) : undefined
          }
        >
          {notice.text}
        </Alert>
      )}
      <MessageRegion message={failure.message} />
      {row && (phase.kind === 'confirm-remove' || phase.kind === 'step-up') ? (
        <div
          role="group"
          aria-label="Löschen bestätigen"
          className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
        >
          {phase.kind === 'confirm-remove' && phase.resumed && (
            <p className="mb-2 font-semibold">Du hast dich erneut angemeldet. Bestätige jetzt das Löschen.</p>
          )}
          <p className="mb-3">{texts.removeQuestion(row)} Das kann nicht rückgängig gemacht werden.</p>
          {removeNote?.(row)}
          <div className="flex flex-wrap gap-2">
            <Button variant="danger" disabled={busy} onClick={() => void removeRow(row)}>
              Endgültig löschen
            </Button>
            <Button
              variant="secondary"
              disabled={busy}
              onClick={() => {
                setPhase({ kind: 'edit' });
                requestAnimationFrame(() => removeButton.current?.focus());
              }}
            >
              Abbrechen
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap justify-end gap-2">
          {row && editor.canRemove && (
            <Button
              ref={removeButton}
              variant="danger"
              className="mr-auto"
              disabled={busy}
              onClick={() => setPhase({ kind: 'confirm-remove', resumed: false })}
            >
              Löschen
            </Button>
          )}
          <Button ref={submitButton} type="submit" disabled={busy}>
            {row ? 'Speichern' : texts.createSubmit}
          </Button>
        </div>
      )}
      <StepUpQuestion
        open={phase.kind === 'step-up'}
        onContinue={() => beginStepUp(dialog.scope, draft('remove'))}
        onCancel={() => setPhase({ kind: 'edit' })}
        returnFocus={() => removeButton.current?.focus()}
      />
      {phase.kind === 'conflict' && (
        <ConflictQuestion
          phase={phase}
          editor={editor}
          base={base}
          mine={form.getValues()}
          onReload={reload}
          onForce={(current) => {
            setBase(current);
            setPhase({ kind: 'edit' });
            if (phase.op === 'remove') void removeRow(current, true);
            else void send(form.getValues(), current, true);
          }}
          onClose={() => finish()}
          returnFocus={() => (phase.op === 'remove' ? removeButton : submitButton).current?.focus()}
        />
      )}
    </form>
  );
}

function ConflictQuestion<Row extends { id: number }, V extends FieldValues>({
  phase,
  editor,
  base,
  mine,
  onReload,
  onForce,
  onClose,
  returnFocus,
}: {
  phase: Extract<Phase<Row>, { kind: 'conflict' }>;
  editor: WriteEditor<Row, V>;
  base: Row | null;
  mine: V;
  onReload: (current: Row) => void;
  onForce: (current: Row) => void;
  onClose: () => void;
  returnFocus: () => void;
}) {
  const { conflict, op } = phase;
  const current = conflict.current;
  if (!current) {
    return (
      <AlertDialog open title="Eintrag wurde inzwischen gelöscht" cancel="Schließen" onCancel={onClose}>
        <p>{changedByText(conflict, 'gelöscht')}</p>
        <p>
          {op === 'remove'
            ? 'Er muss nicht mehr gelöscht werden.'
            : 'Deine Änderung kann nicht mehr gespeichert werden.'}
        </p>
      </AlertDialog>
    );
  }
  const show = editor.show ?? defaultShow;
  const before = editor.valuesOf(base);
  const now = editor.valuesOf(current);
  const changed = differingFields(
    before,
    now,
    editor.fields.map((field) => field.name),
  );
  return (
    <AlertDialog
      open
      title="Eintrag wurde inzwischen geändert"
      cancel="Neu laden"
      onCancel={() => onReload(current)}
      returnFocus={returnFocus}
      actions={
        <Button variant="danger" onClick={() => onForce(current)}>
          {op === 'remove' ? 'Trotzdem löschen' : 'Trotzdem speichern'}
        </Button>
      }
    >
      <p>{changedByText(conflict, 'geändert')} Das war, nachdem du ihn geöffnet hast.</p>
      {changed.length > 0 ? (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Was sich geändert hat</caption>
            <thead>
              <tr>
                <th scope="col" className="py-1 pr-3">
                  Feld
                </th>
                <th scope="col" className="py-1 pr-3">
                  Beim Öffnen
                </th>
                <th scope="col" className="py-1 pr-3">
                  Jetzt gespeichert
                </th>
                {op === 'save' && (
                  <th scope="col" className="py-1">
                    Deine Eingabe
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {changed.map((name) => (
                <tr key={name} className="border-t border-slate-200 dark:border-slate-700">
                  <th scope="row" className="py-1 pr-3 font-medium">
                    {editor.fields.find((field) => field.name === name)?.label ?? name}
                  </th>
                  <td className="py-1 pr-3">{show(name, before)}</td>
                  <td className="py-1 pr-3">{show(name, now)}</td>
                  {op === 'save' && <td className="py-1">{show(name, mine)}</td>}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p>Die Felder dieses Formulars sind unverändert.</p>
      )}
      <p>
        „Neu laden“ übernimmt den gespeicherten Stand und behält deine Eingaben, wo sie nichts Gespeichertes
        überschreiben.{' '}
        {op === 'remove'
          ? '„Trotzdem löschen“ löscht den Eintrag mit dem neuen Stand.'
          : '„Trotzdem speichern“ überschreibt den gespeicherten Stand mit deiner Eingabe.'}
      </p>
    </AlertDialog>
  );
}

function defaultShow(field: string, values: Record<string, unknown>): string {
  const value = values[field];
  if (value === undefined || value === null || value === '') return '–';
  if (Array.isArray(value)) return value.length === 0 ? '–' : value.join(', ');
  return typeof value === 'string' ? value : JSON.stringify(value);
}
