/**
 * "Verlauf" inside an editor (decision 105): the audit log's records of this one row, newest first,
 * each as the audit log shows it (the sentence, the changes, "Änderungen anzeigen" and "Rückgängig
 * machen" with its question), as cards: the dialog is too narrow for the log's columns. Loaded with
 * the tab, in the audit log's chunk; the write dialog shows the tab only to those who may read it.
 */
import { auditRecordHref } from '@nova/domain';
import { Link } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Loading } from '../../../components/ui/loading';
import type { EditorHistoryProps } from '../../../components/write-dialog/history-slot';
import { paths } from '../../../config/paths';
import { trpc } from '../../../lib/trpc';
import { AuditRowView } from './audit-row';

/** The audit log's rows as cards at every width (its own classes switch to columns from 768 px). */
const CARDS =
  '[&_tr]:!block [&_td]:!block [&_td]:!w-auto [&_td]:!py-1 [&_td]:!text-left [&_[data-card-label]]:!inline';

export function RowHistory({ targetType, targetId, onUndone }: EditorHistoryProps) {
  const query = trpc.audit.history.useQuery({ targetType, targetId: String(targetId) }, { staleTime: 0 });
  if (query.isPending) return <Loading text="Verlauf wird geladen …" />;
  if (query.isError)
    return (
      <Alert
        tone="error"
        action={
          <Button variant="secondary" onClick={() => void query.refetch()}>
            Erneut versuchen
          </Button>
        }
      >
        Der Verlauf konnte nicht geladen werden.
      </Alert>
    );
  const { rows, total } = query.data;
  if (rows.length === 0)
    return <p className="text-sm">Zu diesem Eintrag gibt es noch keine Einträge im Audit-Log.</p>;
  const everything = `${paths.auditLog}?${new URLSearchParams({ ziel: String(targetId) }).toString()}`;
  return (
    <div>
      <table className={`block w-full text-sm ${CARDS}`}>
        <caption className="sr-only">Verlauf dieses Eintrags, die neuesten zuerst</caption>
        <tbody className="block">
          {rows.map((row) => (
            <AuditRowView
              key={row.id}
              row={row}
              onUndone={onUndone}
              undoStepUpReturnTo={auditRecordHref(row.id)}
            />
          ))}
        </tbody>
      </table>
      {total > rows.length && (
        <p className="mt-3 text-sm">
          <Link to={everything} className="underline">
            Alle {total} Einträge im Audit-Log ansehen
          </Link>
        </p>
      )}
    </div>
  );
}
