/**
 * "Audit-Log" (role web:admin; decisions 021, 062): every administrative change and security event,
 * newest first, each row a German sentence with its changes; filtered on the server by person, kind,
 * area, words anywhere in the row, outcome and time, the filter and page in the address; a CSV export
 * of the same filter. Its own lazy chunk: nothing of it loads for other screens.
 */
import {
  AUDIT_AREAS,
  AUDIT_KINDS,
  AUDIT_OUTCOMES,
  DOWNLOADS,
  auditAreaLabel,
  formatNumber,
  type AuditKind,
} from '@nova/domain';
import { useCallback, useEffect, useRef, useState, type SyntheticEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Loading } from '../../components/ui/loading';
import { PageHeader } from '../../components/ui/page-header';
import { MessageRegion, useTimedMessage } from '../../components/ui/timed-message';
import { useRestoredDraft } from '../../lib/form-draft';
import { trpc } from '../../lib/trpc';
import {
  bffFilterOf,
  DATE_PRESETS,
  EMPTY_FILTER,
  filterFromParams,
  pageFromParams,
  paramsOf,
  positionFromParams,
  presetRange,
  type AuditFilterValues,
  type DatePreset,
  type PagePosition,
} from './audit-filter';
import { saveDownload } from '../../lib/download';
import { AuditRowView, type AuditRow } from './components/audit-row';
import { ChainStatus } from './components/chain-status';
import { isUndoDraft, UNDO_STEP_UP_SCOPE } from './components/undo-state';
import { useLiveAudit, type LiveAudit } from './use-live-audit';

const PAGE_SIZE = 25;

/**
 * The export is a streamed download from the BFF (decision 059): fetched with the CSRF header the
 * BFF requires, then saved under the name the BFF gives it.
 */
async function downloadCsv(filter: AuditFilterValues): Promise<void> {
  const params = new URLSearchParams(bffFilterOf(filter));
  const response = await fetch(`${DOWNLOADS.auditLogCsv.path}?${params.toString()}`, {
    headers: { 'x-csrf': '1' },
    credentials: 'same-origin',
  });
  if (!response.ok) throw new Error(`export answered ${response.status}`);
  await saveDownload(response, 'audit-log.csv');
}

const FIELDS = (Object.keys(EMPTY_FILTER) as (keyof AuditFilterValues)[]).filter(
  (field) => field !== 'record',
);
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const inputClass =
  'w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 py-2 font-normal dark:border-slate-600 dark:bg-slate-900';

function Field({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <label className={`flex min-w-0 flex-col gap-1 text-sm font-medium ${wide ? 'lg:col-span-2' : ''}`}>
      {label}
      {children}
    </label>
  );
}

type FilterButton = 'apply' | 'reset' | DatePreset;

/**
 * The filter form: its fields start from the address (the `key` of the caller renews them when the
 * address changes, e.g. browser back); "Filtern" and "Zurücksetzen" write the address.
 */
