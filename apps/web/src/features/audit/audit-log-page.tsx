/**
 * "Audit-Log" (role web:admin; decision 021): every administrative change and security event,
 * newest first, filtered by person, action, target and time range, paged on the server, each row
 * a German sentence with its changes (decision 062), and a CSV export of the filtered records.
 * Its own lazy chunk: nothing of it loads for other screens.
 */
import { useState, type SyntheticEvent } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Loading } from '../../components/ui/loading';
import { PageHeader } from '../../components/ui/page-header';
import { DOWNLOADS } from '@nova/domain';
import { trpc } from '../../lib/trpc';
import { AuditRowView } from './components/audit-row';
import { ChainStatus } from './components/chain-status';

interface Filter {
  person: string;
  action: string;
  target: string;
  from: string;
  to: string;
}

const EMPTY_FILTER: Filter = { person: '', action: '', target: '', from: '', to: '' };
const PAGE_SIZE = 25;

/** `datetime-local` values are local time; the BFF takes ISO timestamps. */
function toIso(local: string): string | undefined {
  if (!local) return undefined;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

function queryInput(filter: Filter) {
  return {
    ...(filter.person.trim() ? { person: filter.person.trim() } : {}),
    ...(filter.action.trim() ? { action: filter.action.trim() } : {}),
    ...(filter.target.trim() ? { target: filter.target.trim() } : {}),
    ...(toIso(filter.from) ? { from: toIso(filter.from) } : {}),
    ...(toIso(filter.to) ? { to: toIso(filter.to) } : {}),
  };
}

/**
 * The export is a streamed download from the BFF (decision 059): fetched with the CSRF header the
 * BFF requires, then saved under the name the BFF gives it.
 */
async function downloadCsv(filter: Filter): Promise<void> {
  const params = new URLSearchParams(queryInput(filter));
  const response = await fetch(`${DOWNLOADS.auditLogCsv.path}?${params.toString()}`, {
    headers: { 'x-csrf': '1' },
    credentials: 'same-origin',
  });
  if (!response.ok) throw new Error(`export answered ${response.status}`);
  const blob = await response.blob();
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name ?? 'audit-log.csv';
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function AuditLogPage() {
  const [draft, setDraft] = useState<Filter>(EMPTY_FILTER);
  const [filter, setFilter] = useState<Filter>(EMPTY_FILTER);
  const [page, setPage] = useState(1);
  const [exportError, setExportError] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const list = trpc.audit.list.useQuery(
    { ...queryInput(filter), page, pageSize: PAGE_SIZE },
    { placeholderData: (previous) => previous, staleTime: 0 },
  );
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;

  const apply = (event: SyntheticEvent) => {
    event.preventDefault();
    setFilter(draft);
    setPage(1);
  };

  const exportCsv = async () => {
    setExportError(null);
    setExporting(true);
    try {
      await downloadCsv(filter);
    } catch {
      setExportError('Der Export ist fehlgeschlagen. Bitte versuche es erneut.');
    } finally {
      setExporting(false);
    }
  };

  const field = (name: keyof Filter, label: string, type = 'text', placeholder?: string) => (
    <label className="flex flex-col gap-1 text-sm font-medium">
      {label}
      <input
        type={type}
        name={name}
        value={draft[name]}
        placeholder={placeholder}
        onChange={(event) => setDraft({ ...draft, [name]: event.target.value })}
        className="rounded-md border border-slate-300 bg-white px-3 py-2 font-normal dark:border-slate-600 dark:bg-slate-900"
      />
    </label>
  );

  return (
    <section>
      <title>Audit-Log – Nova Legacy</title>
      <PageHeader
        title="Audit-Log"
        lines={['Alle Änderungen der Verwaltung und Sicherheitsereignisse, die neuesten zuerst.']}
      />
      <form onSubmit={apply} aria-label="Filter" className="mb-4 grid gap-3 md:grid-cols-3 lg:grid-cols-6">
        {field('person', 'Person', 'text', 'Benutzername')}
        {field('action', 'Aktion', 'text', 'z. B. catalogue.')}
        {field('target', 'Ziel', 'text', 'Typ oder ID')}
        {field('from', 'Von', 'datetime-local')}
        {field('to', 'Bis', 'datetime-local')}
        <div className="flex items-end gap-2">
          <Button type="submit">Filtern</Button>
          <Button
            variant="ghost"
            onClick={() => {
              setDraft(EMPTY_FILTER);
              setFilter(EMPTY_FILTER);
              setPage(1);
            }}
          >
            Zurücksetzen
          </Button>
        </div>
      </form>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600 dark:text-slate-300" aria-live="polite">
          {list.data ? `${list.data.total} Einträge` : ''}
        </p>
        <Button variant="secondary" onClick={() => void exportCsv()} disabled={exporting}>
          {exporting ? 'Export läuft …' : 'Als CSV exportieren'}
        </Button>
      </div>
      {exportError && <Alert tone="warning">{exportError}</Alert>}
      <ChainStatus />
      {list.isPending ? (
        <Loading text="Audit-Log wird geladen …" />
      ) : list.isError ? (
        <Alert tone="error" action={<Button onClick={() => void list.refetch()}>Erneut versuchen</Button>}>
          {list.error.message}
        </Alert>
      ) : list.data.rows.length === 0 ? (
        <EmptyState>Keine Einträge für diese Filter.</EmptyState>
      ) : (
        <>
          <table className="block w-full text-sm md:table">
            <caption className="sr-only">Audit-Log, Seite {page}</caption>
            <thead className="hidden md:table-header-group">
              <tr className="text-left text-slate-600 dark:text-slate-400">
                {['Zeitpunkt', 'Person', 'Aktion', 'Ergebnis'].map((head) => (
                  <th key={head} scope="col" className="py-2 pr-3 font-medium">
                    {head}
                  </th>
                ))}
                <th scope="col" className="py-2 font-medium">
                  <span className="sr-only">Details</span>
                </th>
              </tr>
            </thead>
            <tbody className="block md:table-row-group">
              {list.data.rows.map((row) => (
                <AuditRowView key={row.id} row={row} />
              ))}
            </tbody>
          </table>
          <nav aria-label="Seiten" className="mt-4 flex items-center justify-center gap-3">
            <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Zurück
            </Button>
            <span className="text-sm">
              Seite {page} von {pages}
            </span>
            <Button variant="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              Weiter
            </Button>
          </nav>
        </>
      )}
    </section>
  );
}
