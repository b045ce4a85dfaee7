import { AUDIT_OUTCOMES, auditDetailText, auditSentence, auditSentenceText } from '@nova/domain';
import { Link } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Loading } from '../../../components/ui/loading';
import { paths } from '../../../config/paths';
import { trpc } from '../../../lib/trpc';

const dateTime = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * "Verlauf" of a foreign profile (decision 091): the audit log's records about this player (their
 * sign-ins, sign-outs, password changes and ended sessions), newest first, read through the audit
 * log's list — so only for those who may read the audit log.
 */
export function PlayerHistory({ userId }: { userId: string }) {
  const query = trpc.audit.list.useQuery({ aboutUser: userId, pageSize: 25 });
  return (
    <Card className="mt-8">
      <h2 className="text-lg font-semibold">Verlauf</h2>
      <p className="text-sm text-slate-600 dark:text-slate-300">Einträge des Audit-Logs zu diesem Spieler</p>
      {query.isPending ? (
        <Loading text="Verlauf wird geladen..." />
      ) : query.isError ? (
        <div className="mt-4">
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
        </div>
      ) : query.data.rows.length === 0 ? (
        <p className="mt-4 text-slate-600 dark:text-slate-300">
          Zu diesem Spieler gibt es noch keine Einträge.
        </p>
      ) : (
        <>
          <ol className="mt-4 divide-y divide-slate-200 dark:divide-slate-800">
            {query.data.rows.map((record) => {
              const detail = auditDetailText(record.detail);
              return (
                <li key={record.id} className="flex flex-col gap-0.5 py-2 sm:flex-row sm:gap-4">
                  <time
                    dateTime={record.at}
                    className="shrink-0 text-sm text-slate-600 tabular-nums dark:text-slate-300"
                  >
                    {dateTime.format(new Date(record.at))}
                  </time>
                  <span className="min-w-0 break-words">
                    {auditSentenceText(auditSentence(record))}
                    {record.outcome !== 'success' && ` – ${AUDIT_OUTCOMES[record.outcome]}`}
                    {detail && ` (${detail})`}
                    {(record.actorDisplayName ?? record.actorName) && (
                      <span className="text-sm text-slate-600 dark:text-slate-300">
                        {' '}
                        · {record.actorDisplayName ?? record.actorName}
                      </span>
                    )}
                  </span>
                </li>
              );
            })}
          </ol>
          <p className="mt-3 text-sm">
            <Link to={`${paths.auditLog}?${new URLSearchParams({ ziel: userId }).toString()}`}>
              {query.data.total > query.data.rows.length
                ? `Alle ${query.data.total} Einträge im Audit-Log ansehen`
                : 'Im Audit-Log ansehen'}
            </Link>
          </p>
        </>
      )}
    </Card>
  );
}
