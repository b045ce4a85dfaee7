import {
  CATALOGUE_EDIT_PARAM,
  CATALOGUES,
  CATALOGUE_LOAD_FAILED,
  catalogueMessages,
  codeText,
  optionLabel,
  vehicleModelName,
  type Catalogue,
  type CatalogueField,
  type CatalogueKey,
} from '@nova/domain';
import type { CatalogueItem } from '@nova/contracts';
import type { ColumnDef } from '@tanstack/react-table';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { failureStatus } from '../../components/failure-status';
import { Button } from '../../components/ui/button';
import { DataTable } from '../../components/ui/data-table';
import { readGrid, useGridState, writeGrid } from '../../components/ui/grid-state';
import { EmptyState } from '../../components/ui/empty-state';
import { FallbackImage } from '../../components/ui/fallback-image';
import { LazyDialog } from '../../components/ui/lazy-dialog';
import { Loading } from '../../components/ui/loading';
import { PageHeader } from '../../components/ui/page-header';
import { placeOfRow } from '../../components/ui/use-data-table';
import { MessageRegion, useTimedMessage } from '../../components/ui/timed-message';
import { assets } from '../../config/assets';
import { useWriteDialog } from '../../lib/write-dialog';
import { useCatalogueList } from './catalogue-api';
import { CatalogueDialog, catalogueDialog } from './dialog-chunk';
import type { FormValues } from './form-values';

/**
 * A manager screen of Server Management (specification §2.34 "Generic table screen"): the catalogue's list, loaded
 * once and sorted, searched and paged on the client (all of it in the address, decision 061), an add
 * button when the catalogue can create, and the add/edit dialog.
 */
export function CataloguePage({ catalogueKey }: { catalogueKey: CatalogueKey }) {
  const catalogue: Catalogue = CATALOGUES[catalogueKey];
  const messages = catalogueMessages(catalogue.entity);
  const list = useCatalogueList(catalogueKey);
  const notice = useTimedMessage();
  const grid = useGridState();
  // A form left for the sign-in (401 during saving, or the re-authentication before a delete) opens
  // again with what was typed.
  const dialog = useWriteDialog<CatalogueItem<CatalogueKey>, FormValues>(
    `catalogue:${catalogueKey}`,
    isFormValues,
  );

  const columns = useMemo(() => columnsOf<CatalogueItem<CatalogueKey>>(catalogue), [catalogue]);

  useEditFromLink(list.data, columns, dialog.openEdit);
  const [created, setCreated] = useState<string | null>(null);
  useShowCreated(list.data, columns, created);

  const done = (text: string, createdId?: number) => {
    notice.show({ tone: 'success', text });
    if (createdId !== undefined) setCreated(String(createdId));
  };

  return (
    <section>
      <PageHeader title={catalogue.title}>
        {catalogue.canCreate && (
          <Button onClick={dialog.openCreate} {...dialog.createOpenerProps}>
            {messages.add}
          </Button>
        )}
      </PageHeader>
      <MessageRegion message={notice.message} />
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        (failureStatus(list.error) ?? (
          <div
            role="alert"
            className="flex flex-wrap items-center gap-3 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
          >
            {CATALOGUE_LOAD_FAILED}
            <Button variant="secondary" onClick={() => void list.refetch()}>
              Erneut versuchen
            </Button>
          </div>
        ))
      ) : list.data.length === 0 ? (
        <EmptyState>
          Noch keine Einträge vorhanden.
          {catalogue.canCreate ? ` Lege den ersten mit „${messages.add}“ an.` : ''}
        </EmptyState>
      ) : (
        <>
          <p className="mb-2 text-sm text-slate-600 dark:text-slate-300">
            {list.data.length} Einträge · Doppelklick auf eine Zeile oder „Bearbeiten“ öffnet sie.
            {list.isFetching && ' Wird aktualisiert...'}
          </p>
          <DataTable
            caption={catalogue.title}
            data={list.data}
            columns={columns}
            grid={grid}
            getRowId={(row) => String(row.id)}
            highlightId={created}
            rowAction={{
              text: 'Bearbeiten',
              label: (row) => `${catalogue.entity} ${String(row.id)} bearbeiten`,
              onAction: dialog.openEdit,
            }}
          />
        </>
      )}
      <LazyDialog chunk={catalogueDialog} open={dialog.open !== null} onClose={dialog.close}>
        <CatalogueDialog catalogueKey={catalogueKey} dialog={dialog} onDone={done} />
      </LazyDialog>
    </section>
  );
}

function isFormValues(values: unknown): values is FormValues {
  return (
    typeof values === 'object' &&
    values !== null &&
    Object.values(values).every((value) => typeof value === 'string')
  );
}

/** A row of any catalogue, as the generic table reads it: its fields by name. */
type Row = { readonly id: number } & Readonly<Record<string, unknown>>;

const tableNumber = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 6 });

