/**
 * "Rückgängig machen" on an audit row (decision 063): the button and which question is open. The
 * questions themselves (the dialog library, the undo call, the step-up) are a chunk of their own
 * (`undo-dialogs.tsx`, decision 042), so the Audit-Log shows its rows without them.
 */
import { useEffect, useRef, useState } from 'react';
import { LazyDialog } from '../../../components/ui/lazy-dialog';
import { Button } from '../../../components/ui/button';
import { rowDialogs, UndoDialogs } from './dialogs-chunk';
import type { UndoPhase, UndoSubject } from './undo-state';

export function UndoAction({
  recordId,
  sentence,
  kind,
  targetName,
  targetId,
  onDone,
  resumed = false,
  onResumed,
  stepUpReturnTo,
}: UndoSubject & {
  /** Back from the sign-in the step-up asked for: the question opens again at once. */
  resumed?: boolean;
  /** Called once the resumed question is open, so it does not open again on the next mount. */
  onResumed?: () => void;
}) {
  const button = useRef<HTMLButtonElement>(null);
  const [phase, setPhase] = useState<UndoPhase>(() =>
    resumed ? { kind: 'confirm', resumed: true } : { kind: 'idle' },
  );
  useEffect(() => {
    if (resumed) onResumed?.();
  }, [resumed, onResumed]);
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
      <LazyDialog
        chunk={rowDialogs}
        open={phase.kind !== 'idle'}
        onClose={() => setPhase({ kind: 'idle' })}
        loading="Wird geladen …"
      >
        <UndoDialogs
          phase={phase}
          setPhase={setPhase}
          button={button}
          recordId={recordId}
          sentence={sentence}
          kind={kind}
          targetName={targetName}
          targetId={targetId}
          onDone={onDone}
          stepUpReturnTo={stepUpReturnTo}
        />
      </LazyDialog>
    </>
  );
}
