/**
 * "Aufbewahren" on an audit row (decision 100): the button; its question (`hold-dialog.tsx`) is a
 * chunk of its own with the dialog library (decision 042).
 */
import { useRef, useState } from 'react';
import { LazyDialog } from '../../../components/ui/lazy-dialog';
import { Button } from '../../../components/ui/button';
import { HoldDialog, rowDialogs } from './dialogs-chunk';

export function HoldAction({
  recordId,
  sentence,
  onDone,
}: {
  recordId: string;
  /** The row's sentence, for the button's accessible name. */
  sentence: string;
  onDone: (text: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const close = () => setOpen(false);
  return (
    <>
      <Button
        ref={button}
        variant="ghost"
        aria-label={`${sentence}: aufbewahren`}
        onClick={() => setOpen(true)}
      >
        Aufbewahren
      </Button>
      <LazyDialog chunk={rowDialogs} open={open} onClose={close} loading="Wird geladen …">
        <HoldDialog
          open={open}
          onClose={close}
          returnFocus={() => button.current?.focus()}
          recordId={recordId}
          onDone={onDone}
        />
      </LazyDialog>
    </>
  );
}
