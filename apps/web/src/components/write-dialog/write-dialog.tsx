/**
 * The dialog's half of the one write-dialog hook (decision 045; the screen's half is
 * lib/write-dialog.ts): every editor (catalogues, sync objects, sync groups) gives its fields and
 * its calls; saving, deleting with its confirmation, field errors, a lost session, the step-up with
 * its explanation, a conflict (decision 046) and an answer that never came are handled here, once.
 */
import { auditHistoryAccess, decide } from '@nova/domain';
import { Tabs } from 'radix-ui';
import { Suspense, useContext, useEffect, useRef, type ReactNode, type RefObject } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { OpenWriteDialog, WriteDialogState } from '../../lib/write-dialog';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { beginStepUp } from '../../lib/step-up';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { Loading } from '../ui/loading';
import { MessageRegion } from '../ui/timed-message';
import { ConflictQuestion } from './conflict-question';
import type { WriteEditor } from './editor';
import { EditorHistory } from './history-slot';
import { PresenceNotice } from './presence-notice';
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
  const slot = useContext(EditorHistory);
  const session = useSession();
  const utils = trpc.useUtils();
  const me = session.status === 'ready' && session.me.signedIn ? session.me : null;
  // Deny by default: the tab only for those the policy lets read this kind of row's records.
  const history =
    slot && editor.auditTarget && decide(auditHistoryAccess(editor.auditTarget), me) === 'allow'
      ? { History: slot.View, targetType: editor.auditTarget }
      : null;
  const rowId = open?.row?.id ?? null;
  const showsHistory = history !== null && rowId !== null;
  // The Verlauf's code loads while the editor is open; its data when the tab is pointed at or focused.
  useEffect(() => {
    if (showsHistory) slot?.preload();
  }, [showsHistory, slot]);
  const prefetchHistory = () => {
    if (history && rowId !== null)
      void utils.audit.history.prefetch({ targetType: history.targetType, targetId: String(rowId) });
  };
  const form = open && (
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
  );
  return (
    <Dialog
      open={open !== null}
      onClose={dialog.close}
      title={open?.row ? editor.texts.editTitle : editor.texts.createTitle}
      returnFocus={dialog.returnFocus}
    >
      {open &&
        (unavailable ??
          (history && open.row ? (
            <Tabs.Root defaultValue="edit">
              <Tabs.List
                aria-label="Eintrag"
                className="mb-4 flex gap-2 border-b border-slate-200 dark:border-slate-700"
              >
                <Tabs.Trigger value="edit" className={TAB}>
                  Bearbeiten
                </Tabs.Trigger>
                <Tabs.Trigger
                  value="history"
                  className={TAB}
                  onPointerEnter={prefetchHistory}
                  onFocus={prefetchHistory}
                >
                  Verlauf
                </Tabs.Trigger>
              </Tabs.List>
              {/* Kept while the Verlauf is shown: what was typed stays. */}
              <Tabs.Content value="edit" forceMount className="data-[state=inactive]:hidden">
                {form}
              </Tabs.Content>
              <Tabs.Content value="history">
                <Suspense fallback={<Loading text="Verlauf wird geladen …" />}>
                  <history.History
                    targetType={history.targetType}
                    targetId={open.row.id}
                    onUndone={(text) => {
                      // The form's row is no longer current: the list reloads and the dialog closes
                      // once the undo's question has given the focus back.
                      void editor.invalidate();
                      requestAnimationFrame(() => {
                        dialog.close();
                        onDone(text);
                      });
                    }}
                  />
                </Suspense>
              </Tabs.Content>
            </Tabs.Root>
          ) : (
            form
          )))}
    </Dialog>
  );
}

const TAB =
  'rounded-t-lg border-b-2 border-transparent px-3 py-2 text-sm font-semibold text-slate-600 data-[state=active]:border-brand-600 data-[state=active]:text-brand-700 dark:text-slate-300 dark:data-[state=active]:text-brand-300';

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
      {row && editor.presence && <PresenceNotice kind={editor.presence} id={String(row.id)} />}
      {children(form, row)}
      {write.notice && <NoticeAlert notice={write.notice} onReload={() => finish()} />}
      <MessageRegion message={write.failure.message} />
      {row && (phase.kind === 'confirm-remove' || phase.kind === 'step-up') ? (
        <RemoveConfirmation
          resumed={phase.kind === 'confirm-remove' && phase.resumed}
          question={editor.texts.removeQuestion(row)}
          undoable={editor.auditTarget !== undefined}
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
/**
 * What an undo of the delete can and cannot give back (decision 105): the audit log re-creates the
 * row with its fields, under a new number.
 */
const UNDO_OF_REMOVE =
  'Ein Admin kann das Löschen im Audit-Log rückgängig machen: dann wird der Eintrag mit denselben Angaben neu angelegt, aber unter einer neuen Nummer – was auf die alte Nummer verweist, findet ihn nicht wieder.';

function RemoveConfirmation({
  resumed,
  question,
  undoable,
  note,
  busy,
  onRemove,
  onCancel,
}: {
  /** Back from the sign-in a delete asked for. */
  resumed: boolean;
  question: string;
  /** The audit log can take the delete back. */
  undoable: boolean;
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
      <p className="mb-3">
        {question} {undoable ? UNDO_OF_REMOVE : 'Das kann nicht rückgängig gemacht werden.'}
      </p>
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
