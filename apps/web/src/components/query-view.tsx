import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Button } from './ui/button';
import { EmptyState } from './ui/empty-state';
import { Loading } from './ui/loading';
import { failureStatus } from './failure-status';

/**
 * The states of a player list screen (specification §4, specification §8): loading text; a game API 403 is the
 * unauthorized page, 404 the not-found page; any other failure is logged by the BFF and shows that
 * loading failed, with a retry. Not the empty text: the spec's old client fell back to an empty
 * list, which reads as if the data were gone.
 */
export function QueryView<T>({
  query,
  loadingText,
  emptyText,
  isEmpty,
  children,
}: {
  query: UseQueryResult<T, unknown>;
  loadingText?: string;
  emptyText: string;
  isEmpty: (data: T) => boolean;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Loading {...(loadingText ? { text: loadingText } : {})} />;
  if (query.isError) {
    const status = failureStatus(query.error);
    if (status) return status;
    return (
      <div
        role="alert"
        className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 px-4 py-10 text-center text-slate-700 dark:border-slate-700 dark:text-slate-200"
      >
        <p>Die Daten konnten gerade nicht geladen werden.</p>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          Erneut versuchen
        </Button>
      </div>
    );
  }
  if (isEmpty(query.data)) return <EmptyState>{emptyText}</EmptyState>;
  return <>{children(query.data)}</>;
}
