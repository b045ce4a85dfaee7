import { LIMITS, TOPLIST_COLUMNS } from '@nova/domain';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';

interface Row {
  rank: number;
  player: string;
  value: number;
}

/** Doc 1 §2.11: Platzierung, Spielername, value column; 5 skeleton rows while it has no rows. */
export function RankTable({
  title,
  valueColumn,
  rows,
}: {
  title: string;
  valueColumn: string;
  rows: readonly Row[];
}) {
  const id = `tabelle-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <Card className="overflow-x-auto p-0">
      <table className="w-full text-left text-sm" aria-labelledby={id}>
        <caption id={id} className="px-4 pt-4 pb-2 text-left text-lg font-semibold">
          {title}
        </caption>
        <thead className="border-b border-slate-200 text-slate-500 dark:border-slate-800 dark:text-slate-400">
          <tr>
            <th scope="col" className="px-4 py-2 font-medium">
              {TOPLIST_COLUMNS.rank}
            </th>
            <th scope="col" className="px-4 py-2 font-medium">
              {TOPLIST_COLUMNS.player}
            </th>
            <th scope="col" className="px-4 py-2 text-right font-medium">
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
                  <td className="px-4 py-3">
                    <Skeleton className="w-6" />
                  </td>
                  <td className="px-4 py-3">
                    <Skeleton className="w-32" />
                  </td>
                  <td className="px-4 py-3 text-right">
                    <Skeleton className="w-12" />
                  </td>
                </tr>
              ))
            : rows.map((row) => (
                <tr key={row.rank} className="border-b border-slate-100 last:border-0 dark:border-slate-800">
                  <td className="px-4 py-2.5 font-semibold tabular-nums">{row.rank}</td>
                  <td className="px-4 py-2.5">{row.player}</td>
                  <td className="px-4 py-2.5 text-right tabular-nums">{row.value.toLocaleString('de-DE')}</td>
                </tr>
              ))}
        </tbody>
      </table>
    </Card>
  );
}
