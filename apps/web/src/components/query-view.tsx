import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Button } from './ui/button';
import { EmptyState } from './ui/empty-state';
import { Loading } from './ui/loading';
import { failureStatus } from './failure-status';

/**
 * The states of a player list screen (doc 1 §4, doc 2 §8): loading text; a game API 403 is the
 * unauthorized page, 404 the not-found page; any other failure is logged by the BFF and shows the
 * screen's empty state, with a note that loading failed and a retry.
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
      <>
        <EmptyState>{emptyText}</EmptyState>
        <p
          role="alert"
          className="mt-3 flex flex-wrap items-center justify-center gap-3 text-sm text-slate-600 dark:text-slate-300"
        >
          Die Daten konnten gerade nicht geladen werden.
          <Button variant="secondary" onClick={() => void query.refetch()}>
            Erneut versuchen
          </Button>
        </p>
      </>
    );
  }
  if (isEmpty(query.data)) return <EmptyState>{emptyText}</EmptyState>;
  return <>{children(query.data)}</>;
}