export function AuditFilterForm({
  filter,
  onApply,
  focus,
  onFocused,
}: {
  filter: AuditFilterValues;
  onApply: (filter: AuditFilterValues, used: FilterButton) => void;
  /** The button that applied the filter the form was renewed for: it takes the focus again, once. */
  focus?: FilterButton | null;
  onFocused?: () => void;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (!focus) return;
    formRef.current?.querySelector<HTMLButtonElement>(`[data-filter-button="${focus}"]`)?.focus();
    onFocused?.();
  }, [focus, onFocused]);
  const typedFilter = (form: HTMLFormElement): AuditFilterValues => {
    const data = new FormData(form);
    const value = (name: keyof AuditFilterValues) => {
      const entry = data.get(name);
      return typeof entry === 'string' ? entry : '';
    };
    // Through the address form, so a typed value is checked as one from the address is.
    const typed = Object.fromEntries(FIELDS.map((field) => [field, value(field)]));
    return filterFromParams(paramsOf({ ...EMPTY_FILTER, ...typed }));
  };
  // A preset fills "Von" and "Bis" and filters at once, keeping the other fields as typed.
  const preset = (name: DatePreset) => {
    if (!formRef.current) return;
    onApply({ ...typedFilter(formRef.current), ...presetRange(name) }, name);
  };
  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    onApply(typedFilter(event.currentTarget), 'apply');
  };
  return (
    <form
      ref={formRef}
      onSubmit={submit}
      aria-label="Filter"
      className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
    >
      <Field label="Person">
        <input name="person" defaultValue={filter.person} placeholder="Name" className={inputClass} />
      </Field>
      <Field label="Art">
        <select name="kind" defaultValue={filter.kind} className={inputClass}>
          <option value="">Alle Arten</option>
          {(Object.entries(AUDIT_KINDS) as [AuditKind, string][]).map(([key, label]) => (
            <option key={key} value={key}>
              {capitalised(label)}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Bereich">
        <select name="area" defaultValue={filter.area} className={inputClass}>
          <option value="">Alle Bereiche</option>
          {AUDIT_AREAS.map((area) => (
            <option key={area} value={area}>
              {auditAreaLabel(area)}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Ergebnis">
        <select name="outcome" defaultValue={filter.outcome} className={inputClass}>
          <option value="">Alle Ergebnisse</option>
          {Object.entries(AUDIT_OUTCOMES).map(([key, label]) => (
            <option key={key} value={key}>
              {label}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Ziel oder Stichwort" wide>
        <input
          name="target"
          defaultValue={filter.target}
          placeholder="z. B. Angler, Radiosender, Löschen"
          className={inputClass}
        />
      </Field>
      <Field label="Von">
        <input type="datetime-local" name="from" defaultValue={filter.from} className={inputClass} />
      </Field>
      <Field label="Bis">
        <input type="datetime-local" name="to" defaultValue={filter.to} className={inputClass} />
      </Field>
      <div
        role="group"
        aria-label="Zeitraum"
        className="flex flex-wrap items-center gap-2 sm:col-span-2 lg:col-span-4"
      >
        <span className="text-sm font-medium">Zeitraum:</span>
        {(Object.entries(DATE_PRESETS) as [DatePreset, string][]).map(([name, label]) => (
          <Button key={name} data-filter-button={name} variant="secondary" onClick={() => preset(name)}>
            {label}
          </Button>
        ))}
      </div>
      <div className="flex flex-wrap items-end gap-2 sm:col-span-2 lg:col-span-4">
        <Button data-filter-button="apply" type="submit">
          Filtern
        </Button>
        <Button data-filter-button="reset" variant="ghost" onClick={() => onApply(EMPTY_FILTER, 'reset')}>
          Zurücksetzen
        </Button>
      </div>
    </form>
  );
}

export function AuditLogPage() {
  const [params, setParams] = useSearchParams();
  const filter = filterFromParams(params);
  const page = pageFromParams(params);
  const position = positionFromParams(params);
  const notice = useTimedMessage();
  const done = (text: string) => notice.show({ tone: 'success', text });
  const csv = useCsvExport(filter);
  // Back from the sign-in an undo asked for (the address keeps filter and page): that row's
  // question opens again, once.
  const restored = useRestoredDraft(UNDO_STEP_UP_SCOPE, isUndoDraft);
  const [resumeId, setResumeId] = useState(restored?.recordId ?? null);
  const resumeSeen = useCallback(() => setResumeId(null), []);
  const listInput = { ...bffFilterOf(filter), page, pageSize: PAGE_SIZE };
  const list = trpc.audit.list.useQuery(
    { ...listInput, ...position },
    { placeholderData: (previous) => previous, staleTime: 0 },
  );
  const live = useLiveAudit(listInput);
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;
  // Past the counted bound the total is "mehr als" (decision 104).
  const more = list.data?.more === true;
  const show = (next: AuditFilterValues, nextPage = 1, at: PagePosition = null) =>
    setParams(paramsOf(next, nextPage, at));
  const hasNext = list.data ? list.data.hasNext : false;
  const toNext = () => {
    const last = list.data?.last;
    show(filter, page + 1, last ? { after: last } : null);
  };
  const toPrevious = () => {
    const first = list.data?.first;
    show(filter, page - 1, page > 2 && first ? { before: first } : null);
  };
  const formKey = paramsOf(filter).toString();
  const [usedButton, setUsedButton] = useState<{ formKey: string; button: FilterButton } | null>(null);
  const focused = useCallback(() => setUsedButton(null), []);

  return (
    <section>
      <PageHeader
        title="Audit-Log"
        lines={['Alle Änderungen der Verwaltung und Sicherheitsereignisse, die neuesten zuerst.']}
      />
      <MessageRegion message={notice.message} />
      <AuditFilterForm
        key={formKey}
        filter={filter}
        focus={usedButton?.formKey === formKey ? usedButton.button : null}
        onFocused={focused}
        onApply={(next, button) => {
          // The form is renewed for the new address: the button used takes the focus again there.
          setUsedButton({ formKey: paramsOf(next).toString(), button });
          show(next);
        }}
      />
      {filter.record && (
        <p className="mb-3 flex flex-wrap items-center gap-3 text-sm">
          Es wird nur Eintrag Nr. {filter.record} gezeigt.
          <Button variant="secondary" onClick={() => show({ ...filter, record: '' })}>
            Alle Einträge zeigen
          </Button>
        </p>
      )}
      <LiveNotices live={live} onShowNew={() => show(filter, 1)} />
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600 dark:text-slate-300" aria-live="polite">
          {list.data ? `${more ? 'mehr als ' : ''}${formatNumber(list.data.total)} Einträge` : ''}
        </p>
        <Button variant="secondary" onClick={() => void csv.run()} disabled={csv.exporting}>
          {csv.exporting ? 'Export läuft …' : 'Als CSV exportieren'}
        </Button>
      </div>
      {csv.error && <Alert tone="warning">{csv.error}</Alert>}
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
          <AuditTable
            rows={list.data.rows}
            fresh={live.fresh}
            page={page}
            onUndone={done}
            resumeId={resumeId}
            onUndoResumed={resumeSeen}
          />
          <nav aria-label="Seiten" className="mt-4 flex items-center justify-center gap-3">
            <Button variant="secondary" disabled={page <= 1} onClick={toPrevious}>
              Zurück
            </Button>
            <span className="text-sm">
              Seite {formatNumber(page)} von {more ? 'mehr als ' : ''}
              {formatNumber(pages)}
            </span>
            <Button variant="secondary" disabled={!hasNext} onClick={toNext}>
              Weiter
            </Button>
          </nav>
        </>
      )}
    </section>
  );
}

/** The CSV export of what the filter selects, and its failure. */
function useCsvExport(filter: AuditFilterValues) {
  const [error, setError] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const run = async () => {
    setError(null);
    setExporting(true);
    try {
      await downloadCsv(filter);
    } catch {
      setError('Der Export ist fehlgeschlagen. Bitte versuche es erneut.');
    } finally {
      setExporting(false);
    }
  };
  return { error, exporting, run };
}

function AuditTable({
  rows,
  fresh,
  page,
  onUndone,
  resumeId,
  onUndoResumed,
}: {
  rows: AuditRow[];
  /** Rows that arrived live (decision 106). */
  fresh: ReadonlySet<string>;
  page: number;
  onUndone: (text: string) => void;
  /** The row whose undo question opens again after the sign-in. */
  resumeId: string | null;
  onUndoResumed: () => void;
}) {
  return (
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
        {rows.map((row) => (
          <AuditRowView
            key={row.id}
            row={row}
            fresh={fresh.has(row.id)}
            onUndone={onUndone}
            resumeUndo={row.id === resumeId}
            onUndoResumed={onUndoResumed}
          />
        ))}
      </tbody>
    </table>
  );
}

/**
 * The live updates' notices (decision 106): paused while they do not arrive; on a later page the
 * count of new entries with the way to them; every arrival said politely to screen readers.
 */
function LiveNotices({ live, onShowNew }: { live: LiveAudit; onShowNew: () => void }) {
  return (
    <>
      <p className="sr-only" aria-live="polite">
        {live.announcement}
      </p>
      {live.paused && (
        <p role="status" className="mb-3 text-sm text-amber-800 dark:text-amber-200">
          Live-Aktualisierung pausiert. Neue Einträge erscheinen wieder, sobald die Verbindung steht.
        </p>
      )}
      {live.waiting > 0 && (
        <div role="status" className="mb-3">
          <Button variant="secondary" onClick={onShowNew}>
            {live.waiting === 1 ? '1 neuer Eintrag' : `${live.waiting} neue Einträge`}
          </Button>
        </div>
      )}
    </>
  );
}
