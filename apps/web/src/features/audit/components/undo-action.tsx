/**
 * "Rückgängig machen" on an audit row (decision 063): asks first, then lets the BFF write the
 * record's before-state back. Its answers are read as the write dialog reads them (answers.ts): a
 * conflict shows who changed the row since and offers to take it back anyway, a missing recent
 * sign-in explains the step-up before leaving for it, and back from the sign-in the question is
 * open again (`resumed`, from the draft the page restores).
 */
import type { WriteConflict } from '@nova/contracts';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { changedByText, readFailure } from '../../../components/write-dialog/answers';
import { StepUpQuestion } from '../../../components/write-dialog/step-up-question';
import { AlertDialog } from '../../../components/ui/alert-dialog';
import { Button } from '../../../components/ui/button';
import { beginStepUp } from '../../../lib/step-up';
import { trpc } from '../../../lib/trpc';

/** What the step-up keeps for the way back: the record whose undo was asked for. */
export const UNDO_STEP_UP_SCOPE = 'audit-undo';

export function isUndoDraft(state: unknown): state is { recordId: string } {
  return (
    typeof state === 'object' &&
    state !== null &&
    typeof (state as { recordId?: unknown }).recordId === 'string'
  );
}

/** Why the password is asked for again: an undo that deletes or re-creates a row says so. */
const WHY_STEP_UP = {
  removes:
    'Um das rückgängig zu machen, bestätige bitte noch einmal dein Passwort: dabei wird ein Eintrag gelöscht oder wieder angelegt.',
  other: 'Bitte bestätige noch einmal dein Passwort.',
};

type Phase =
  | { kind: 'idle' }
  | { kind: 'confirm'; resumed?: true }
  | { kind: 'step-up' }
  | { kind: 'conflict'; conflict: WriteConflict<unknown> }
  | { kind: 'error'; text: string };

export function UndoAction({
  recordId,
  sentence,
  removes,
  onDone,
  resumed = false,
  onResumed,
}: {
  recordId: string;
  /** The row's sentence, for the button's accessible name and the question. */
  sentence: string;
  /** The undo deletes or creates a row (it needs a recent sign-in). */
  removes: boolean;
  onDone: (text: string) => void;
  /** Back from the sign-in the step-up asked for: the question opens again at once. */
  resumed?: boolean;
  /** Called once the resumed question is open, so it does not open again on the next mount. */
  onResumed?: () => void;
}) {
  const button = useRef<HTMLButtonElement>(null);
  const undo = useUndo({ recordId, onDone, resumed, onResumed, button });
  const { phase, setPhase, close, focusButton } = undo;

  return (
    <>
      <Button
        ref={button}
        variant="secondary"
        aria-label={`${sentence}: rückgängig machen`}
        onClick={() => setPhase({ kind: 'confirm' })}
      >
        Rückgängig machen
      </Button>
      <AlertDialog
        open={phase.kind === 'confirm' || phase.kind === 'error'}
        title="Änderung rückgängig machen?"
        cancel="Abbrechen"
        onCancel={close}
        returnFocus={focusButton}
        actions={
          <Button disabled={undo.mutation.isPending} onClick={() => undo.mutation.mutate(false)}>
            Rückgängig machen
          </Button>
        }
      >
        {phase.kind === 'confirm' && phase.resumed && (
          <p className="font-semibold">
            Du hast dich erneut angemeldet. Bestätige jetzt das Rückgängigmachen.
          </p>
        )}
        <p>„{sentence}“ wird zurückgenommen: der frühere Stand wird wieder gespeichert.</p>
        {phase.kind === 'error' && (
          <p role="alert" className="text-red-700 dark:text-red-300">
            {phase.text}
          </p>
        )}
      </AlertDialog>
      <StepUpQuestion
        open={phase.kind === 'step-up'}
        why={removes ? WHY_STEP_UP.removes : WHY_STEP_UP.other}
        then="Danach kommst du hierher zurück und kannst das Rückgängigmachen bestätigen."
        onContinue={() => beginStepUp(UNDO_STEP_UP_SCOPE, { recordId })}
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

/** The question's phase, the undo call and its answers, and where the focus goes afterwards. */
function useUndo({
  recordId,
  onDone,
  resumed,
  onResumed,
  button,
}: {
  recordId: string;
  onDone: (text: string) => void;
  resumed: boolean;
  onResumed: (() => void) | undefined;
  /** The "Rückgängig machen" button, where the focus goes back to. */
  button: RefObject<HTMLButtonElement | null>;
}) {
  const [phase, setPhase] = useState<Phase>(() =>
    resumed ? { kind: 'confirm', resumed: true } : { kind: 'idle' },
  );
  useEffect(() => {
    if (resumed) onResumed?.();
  }, [resumed, onResumed]);
  /** Taken back: this button goes with the reloaded list, so the focus needs another place. */
  const taken = useRef(false);
  const utils = trpc.useUtils();
  const undo = useMutation({
    mutationFn: (force: boolean) =>
      utils.client.audit.undo.mutate({ recordId, ...(force ? { force: true as const } : {}) }),
    onSuccess: () => {
      taken.current = true;
      setPhase({ kind: 'idle' });
      void utils.audit.list.invalidate();
      onDone('Die Änderung wurde rückgängig gemacht.');
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
  return { phase, setPhase, mutation: undo, close, focusButton };
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
