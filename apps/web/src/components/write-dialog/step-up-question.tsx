/**
 * The short explanation before the step-up redirect (decision 045): why the password is asked for
 * again, "Weiter zur Anmeldung" leaves the page, "Abbrechen" stays.
 */
import { AlertDialog } from '../ui/alert-dialog';
import { Button } from '../ui/button';

export function StepUpQuestion({
  open,
  onContinue,
  onCancel,
  returnFocus,
  why = 'Zum Löschen bestätige bitte noch einmal dein Passwort.',
  then = 'Danach kommst du hierher zurück und kannst das Löschen abschließen.',
}: {
  open: boolean;
  onContinue: () => void;
  onCancel: () => void;
  returnFocus: () => void;
  /** Why the password is asked for, and what happens after the sign-in. */
  why?: string;
  then?: string;
}) {
  return (
    <AlertDialog
      open={open}
      title="Erneute Anmeldung nötig"
      cancel="Abbrechen"
      onCancel={onCancel}
      returnFocus={returnFocus}
      actions={<Button onClick={onContinue}>Weiter zur Anmeldung</Button>}
    >
      <p>{why}</p>
      <p>{then}</p>
    </AlertDialog>
  );
}
