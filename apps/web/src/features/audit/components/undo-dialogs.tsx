/**
 * The questions of "Rückgängig machen" on an audit row (decision 063), a chunk of its own that loads
 * when the Audit-Log is idle or the button is pressed (decision 042; the button is `UndoAction`). It
 * asks first, then lets the BFF write the record's before-state back. Its answers are read as the
 * write dialog reads them (answers.ts): a conflict shows who changed the row since and offers to take
 * it back anyway, a missing recent sign-in explains the step-up before leaving for it, and back from
 * the sign-in the question is open again (`resumed`, from the draft the page restores).
 *
 * Honest about what it does (decision 105): the question says that a create's undo deletes the row,
 * that a delete's undo creates it again under a new number, and which other records of a change
 * set (a sync move) go with it in the same step or stay; the success names the new number.
 */
import type { WriteConflict } from '@nova/contracts';
import { auditSentence, auditSentenceText } from '@nova/domain';
import { useMutation } from '@tanstack/react-query';
import { useRef, type Dispatch, type RefObject, type SetStateAction } from 'react';
import { changedByText, readFailure } from '../../../components/write-dialog/answers';
import { StepUpQuestion } from '../../../components/write-dialog/step-up-question';
import { AlertDialog } from '../../../components/ui/alert-dialog';
import { Button } from '../../../components/ui/button';
import { beginStepUp } from '../../../lib/step-up';
import { trpc, type RouterOutputs } from '../../../lib/trpc';
import { UNDO_STEP_UP_SCOPE, type UndoneKind, type UndoPhase, type UndoSubject } from './undo-state';

/** Why the password is asked for again: an undo that deletes or re-creates a row says so. */
const WHY_STEP_UP = {
  removes:
    'Um das rückgängig zu machen, bestätige bitte noch einmal dein Passwort: dabei wird ein Eintrag gelöscht oder wieder angelegt.',
  other: 'Bitte bestätige noch einmal dein Passwort.',
};

type UndoAnswer = RouterOutputs['audit']['undo'];
type UndoPlan = RouterOutputs['audit']['undoPlan'];

/** The success message: what the undo did, with a re-created row's new number (decision 105). */
function doneText(kind: UndoneKind, name: string | null, answer: UndoAnswer): string {
  if (answer.together.length > 0)
    return `Die Änderung wurde rückgängig gemacht, zusammen mit ${answer.together.length === 1 ? 'der dazugehörigen Änderung' : `${answer.together.length} dazugehörigen Änderungen`} (Nr. ${answer.together.join(', ')}) in einem Schritt.`;
  const named = name ? `„${name}“` : 'Der Eintrag';
  if (kind === 'remove' && answer.recreatedAs !== null)
    return `Die Änderung wurde rückgängig gemacht: ${named} ist als Nr. ${answer.recreatedAs} neu angelegt.`;
  if (kind === 'create') return `Die Änderung wurde rückgängig gemacht: ${named} ist gelöscht.`;
  return 'Die Änderung wurde rückgängig gemacht.';
}

/** What the undo writes, said before it is confirmed. */
function effectText(kind: UndoneKind, name: string | null, targetId: string | null): string {
  const named = name ? `„${name}“` : 'der Eintrag';
  if (kind === 'create') return `Dabei wird ${named}${targetId ? ` (Nr. ${targetId})` : ''} gelöscht.`;
  if (kind === 'remove')
    return `${named.charAt(0).toUpperCase()}${named.slice(1)} wird mit dem früheren Stand neu angelegt – unter einer neuen Nummer: die alte${targetId ? ` Nr. ${targetId}` : ''} wird nicht wieder vergeben, was auf sie verweist, findet den neuen Eintrag nicht.`;
  return 'Der frühere Stand wird wieder gespeichert.';
}

export function UndoDialogs({
  phase,
  setPhase,
  button,
  recordId,
  sentence,
  kind,
  targetName,
  targetId,
  onDone,
  stepUpReturnTo,
}: UndoSubject & {
  /** Which question is open; the button sets "confirm". */
  phase: UndoPhase;
  setPhase: Dispatch<SetStateAction<UndoPhase>>;
  /** The "Rückgängig machen" button, where the focus goes back to. */
  button: RefObject<HTMLButtonElement | null>;
}) {
  const undo = useUndo({
    recordId,
    onDone: (answer) => onDone(doneText(kind, targetName, answer)),
    setPhase,
    button,
  });
  const { close, focusButton } = undo;
  const asking = phase.kind === 'confirm' || phase.kind === 'error';
  // The change set and the write, asked when the question opens (decision 105).
  const plan = trpc.audit.undoPlan.useQuery({ recordId }, { enabled: asking, staleTime: 0 });
  const removes =
    kind !== 'update' || (plan.data?.together.some((r) => r.action.endsWith('.create')) ?? false);

  return (
    <>
      <AlertDialog
        open={phase.kind === 'confirm' || phase.kind === 'error'}
        title="Änderung rückgängig machen?"
        cancel="Abbrechen"
        onCancel={close}
        returnFocus={focusButton}
        actions={
          <Button
            disabled={undo.mutation.isPending || plan.isPending}
            onClick={() => undo.mutation.mutate(false)}
          >
            {plan.data && plan.data.together.length > 0 ? 'Alles rückgängig machen' : 'Rückgängig machen'}
          </Button>
        }
      >
        {phase.kind === 'confirm' && phase.resumed && (
          <p className="font-semibold">
            Du hast dich erneut angemeldet. Bestätige jetzt das Rückgängigmachen.
          </p>
        )}
        <p>
          „{sentence}“ wird zurückgenommen. {effectText(kind, targetName, targetId)}
        </p>
        <ChangeSet plan={plan} />
        {phase.kind === 'error' && (
          <p role="alert" className="text-red-700 dark:text-red-300">
            {phase.text}
          </p>
        )}
      </AlertDialog>
      <StepUpQuestion
        open={phase.kind === 'step-up'}
        why={removes ? WHY_STEP_UP.removes : WHY_STEP_UP.other}
        then={
          stepUpReturnTo
            ? 'Danach kommst du im Audit-Log zu diesem Eintrag und kannst das Rückgängigmachen dort bestätigen.'
            : 'Danach kommst du hierher zurück und kannst das Rückgängigmachen bestätigen.'
        }
        onContinue={() => beginStepUp(UNDO_STEP_UP_SCOPE, { recordId }, undefined, stepUpReturnTo)}
        onCancel={close}
        returnFocus={focusButton}
      />
      {phase.kind === 'conflict' && (
        <UndoConflict
          conflict={phase.conflict}
          pending={undo.mutation.isPending}
          onForce={() => undo.mutation.mutate(true)}
          onCancel={close}
          returnFocus={focusButton}
        />
      )}
    </>
  );
}

