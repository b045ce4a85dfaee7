import { flexRender, type ColumnDef, type Header, type Row } from '@tanstack/react-table';
import { useCallback, useId, useState, type ReactNode, type SyntheticEvent } from 'react';
import { cn } from '../../lib/cn';
import { Input, Select } from './field';
import { Pagination } from './pagination';
import { PAGE_SIZES, type Grid } from './grid-state';
import { useDataTable } from './use-data-table';

const label = 'text-sm font-medium text-slate-800 dark:text-slate-200';
const plainButton =
  'min-h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 hover:bg-slate-100 focus:ring-2 focus:ring-brand-500 focus:outline-none dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800';
/** The actions column stays at the right edge while the rest scrolls (decision 061). */
const sticky =
  'sticky right-0 bg-inherit shadow-[-6px_0_6px_-6px_rgb(0_0_0/0.25)] dark:shadow-[-6px_0_6px_-6px_rgb(0_0_0/0.8)]';

interface RowAction<T> {
  label: (row: T) => string;
  text: string;
  onAction: (row: T) => void;
}

/**
 * The generic table (specification §2.34 "Generic table screen", §9.5: 20 rows a page, at most 10 page buttons) on
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
  highlightId = null,
}: {
  caption: string;
  data: T[];
  columns: ColumnDef<T>[];
  grid: Grid;
  rowAction?: RowAction<T>;
  getRowId: (row: T) => string;
  /** The screen's own filters, shown beside the search. */
  toolbar?: ReactNode;
  /** Shown in the table when nothing is left after searching or filtering. */
  emptyText?: string;
  /** A row to mark (a row just created, decision 093): highlighted and scrolled into view. */
  highlightId?: string | null;
}) {
  const { state, update } = grid;
  const { table, needle, found, page, totalPages, shownRows } = useDataTable({
    data,
    columns,
    grid,
    getRowId,
  });
  const visibleCount = table.getVisibleLeafColumns().length + (rowAction ? 1 : 0);

  return (
    <div>
      <SearchBar
        search={state.search}
        onSearch={(search) => update({ search })}
        toolbar={toolbar}
        columns={table.getAllLeafColumns().map((column) => ({
          id: column.id,
          header: typeof column.columnDef.header === 'string' ? column.columnDef.header : column.id,
          visible: column.getIsVisible(),
        }))}
        onHide={(hidden) => update({ hidden })}
      />
      <p role="status" className="sr-only">
        {needle ? `${found} Treffer` : ''}
      </p>
      <div className="relative overflow-x-auto rounded-xl border border-slate-200 dark:border-slate-800">
        <table className="min-w-full divide-y divide-slate-200 text-left text-sm dark:divide-slate-800">
          <caption className="sr-only">
            {caption}, Seite {page} von {totalPages}
          </caption>
          <thead className="bg-slate-50 dark:bg-slate-900">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <HeaderCell key={header.id} header={header} />
                ))}
                {rowAction && (
                  <th scope="col" className={cn('bg-slate-50 px-3 py-2 dark:bg-slate-900', sticky)}>
                    <span className="sr-only">Aktionen</span>
                  </th>
                )}
              </tr>
            ))}
          </thead>
          <tbody className="divide-y divide-slate-100 bg-white dark:divide-slate-800 dark:bg-slate-950">
            {shownRows.length === 0 && <EmptyRow colSpan={visibleCount} text={emptyText} />}
            {shownRows.map((row) => (
              <BodyRow key={row.id} row={row} rowAction={rowAction} highlighted={row.id === highlightId} />
            ))}
          </tbody>
        </table>
      </div>
      <TableFooter page={page} totalPages={totalPages} pageSize={state.pageSize} update={update} />
    </div>
  );
}

/** The search, the screen's own filters and "Spalten". */
function SearchBar({
  search,
  onSearch,
  toolbar,
  columns,
  onHide,
}: {
  search: string;
  onSearch: (search: string) => void;
  toolbar: ReactNode;
  columns: { id: string; header: string; visible: boolean }[];
  onHide: (hidden: string[]) => void;
}) {
  const searchId = useId();
  return (
    <div className="mb-3 flex flex-wrap items-end gap-3">
      <div className="flex min-w-0 flex-1 basis-56 flex-col gap-1">
        <label htmlFor={searchId} className={label}>
          Suchen
        </label>
        <Input
          id={searchId}
          type="search"
          value={search}
          autoComplete="off"
          onChange={(event) => onSearch(event.target.value)}
        />
      </div>
      {toolbar}
      <ColumnMenu columns={columns} onChange={onHide} />
    </div>
  );
}

/** A column's header: a button that sorts by it, its direction in `aria-sort`. */
function HeaderCell<T>({ header }: { header: Header<T, unknown> }) {
  const sorted = header.column.getIsSorted();
  return (
    <th
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
}

function EmptyRow({ colSpan, text }: { colSpan: number; text: string }) {
  return (
    <tr>
      <td colSpan={colSpan} className="px-3 py-6 text-center text-slate-600 dark:text-slate-300">
        {text}
      </td>
    </tr>
  );
}

function BodyRow<T>({
  row,
  rowAction,
  highlighted,
}: {
  row: Row<T>;
  rowAction: RowAction<T> | undefined;
  highlighted: boolean;
}) {
  // Called again only when `highlighted` changes: the marked row comes into view once.
  const ref = useCallback(
    (element: HTMLTableRowElement | null) => {
      if (element && highlighted) element.scrollIntoView({ block: 'nearest' });
    },
    [highlighted],
  );
  return (
    <tr
      ref={ref}
      data-row-id={row.id}
      data-highlighted={highlighted || undefined}
      aria-current={highlighted || undefined}
      className={cn(
        'bg-white dark:bg-slate-950',
        rowAction && 'cursor-pointer hover:bg-brand-50 dark:hover:bg-slate-900',
        highlighted &&
          'outline-2 -outline-offset-2 outline-brand-600 [&>td]:bg-brand-50 dark:outline-brand-400 dark:[&>td]:bg-brand-950',
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
  );
}

/** The page buttons, rows per page and the page to jump to. */
function TableFooter({
  page,
  totalPages,
  pageSize,
  update,
}: {
  page: number;
  totalPages: number;
  pageSize: number;
  update: Grid['update'];
}) {
  const sizeId = useId();
  return (
    <>
      <Pagination page={page} totalPages={totalPages} onPageChange={(next) => update({ page: next })} />
      <div className="mt-3 flex flex-wrap items-center justify-center gap-4">
        <div className="flex items-center gap-2">
          <label htmlFor={sizeId} className={label}>
            Pro Seite
          </label>
          <Select
            id={sizeId}
            className="w-auto"
            value={pageSize}
            onChange={(event) => update({ pageSize: Number(event.target.value) })}
          >
            {PAGE_SIZES.map((size) => (
              <option key={size}>{size}</option>
            ))}
          </Select>
        </div>
        {totalPages > 1 && <JumpToPage totalPages={totalPages} onJump={(next) => update({ page: next })} />}
      </div>
    </>
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
