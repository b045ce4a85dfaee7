import { LIMITS, TOPLIST_COLUMNS } from '@nova/domain';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';

interface Row {
  rank: number;
  player: string;
  value: number;
}

/**
 * Specification §2.11: Platzierung, Spielername, value column; 5 skeleton rows while it has no rows. The
 * signed-in player's own rows are highlighted. Below 640 px the row is stacked: the value goes under
 * the name, so the name has the whole width and stays whole (decision 093), and the rank header
 * reads "Platz"; wider, a name too long for its column is cut with "…", the full name in its title.
 */
export function RankTable({
  title,
  valueColumn,
  rows,
  isOwn = () => false,
}: {
  title: string;
  valueColumn: string;
  rows: readonly Row[];
  isOwn?: (player: string) => boolean;
}) {
  const id = `tabelle-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <Card className="min-w-0 p-0">
      <table className="w-full table-fixed text-left text-sm" aria-labelledby={id}>
        <caption id={id} className="px-3 pt-4 pb-2 text-left text-lg font-semibold sm:px-4">
          {title}
        </caption>
        <thead className="border-b border-slate-200 text-slate-600 dark:border-slate-800 dark:text-slate-300">
          <tr>
            <th scope="col" className="w-14 px-2 py-2 font-medium sm:w-28 sm:px-4">
              <span aria-hidden="true" className="sm:hidden">
                Platz
              </span>
              <span className="max-sm:sr-only">{TOPLIST_COLUMNS.rank}</span>
            </th>
            <th scope="col" className="px-2 py-2 font-medium sm:px-4">
              {TOPLIST_COLUMNS.player}
              <span className="sm:hidden"> / {valueColumn}</span>
            </th>
            <th scope="col" className="w-40 px-4 py-2 text-right font-medium max-sm:hidden">
              {valueColumn}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0
            ? Array.from({ length: LIMITS.skeletonRows }, (_, i) => (
                <tr
                  key={i}
                  data-testid="skeleton-row"
                  className="border-b border-slate-100 last:border-0 dark:border-slate-800"
                >
                  <td className="px-2 py-3 sm:px-4">
                    <Skeleton className="w-6" />
                  </td>
                  <td className="px-2 py-3 sm:px-4">
                    <Skeleton className="w-full max-w-32" />
                  </td>
                  <td className="px-4 py-3 text-right max-sm:hidden">
                    <Skeleton className="ml-auto w-12 max-w-full" />
                  </td>
                </tr>
              ))
            : rows.map((row) => {
                const own = isOwn(row.player);
                return (
                  <tr
                    key={row.rank}
                    data-own={own || undefined}
                    className={cn(
                      'border-b border-slate-100 last:border-0 dark:border-slate-800',
                      own && 'bg-brand-50 font-semibold text-brand-900 dark:bg-brand-950 dark:text-brand-100',
                    )}
                  >
                    <td className="px-2 py-2.5 font-semibold tabular-nums sm:px-4">{row.rank}</td>
                    <td className="px-2 py-2.5 break-words sm:truncate sm:px-4" title={row.player}>
                      {row.player}
                      {own && <span className="sr-only"> (du)</span>}
                      <span className="block font-normal text-slate-600 tabular-nums sm:hidden dark:text-slate-300">
                        {row.value.toLocaleString('de-DE')}
                      </span>
                    </td>
                    <td className="px-4 py-2.5 text-right whitespace-nowrap tabular-nums max-sm:hidden">
                      {row.value.toLocaleString('de-DE')}
                    </td>
                  </tr>
                );
              })}
        </tbody>
      </table>
    </Card>
  );
}
