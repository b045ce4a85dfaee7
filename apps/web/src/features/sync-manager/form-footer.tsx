import { useState } from 'react';
import { Button } from '../../components/ui/button';

/**
 * "Speichern" and, in edit mode only, "Löschen" (doc 2 "Sync manager"); deleting asks once more,
 * because it cannot be undone. Back from the re-authentication a delete asked for (decision 022), the
 * confirmation is open at once (`resumedDelete`) and says why.
 */
export function FormFooter({
  editing,
  busy,
  what,
  onRemove,
  resumedDelete = false,
}: {
  editing: boolean;
  busy: boolean;
  what: string;
  onRemove: () => Promise<void>;
  resumedDelete?: boolean;
}) {
  const [confirm, setConfirm] = useState(resumedDelete);
  if (confirm) {
    return (
      <div
        role="group"
        aria-label="Löschen bestätigen"
        className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
      >
        {resumedDelete && (
          <p className="mb-2 font-semibold">Du hast dich erneut angemeldet. Bestätige jetzt das Löschen.</p>
        )}
        <p className="mb-3">{what} wirklich löschen? Das kann nicht rückgängig gemacht werden.</p>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="danger"
            disabled={busy}
            onClick={() => void onRemove().finally(() => setConfirm(false))}
          >
            Endgültig löschen
          </Button>
          <Button variant="secondary" disabled={busy} onClick={() => setConfirm(false)}>
            Abbrechen
          </Button>
        </div>
      </div>
    );
  }
  return (
    <div className="flex flex-wrap justify-end gap-2">
      {editing && (
        <Button variant="danger" className="mr-auto" disabled={busy} onClick={() => setConfirm(true)}>
          Löschen
        </Button>
      )}
      <Button type="submit" disabled={busy}>
        Speichern
      </Button>
    </div>
  );
}
