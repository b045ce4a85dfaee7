/**
 * The question of "Aufbewahren" on an audit row (decision 100), a chunk of its own (decision 042; the
 * button is `HoldAction`): an admin keeps the persons of a record – their key, and so their names –
 * until the hold is released, with a reason (a ban dispute, a complaint). While a hold exists, a
 * request to forget the person is deferred. The dialog lists the open holds of the record's persons,
 * releases one with a reason, or sets a new one.
 */
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { AlertDialog } from '../../../components/ui/alert-dialog';
import { Button } from '../../../components/ui/button';
import { trpc } from '../../../lib/trpc';

const dateTime = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeStyle: 'short' });

const errorText = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'Das hat nicht geklappt.';

export function HoldDialog({
  open,
  onClose,
  returnFocus,
  recordId,
  onDone,
}: {
  open: boolean;
  onClose: () => void;
  /** Puts the focus back on the "Aufbewahren" button. */
  returnFocus: () => void;
  recordId: string;
  onDone: (text: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reasonId = useId();
  const utils = trpc.useUtils();
  const holds = trpc.audit.holds.useQuery({ recordId }, { enabled: open });
  const done = (text: string) => {
    onClose();
    setReason('');
    setError(null);
    void utils.audit.holds.invalidate({ recordId });
    void utils.audit.list.invalidate();
    onDone(text);
  };
  const hold = useMutation({
    mutationFn: () => utils.client.audit.hold.mutate({ recordId, reason }),
    onSuccess: () =>
      done('Die Aufbewahrung ist angeordnet: die Person wird nicht gelöscht, solange sie besteht.'),
    onError: (e) => setError(errorText(e)),
  });
  const release = useMutation({
    mutationFn: (id: string) => utils.client.audit.releaseHold.mutate({ id, reason }),
    onSuccess: () => done('Die Aufbewahrung ist aufgehoben.'),
    onError: (e) => setError(errorText(e)),
  });
  const pending = hold.isPending || release.isPending;
  const close = () => {
    onClose();
    setError(null);
  };

  return (
    <AlertDialog
      open={open}
      title="Eintrag aufbewahren (Legal Hold)"
      cancel="Schließen"
      onCancel={close}
      returnFocus={returnFocus}
      actions={
        <Button
          disabled={pending}
          onClick={() =>
            reason.trim().length < 3
              ? setError('Bitte gib einen Grund an (mindestens 3 Zeichen).')
              : hold.mutate()
          }
        >
          Aufbewahren
        </Button>
      }
    >
      <p>
        Solange eine Aufbewahrung besteht, bleiben die Namen der Personen dieses Eintrags erhalten: ein
        Löschantrag wird zurückgestellt. Der Grund wird protokolliert.
      </p>
      {holds.isLoading && <p>Aufbewahrungen werden geladen…</p>}
      {holds.isError && <p role="alert">Die Aufbewahrungen konnten nicht geladen werden.</p>}
      {holds.data && holds.data.length === 0 && <p>Für diesen Eintrag besteht keine Aufbewahrung.</p>}
      {holds.data && holds.data.length > 0 && (
        <ul className="space-y-2">
          {holds.data.map((h) => (
            <li key={h.id} className="rounded-lg border border-slate-200 p-2 dark:border-slate-700">
              <span className="block">
                Aufbewahrt seit {dateTime.format(new Date(h.setAt))}: „{h.reason}“
              </span>
              <Button
                variant="secondary"
                className="mt-2"
                disabled={pending}
                onClick={() =>
                  reason.trim().length < 3
                    ? setError('Bitte gib einen Grund an (mindestens 3 Zeichen).')
                    : release.mutate(h.id)
                }
              >
                Aufbewahrung aufheben
              </Button>
            </li>
          ))}
        </ul>
      )}
      <label htmlFor={reasonId} className="block font-medium">
        Grund
      </label>
      <textarea
        id={reasonId}
        value={reason}
        maxLength={500}
        rows={3}
        onChange={(event) => setReason(event.target.value)}
        aria-describedby={`${reasonId}-hint`}
        className="w-full rounded-lg border border-slate-300 bg-white p-2 text-slate-900 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100"
      />
      <span id={`${reasonId}-hint`} className="block text-xs text-slate-600 dark:text-slate-400">
        Zum Anordnen und zum Aufheben nötig, z. B. „Bann-Streit, Ticket 123“.
      </span>
      {error && (
        <p role="alert" className="text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </AlertDialog>
  );
}
