import { LIMITS } from '@nova/domain';
import {
  flexRender,
  getCoreRowModel,
  getPaginationRowModel,
  useReactTable,
  type ColumnDef,
} from '@tanstack/react-table';
import { Pagination } from './pagination';

/**
 * A table paged on the client (doc 2 "Generic table screen", §9: 20 rows a page, at most 10 page
 * buttons), built on TanStack Table. The page is owned by the caller (kept in the address), so a
 * reload of the list keeps it. A row opens by double-click or, for keyboards and touch, with its own
 * button in the last column (`rowAction`); `data-row-id` lets a closing dialog find that button again.
 */
export function DataTable<T>({
  caption,
  data,
  columns,
  page,
  onPageChange,
  rowAction,
  getRowId,
}: {
  caption: string;
  data: T[];
  columns: ColumnDef<T>[];
  page: number;
  onPageChange: (page: number) => void;
  rowAction?: { label: (row: T) => string; text: string; onAction: (row: T) => void };
  getRowId: (row: T) => string;
}) {
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table returns a new instance API each render, so the React Compiler must not memoise this component (it skips it either way)
  const table = useReactTable({
    data,
    columns,
    getRowId: (row) => getRowId(row),
    getCoreRowModel: getCoreRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
    autoResetPageIndex: false,
    state: { pagination: { pageIndex: page - 1, pageSize: LIMITS.pageSize } },
    onPaginationChange: (updater) => {
      const next =
        typeof updater === 'function' ? updater({ pageIndex: page - 1, pageSize: LIMITS.pageSize }) : updater;
      onPageChange(next.pageIndex + 1);
    },
  });
  const totalPages = table.getPageCount();
  return (
    <div>
      <div className="relative overflow-x-auto rounded-xl border border-slate-200 dark:border-slate-800">
        <table className="min-w-full divide-y divide-slate-200 text-left text-sm dark:divide-slate-800">
          <caption className="sr-only">
            {caption}, Seite {page} von {Math.max(1, totalPages)}
          </caption>
          <thead className="bg-slate-50 dark:bg-slate-900">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <th
                    key={header.id}
                    scope="col"
                    className="px-3 py-2 font-semibold whitespace-nowrap text-slate-700 dark:text-slate-200"
                  >
                    {header.isPlaceholder
                      ? null
                      : flexRender(header.column.columnDef.header, header.getContext())}
                  </th>
                ))}
                {rowAction && (
                  <th scope="col" className="px-3 py-2">
                    <span className="sr-only">Aktionen</span>
                  </th>
                )}
              </tr>
            ))}
          </thead>
          <tbody className="divide-y divide-slate-100 bg-white dark:divide-slate-800 dark:bg-slate-950">
            {table.getRowModel().rows.map((row) => (
              <tr
                key={row.id}
                data-row-id={row.id}
                className={rowAction ? 'cursor-pointer hover:bg-brand-50 dark:hover:bg-slate-900' : undefined}
                onDoubleClick={rowAction ? () => rowAction.onAction(row.original) : undefined}
              >
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} className="px-3 py-2 whitespace-nowrap">
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
                {rowAction && (
                  <td className="px-3 py-1 text-right">
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
      <Pagination page={page} totalPages={totalPages} onPageChange={(next) => table.setPageIndex(next - 1)} />
    </div>
  );
}
