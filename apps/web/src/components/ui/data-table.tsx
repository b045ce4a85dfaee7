import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type RowData,
} from '@tanstack/react-table';
import { useId, useState, type ReactNode, type SyntheticEvent } from 'react';
import { cn } from '../../lib/cn';
import { Input, Select } from './field';
import { Pagination } from './pagination';
import { PAGE_SIZES, type Grid } from './grid-state';

declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the augmented interface must keep TanStack's type parameters
  interface ColumnMeta<TData extends RowData, TValue> {
    /** The cell as read (option labels, German numbers): what the search matches. */
    text?: (row: TData) => string;
  }
}

const germanCollator = new Intl.Collator('de', { numeric: true, sensitivity: 'base' });

/** The value a column sorts by (its accessor's). */
function valueOf<T>(column: ColumnDef<T>, row: T, index: number): unknown {
  return 'accessorFn' in column ? column.accessorFn(row, index) : undefined;
}

/** A cell as it reads (`meta.text`, else its value): what the search matches. */
function textOf<T>(column: ColumnDef<T>, row: T, index: number): string {
  if (column.meta?.text) return column.meta.text(row);
  const value = valueOf(column, row, index);
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

const plain = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';
const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/** Numbers by value, texts in German order; empty cells last in either direction. */
function compareValues(x: unknown, y: unknown, desc: boolean): number {
  if (isEmpty(x) || isEmpty(y)) return Number(isEmpty(x)) - Number(isEmpty(y));
  const order =
    typeof x === 'number' && typeof y === 'number' ? x - y : germanCollator.compare(plain(x), plain(y));
  return desc ? -order : order;
}

const label = 'text-sm font-medium text-slate-800 dark:text-slate-200';
const plainButton =
  'min-h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 hover:bg-slate-100 focus:ring-2 focus:ring-brand-500 focus:outline-none dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800';
/** The actions column stays at the right edge while the rest scrolls (decision 061). */
const sticky =
  'sticky right-0 bg-inherit shadow-[-6px_0_6px_-6px_rgb(0_0_0/0.25)] dark:shadow-[-6px_0_6px_-6px_rgb(0_0_0/0.8)]';

/**
 * The generic table (doc 2 "Generic table screen", §9: 20 rows a page, at most 10 page buttons) on
 * TanStack Table, paged on the client: sort by a header, search every column as it reads, hide
 * columns ("Spalten"), rows per page and a page to jump to, all of it in the address (`grid`,
 * decision 061). A row opens by double-click or with its own button in a sticky last column
 * (`rowAction`); `data-row-id` lets a closing dialog find that button again.
 */
export function DataTable<T>({
  caption,
  data,
  columns,
  grid,
  rowAction,
  getRowId,
  toolbar,
  emptyText = 'Keine Einträge gefunden.',
}: {
  caption: string;
  data: T[];
  columns: ColumnDef<T>[];
  grid: Grid;
  rowAction?: { label: (row: T) => string; text: string; onAction: (row: T) => void };
  getRowId: (row: T) => string;
  /** The screen's own filters, shown beside the search. */
  toolbar?: ReactNode;
  /** Shown in the table when nothing is left after searching or filtering. */
  emptyText?: string;
}) {
  const { state, update } = grid;
  const searchId = useId();
  const sizeId = useId();
  // Search and sort run before the table sees the rows: a few lines instead of TanStack's row
  // models (the Control Panel chunk budget, decision 061); TanStack keeps the sort state, headers
  // and columns.
  const needle = state.search.trim().toLocaleLowerCase('de');
  const found = needle
    ? data.filter((row, index) =>
        columns.some(
          (column) =>
            !state.hidden.includes(column.id ?? '') &&
            textOf(column, row, index).toLocaleLowerCase('de').includes(needle),
        ),
      )
    : data;
  const sortColumn = state.sort && columns.find((column) => column.id === state.sort?.id);
  const rows =
    state.sort && sortColumn
      ? found
          .map((row, index) => ({ row, value: valueOf(sortColumn, row, index) }))
          .sort((a, b) => compareValues(a.value, b.value, state.sort?.desc ?? false))
          .map(({ row }) => row)
      : found;
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table returns a new instance API each render, so the React Compiler must not memoise this component (it skips it either way)
  const table = useReactTable({
    data: rows,
    columns,
    manualSorting: true,
    getRowId: (row) => getRowId(row),
    getCoreRowModel: getCoreRowModel(),
    // The page is the address's: TanStack's own page reset on every new row array (a sorted or
    // searched list is one each render) was a state update per render, so the table never rested
    // and held back the router's transitions (a second header click or a search showed nothing).
    autoResetAll: false,
    sortDescFirst: false,
    state: {
      sorting: state.sort ? [state.sort] : [],
      columnVisibility: Object.fromEntries(state.hidden.map((id) => [id, false])),
    },
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(state.sort ? [state.sort] : []) : updater;
      update({ sort: next[0] ?? null });
    },
  });
  const ordered = table.getRowModel().rows;
  const totalPages = Math.max(1, Math.ceil(ordered.length / state.pageSize));
  // An address past the end (after a deletion, or a shared link) shows the last page there is.
  const page = Math.min(state.page, totalPages);
  const shownRows = ordered.slice((page - 1) * state.pageSize, page * state.pageSize);
  const hideable = table.getAllLeafColumns();
  const visibleCount = table.getVisibleLeafColumns().length + (rowAction ? 1 : 0);

  return (
    <div>
      <div className="mb-3 flex flex-wrap items-end gap-3">
        <div className="flex min-w-0 flex-1 basis-56 flex-col gap-1">
          <label htmlFor={searchId} className={label}>
            Suchen
          </label>
          <Input
            id={searchId}
            type="search"
            value={state.search}
            autoComplete="off"
            onChange={(event) => update({ search: event.target.value })}
          />
        </div>
        {toolbar}
        <ColumnMenu
          columns={hideable.map((column) => ({
            id: column.id,
            header: typeof column.columnDef.header === 'string' ? column.columnDef.header : column.id,
            visible: column.getIsVisible(),
          }))}
          onChange={(hidden) => update({ hidden })}
        />
      </div>
      <p role="status" className="sr-only">
        {needle ? `${ordered.length} Treffer` : ''}
      </p>
      <div className="relative overflow-x-auto rounded-xl border border-slate-200 dark:border-slate-800">
        <table className="min-w-full divide-y divide-slate-200 text-left text-sm dark:divide-slate-800">
          <caption className="sr-only">
            {caption}, Seite {page} von {totalPages}
          </caption>
          <thead className="bg-slate-50 dark:bg-slate-900">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}
                      className="px-1 py-1 font-semibold whitespace-nowrap text-slate-700 dark:text-slate-200"
                    >
                      {header.isPlaceholder ? null : (
                        <button
                          type="button"
                          className="inline-flex min-h-10 items-center gap-1 rounded-lg px-2 hover:bg-slate-200 focus:ring-2 focus:ring-brand-500 focus:outline-none dark:hover:bg-slate-800"
                          onClick={header.column.getToggleSortingHandler()}
                        >
                          {flexRender(header.column.columnDef.header, header.getContext())}
                          <span aria-hidden="true" className="w-3 text-xs text-slate-500 dark:text-slate-400">
                            {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                          </span>
                        </button>
                      )}
                    </th>
                  );
                })}
                {rowAction && (
                  <th scope="col" className={cn('bg-slate-50 px-3 py-2 dark:bg-slate-900', sticky)}>
                    <span className="sr-only">Aktionen</span>
                  </th>
                )}
              </tr>
            ))}
          </thead>
          <tbody className="divide-y divide-slate-100 bg-white dark:divide-slate-800 dark:bg-slate-950">
            {shownRows.length === 0 && (
              <tr>
                <td
                  colSpan={visibleCount}
                  className="px-3 py-6 text-center text-slate-600 dark:text-slate-300"
                >
                  {emptyText}
                </td>
              </tr>
            )}
            {shownRows.map((row) => (
              <tr
                key={row.id}
                data-row-id={row.id}
                className={cn(
                  'bg-white dark:bg-slate-950',
                  rowAction && 'cursor-pointer hover:bg-brand-50 dark:hover:bg-slate-900',
                )}
                onDoubleClick={rowAction ? () => rowAction.onAction(row.original) : undefined}
              >
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} className="px-3 py-2 whitespace-nowrap">
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
                {rowAction && (
                  <td className={cn('px-3 py-1 text-right', sticky)}>
                    <button
                      type="button"
                      className="min-h-10 rounded-lg px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50 focus:ring-2 focus:ring-brand-500 focus:outline-none dark:text-brand-300 dark:hover:bg-slate-800"
                      aria-label={rowAction.label(row.original)}
                      onClick={() => rowAction.onAction(row.original)}
                    >
                      {rowAction.text}
                    </button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination page={page} totalPages={totalPages} onPageChange={(next) => update({ page: next })} />
      <div className="mt-3 flex flex-wrap items-center justify-center gap-4">
        <div className="flex items-center gap-2">
          <label htmlFor={sizeId} className={label}>
            Pro Seite
          </label>
          <Select
            id={sizeId}
            className="w-auto"
            value={state.pageSize}
            onChange={(event) => update({ pageSize: Number(event.target.value) })}
          >
            {PAGE_SIZES.map((size) => (
              <option key={size}>{size}</option>
            ))}
          </Select>
        </div>
        {totalPages > 1 && <JumpToPage totalPages={totalPages} onJump={(next) => update({ page: next })} />}
      </div>
    </div>
  );
}

/** A page number to go to, for pages beyond the visible buttons; emptied after the jump. */
function JumpToPage({ totalPages, onJump }: { totalPages: number; onJump: (page: number) => void }) {
  const id = useId();
  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const field = event.currentTarget.elements.namedItem('seite');
    const wanted = field instanceof HTMLInputElement ? Number.parseInt(field.value, 10) : Number.NaN;
    event.currentTarget.reset();
    if (Number.isFinite(wanted)) onJump(Math.min(Math.max(1, wanted), totalPages));
  };
  return (
    <form className="flex items-center gap-2" onSubmit={submit}>
      <label htmlFor={id} className={label}>
        Zu Seite
      </label>
      <Input id={id} name="seite" className="w-20" inputMode="numeric" pattern="[0-9]*" autoComplete="off" />
      <span className="text-sm text-slate-600 dark:text-slate-300">von {totalPages}</span>
      <button type="submit" className={plainButton}>
        Springen
      </button>
    </form>
  );
}

/** "Spalten": a disclosure of checkboxes, one per column; the last visible one cannot be hidden. */
function ColumnMenu({
  columns,
  onChange,
}: {
  columns: { id: string; header: string; visible: boolean }[];
  onChange: (hidden: string[]) => void;
}) {
  const [open, setOpen] = useState(false);
  const visible = columns.filter((column) => column.visible).length;
  const toggle = (id: string, show: boolean) =>
    onChange(
      columns.filter((column) => (column.id === id ? !show : !column.visible)).map((column) => column.id),
    );
  return (
    // The checkboxes exist only while open: closed, their column names are not a second set of
    // fields named like the screen's filters.
    <details className="relative" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className={cn(plainButton, 'inline-flex cursor-pointer items-center')}>Spalten</summary>
      {open && (
        <fieldset className="absolute right-0 z-20 mt-1 max-h-80 w-56 overflow-y-auto rounded-lg border border-slate-200 bg-white p-2 shadow-lg dark:border-slate-700 dark:bg-slate-900">
          <legend className="sr-only">Sichtbare Spalten</legend>
          {columns.map((column) => (
            <label key={column.id} className="flex min-h-10 cursor-pointer items-center gap-2 px-2 text-sm">
              <input
                type="checkbox"
                className="size-4"
                checked={column.visible}
                disabled={column.visible && visible === 1}
                onChange={(event) => toggle(column.id, event.target.checked)}
              />
              {column.header}
            </label>
          ))}
        </fieldset>
      )}
    </details>
  );
}
