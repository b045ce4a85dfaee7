/**
 * The generic table's state (decision 061): the rows searched and sorted, the TanStack table over
 * them with the sort and the hidden columns of the address, and the page to show.
 */
import { getCoreRowModel, useReactTable, type ColumnDef, type RowData } from '@tanstack/react-table';
import type { GridState, Grid } from './grid-state';

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

/**
 * Search and sort run before the table sees the rows: a few lines instead of TanStack's row
 * models (the Control Panel chunk budget, decision 061); TanStack keeps the sort state, headers
 * and columns.
 */
function searchAndSort<T>(data: T[], columns: ColumnDef<T>[], state: GridState) {
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
  return { needle, rows };
}

/**
 * Where a row shows in the grid: the page it is on under the grid's search, sort and page size;
 * when the search hides it, the search is cleared. Null when the row is not in the data at all.
 */
export function placeOfRow<T>(
  data: T[],
  columns: ColumnDef<T>[],
  state: GridState,
  isRow: (row: T) => boolean,
): Pick<GridState, 'page' | 'search'> | null {
  for (const search of state.search ? [state.search, ''] : ['']) {
    const index = searchAndSort(data, columns, { ...state, search }).rows.findIndex(isRow);
    if (index >= 0) return { page: Math.floor(index / state.pageSize) + 1, search };
  }
  return null;
}

export function useDataTable<T>({
  data,
  columns,
  grid,
  getRowId,
}: {
  data: T[];
  columns: ColumnDef<T>[];
  grid: Grid;
  getRowId: (row: T) => string;
}) {
  const { state, update } = grid;
  const { needle, rows } = searchAndSort(data, columns, state);
  // eslint-disable-next-line react-hooks/incompatible-library -- useReactTable's API cannot be memoised, so the React Compiler skips this hook; none runs in this build (with one, HeaderCell and BodyRow would need 'use no memo')
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
  return { table, needle, found: ordered.length, page, totalPages, shownRows };
}
