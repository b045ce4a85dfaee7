/**
 * The dialog's half of the one write-dialog hook (decision 045; the screen's half is
 * lib/write-dialog.ts): every editor (catalogues, sync objects, sync groups) gives its fields and
 * its calls; saving, deleting with its confirmation, field errors, a lost session, the step-up with
 * its explanation, a conflict (decision 046) and an answer that never came are handled here, once.
 */
import { useRef, type ReactNode, type RefObject } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { OpenWriteDialog, WriteDialogState } from '../../lib/write-dialog';
import { beginStepUp } from '../../lib/step-up';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { MessageRegion } from '../ui/timed-message';
import { ConflictQuestion } from './conflict-question';
import type { WriteEditor } from './editor';
import { StepUpQuestion } from './step-up-question';
import { useWriteForm, type Notice } from './use-write-form';

export function WriteDialog<Row extends { id: number }, V extends FieldValues, P>({
  dialog,
  editor,
  onDone,
  children,
  removeNote,
  unavailable,
}: {
  dialog: WriteDialogState<Row, V>;
  editor: WriteEditor<Row, V, P>;
  /** A write succeeded: the screen's success message. */
  onDone: (text: string, createdId?: number) => void;
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

function WriteForm<Row extends { id: number }, V extends FieldValues, P>({
  open,
  dialog,
  editor,
  onDone,
  children,
  removeNote,
}: {
  open: OpenWriteDialog<Row, V>;
  dialog: WriteDialogState<Row, V>;
  editor: WriteEditor<Row, V, P>;
  onDone: (text: string, createdId?: number) => void;
  children: (form: UseFormReturn<V>, row: Row | null) => ReactNode;
  removeNote: ((row: Row) => ReactNode) | undefined;
}) {
  const write = useWriteForm({ open, dialog, editor, onDone });
  const { form, base, phase, setPhase, busy, finish, removeRow } = write;
  const submitButton = useRef<HTMLButtonElement>(null);
  const removeButton = useRef<HTMLButtonElement>(null);

  const row = base;
  return (
    <form onSubmit={write.submit} noValidate className="space-y-4">
      {children(form, row)}
      {write.notice && <NoticeAlert notice={write.notice} onReload={() => finish()} />}
      <MessageRegion message={write.failure.message} />
      {row && (phase.kind === 'confirm-remove' || phase.kind === 'step-up') ? (
        <RemoveConfirmation
          resumed={phase.kind === 'confirm-remove' && phase.resumed}
          question={editor.texts.removeQuestion(row)}
          note={removeNote?.(row)}
          busy={busy}
          onRemove={() => void removeRow(row)}
          onCancel={() => {
            setPhase({ kind: 'edit' });
            requestAnimationFrame(() => removeButton.current?.focus());
          }}
        />
      ) : (
        <WriteButtons
          canRemove={row !== null && editor.canRemove}
          submitText={row ? 'Speichern' : editor.texts.createSubmit}
          busy={busy}
          onRemove={() => setPhase({ kind: 'confirm-remove', resumed: false })}
          removeButton={removeButton}
          submitButton={submitButton}
        />
      )}
      <StepUpQuestion
        open={phase.kind === 'step-up'}
        onContinue={() => beginStepUp(dialog.scope, write.draft('remove'))}
        onCancel={() => setPhase({ kind: 'edit' })}
        returnFocus={() => removeButton.current?.focus()}
      />
      {phase.kind === 'conflict' && (
        <ConflictQuestion
          phase={phase}
          editor={editor}
          base={base}
          mine={form.getValues()}
          onReload={write.reload}
          onForce={(current) => {
            write.setBase(current);
            setPhase({ kind: 'edit' });
            if (phase.op === 'remove') void removeRow(current, true);
            else void write.send(form.getValues(), current, true);
          }}
          onClose={() => finish()}
          returnFocus={() => (phase.op === 'remove' ? removeButton : submitButton).current?.focus()}
        />
      )}
    </form>
  );
}

function NoticeAlert({ notice, onReload }: { notice: Notice; onReload: () => void }) {
  return (
    <Alert
      tone={notice.tone}
      action={
        notice.reload ? (
          <Button variant="secondary" onClick={onReload}>
            Neu laden
          </Button>
        ) : undefined
      }
    >
      {notice.text}
    </Alert>
  );
}

/** The delete question in place of the buttons (also behind the step-up's explanation). */
function RemoveConfirmation({
  resumed,
  question,
  note,
  busy,
  onRemove,
  onCancel,
}: {
  /** Back from the sign-in a delete asked for. */
  resumed: boolean;
  question: string;
  note: ReactNode;
  busy: boolean;
  onRemove: () => void;
  onCancel: () => void;
}) {
  return (
    <div
      role="group"
      aria-label="Löschen bestätigen"
      className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
    >
      {resumed && (
        <p className="mb-2 font-semibold">Du hast dich erneut angemeldet. Bestätige jetzt das Löschen.</p>
      )}
      <p className="mb-3">{question} Das kann nicht rückgängig gemacht werden.</p>
      {note}
      <div className="flex flex-wrap gap-2">
        <Button variant="danger" disabled={busy} onClick={onRemove}>
          Endgültig löschen
        </Button>
        <Button variant="secondary" disabled={busy} onClick={onCancel}>
          Abbrechen
        </Button>
      </div>
    </div>
  );
}

function WriteButtons({
  canRemove,
  submitText,
  busy,
  onRemove,
  removeButton,
  submitButton,
}: {
  canRemove: boolean;
  submitText: string;
  busy: boolean;
  onRemove: () => void;
  removeButton: RefObject<HTMLButtonElement | null>;
  submitButton: RefObject<HTMLButtonElement | null>;
}) {
  return (
    <div className="flex flex-wrap justify-end gap-2">
      {canRemove && (
        <Button ref={removeButton} variant="danger" className="mr-auto" disabled={busy} onClick={onRemove}>
          Löschen
        </Button>
      )}
      <Button ref={submitButton} type="submit" disabled={busy}>
        {submitText}
      </Button>
    </div>
  );
}