/** The other records of the change set: taken back in the same step, or staying as they are. */
function ChangeSet({ plan }: { plan: { data?: UndoPlan | undefined; error: { message: string } | null } }) {
  if (plan.error)
    return (
      <p role="alert" className="text-red-700 dark:text-red-300">
        Was zu dieser Änderung gehört, konnte nicht geprüft werden: {plan.error.message}
      </p>
    );
  if (!plan.data) return <p>Es wird geprüft, was dazugehört …</p>;
  const { together, stays } = plan.data;
  const sentences = (records: typeof together) =>
    records.map((record) => (
      <li key={record.id}>
        {auditSentenceText(auditSentence(record))} (Nr. {record.id})
      </li>
    ));
  return (
    <>
      {together.length > 0 && (
        <div>
          <p>
            Diese Änderung gehört zu einer Verschiebung, die mit einer Speicherung mehrere Sync Gruppen
            geändert hat. Sie wird nur als Ganzes zurückgenommen, in einem Schritt – zusammen mit:
          </p>
          <ul className="mt-1 list-disc pl-5">{sentences(together)}</ul>
        </div>
      )}
      {stays.length > 0 && (
        <div>
          <p>Bleibt, wie es ist (schon rückgängig gemacht oder nicht zurückzunehmen):</p>
          <ul className="mt-1 list-disc pl-5">{sentences(stays)}</ul>
        </div>
      )}
    </>
  );
}

/** The undo call and its answers, and where the focus goes afterwards. */
function useUndo({
  recordId,
  onDone,
  setPhase,
  button,
}: {
  recordId: string;
  onDone: (answer: UndoAnswer) => void;
  setPhase: Dispatch<SetStateAction<UndoPhase>>;
  /** The "Rückgängig machen" button, where the focus goes back to. */
  button: RefObject<HTMLButtonElement | null>;
}) {
  /** Taken back: this button goes with the reloaded list, so the focus needs another place. */
  const taken = useRef(false);
  const utils = trpc.useUtils();
  const undo = useMutation({
    mutationFn: (force: boolean) =>
      utils.client.audit.undo.mutate({ recordId, ...(force ? { force: true as const } : {}) }),
    onSuccess: (answer) => {
      taken.current = true;
      setPhase({ kind: 'idle' });
      void utils.audit.list.invalidate();
      void utils.audit.history.invalidate();
      onDone(answer);
    },
    onError: (error) => {
      const answer = readFailure<unknown>(error);
      if (answer.kind === 'step-up') setPhase({ kind: 'step-up' });
      else if (answer.kind === 'conflict') setPhase({ kind: 'conflict', conflict: answer.conflict });
      else
        setPhase({
          kind: 'error',
          text: error instanceof Error && error.message ? error.message : 'Das hat nicht geklappt.',
        });
    },
  });
  const close = () => setPhase({ kind: 'idle' });
  const focusButton = () => {
    const own = button.current;
    if (!taken.current) {
      own?.focus();
      return;
    }
    // The row stays, with its "Änderungen anzeigen"; without it, the page's heading.
    const details = own?.closest('tr')?.querySelector<HTMLElement>('button[aria-expanded]');
    const heading = document.querySelector<HTMLElement>('main h1') ?? document.querySelector('h1');
    if (!details && heading && !heading.hasAttribute('tabindex')) heading.tabIndex = -1;
    (details ?? heading)?.focus();
  };
  return { mutation: undo, close, focusButton };
}

function UndoConflict({
  conflict,
  pending,
  onForce,
  onCancel,
  returnFocus,
}: {
  conflict: WriteConflict<unknown>;
  pending: boolean;
  onForce: () => void;
  onCancel: () => void;
  returnFocus: () => void;
}) {
  const gone = conflict.current === null;
  return (
    <AlertDialog
      open
      title={gone ? 'Eintrag wurde inzwischen gelöscht' : 'Eintrag wurde inzwischen geändert'}
      cancel="Abbrechen"
      onCancel={onCancel}
      returnFocus={returnFocus}
      actions={
        <Button variant="danger" disabled={pending} onClick={onForce}>
          Trotzdem rückgängig machen
        </Button>
      }
    >
      <p>{changedByText(conflict, gone ? 'gelöscht' : 'geändert')}</p>
      <p>
        Der Eintrag ist nicht mehr so, wie diese Änderung ihn hinterlassen hat. „Trotzdem rückgängig machen“
        überschreibt den jetzigen Stand mit dem früheren.
      </p>
    </AlertDialog>
  );
}