/** The field's value as the table uses it: a "none" value counts as empty (shown "–", sorted last). */
function valueOf(field: CatalogueField, row: Row): unknown {
  const value = row[field.name];
  return field.none !== undefined && value === field.none ? null : value;
}

/**
 * The table's columns from the registry: every field shown as a column, and after a vehicle type id
 * the model's name ("Modell", decision 061).
 */
function columnsOf<R extends Row>(catalogue: Catalogue): ColumnDef<R>[] {
  return catalogue.fields
    .filter((field) => field.column !== false)
    .flatMap((field): ColumnDef<R>[] => {
      const column: ColumnDef<R> = {
        id: field.name,
        header: field.label,
        accessorFn: (row) => valueOf(field, row),
        cell: ({ getValue }) => <Cell field={field} value={getValue()} />,
        meta: { text: (row) => cellText(field, valueOf(field, row)) },
      };
      if (field.shows !== 'vehicle-model') return [column];
      const model = (row: R) => {
        const id = row[field.name];
        return typeof id === 'number' ? vehicleModelName(id) : null;
      };
      return [
        column,
        {
          id: `${field.name}-model`,
          header: 'Modell',
          accessorFn: model,
          cell: ({ getValue }) => getValue<string | undefined>() ?? <Empty />,
          meta: { text: (row) => model(row) ?? '' },
        },
      ];
    });
}

/** A cell as it reads: what the search matches. */
function cellText(field: CatalogueField, value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'number') {
    if (field.kind === 'yes-no' || field.kind === 'options') return optionLabel(field.options ?? [], value);
    return codeText(field, value) ?? tableNumber.format(value);
  }
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function Empty() {
  return <span aria-label="leer">–</span>;
}

function Cell({ field, value }: { field: CatalogueField; value: unknown }) {
  if (value === undefined || value === null || value === '') return <Empty />;
  if (field.shows === 'skin-preview' && typeof value === 'number') {
    return (
      <span className="inline-flex items-center gap-2">
        <FallbackImage
          src={assets.skin(value)}
          fallback={assets.placeholder.skinFor(value)}
          alt=""
          width={32}
          height={32}
          loading="lazy"
          className="size-8 rounded bg-slate-100 object-contain dark:bg-slate-800"
        />
        {tableNumber.format(value)}
      </span>
    );
  }
  if (field.kind === 'colour' && typeof value === 'string') {
    return (
      <span className="inline-flex items-center gap-2">
        <span
          aria-hidden="true"
          className="size-4 rounded border border-slate-300 dark:border-slate-600"
          style={{ backgroundColor: value }}
        />
        {value}
      </span>
    );
  }
  const text = cellText(field, value);
  if (typeof value === 'number') return <>{text}</>;
  return (
    <span className="block max-w-72 truncate" title={text}>
      {text}
    </span>
  );
}

/**
 * A link from the audit log names a row to open (`?bearbeiten=26`); it opens once, then the
 * parameter goes, so reload and back do not open it again. The grid turns to the row's page
 * (clearing a search that hides it), so it is in view when the dialog closes. A row that is
 * gone opens nothing.
 */
function useEditFromLink<R extends Row>(
  rows: R[] | undefined,
  columns: ColumnDef<R>[],
  openEdit: (row: R) => void,
) {
  const [params, setParams] = useSearchParams();
  const editId = params.get(CATALOGUE_EDIT_PARAM);
  const openedFor = useRef<string | null>(null);
  useEffect(() => {
    if (editId === null || !rows || openedFor.current === editId) return;
    openedFor.current = editId;
    const isRow = (candidate: R) => String(candidate.id) === editId;
    const row = rows.find(isRow);
    if (row) openEdit(row);
    setParams(
      (current) => {
        const state = readGrid(current);
        const place = row ? placeOfRow(rows, columns, state, isRow) : null;
        const copy = place ? writeGrid(current, { ...state, ...place }) : new URLSearchParams(current);
        copy.delete(CATALOGUE_EDIT_PARAM);
        return copy;
      },
      { replace: true },
    );
  }, [editId, rows, openEdit, setParams, columns]);
}

/**
 * A row just created is shown where it lands (decision 093): once the reloaded list has it, the
 * grid turns to its page (clearing a search that hides it) and the table marks it.
 */
function useShowCreated<R extends Row>(rows: R[] | undefined, columns: ColumnDef<R>[], id: string | null) {
  const [, setParams] = useSearchParams();
  const shownFor = useRef<string | null>(null);
  useEffect(() => {
    if (id === null || !rows || shownFor.current === id) return;
    const isRow = (candidate: R) => String(candidate.id) === id;
    if (!rows.some(isRow)) return;
    shownFor.current = id;
    setParams(
      (current) => {
        const state = readGrid(current);
        const place = placeOfRow(rows, columns, state, isRow);
        return place ? writeGrid(current, { ...state, ...place }) : current;
      },
      { replace: true },
    );
  }, [id, rows, setParams, columns]);
}
