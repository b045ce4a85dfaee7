import { isTopValuePending } from '@nova/domain';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';

/** Specification §2.11: in loading state while its value is missing, empty or zero. */
export function TopCard({
  title,
  label,
  entry,
}: {
  title: string;
  label: string;
  entry: { player: string; value: number } | null | undefined;
}) {
  const pending = !entry || isTopValuePending(entry.value);
  return (
    <Card className="min-w-0 text-center" aria-busy={pending}>
      <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">
        {title}
      </h2>
      {pending ? (
        <div className="mt-3 flex flex-col items-center gap-2">
          <Skeleton className="h-7 w-36" />
          <Skeleton className="h-4 w-20" />
          <span className="sr-only">Wird geladen...</span>
        </div>
      ) : (
        <>
          {/* Whole at 360 px: a smaller size there rather than a name cut with "…". */}
          <p className="mt-2 text-lg font-bold break-words sm:truncate sm:text-2xl" title={entry.player}>
            {entry.player}
          </p>
          <p className="text-slate-600 dark:text-slate-300">
            {label}: <span className="font-semibold tabular-nums">{entry.value.toLocaleString('de-DE')}</span>
          </p>
        </>
      )}
    </Card>
  );
}
