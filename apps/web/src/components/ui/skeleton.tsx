import { cn } from '../../lib/cn';

/** A grey placeholder block shown while content is missing (hidden from screen readers). */
export function Skeleton({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      data-skeleton=""
      className={cn('inline-block h-4 animate-pulse rounded bg-slate-200 dark:bg-slate-700', className)}
    />
  );
}
