import { LIMITS, pageWindow } from '@nova/domain';
import { cn } from '../../lib/cn';

const button =
  'inline-flex min-h-10 min-w-10 items-center justify-center rounded-lg border px-3 text-sm font-medium disabled:cursor-not-allowed disabled:opacity-50';
const idle =
  'border-slate-300 bg-white text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800';
const current = 'border-brand-600 bg-brand-600 text-white dark:border-brand-500 dark:bg-brand-500';

/**
 * Specification §2.34 "Generic table screen": Previous, numbered pages (at most 10 visible, §9.5), Next. The
 * current page is marked for screen readers with `aria-current`.
 */
export function Pagination({
  page,
  totalPages,
  onPageChange,
  label = 'Seiten',
}: {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  label?: string;
}) {
  if (totalPages <= 1) return null;
  const pages = pageWindow(page, totalPages, LIMITS.maxPageButtons);
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap items-center justify-center gap-1.5">
      <button
        type="button"
        className={cn(button, idle)}
        disabled={page <= 1}
        onClick={() => onPageChange(page - 1)}
      >
        Zurück
      </button>
      {pages.map((number) => (
        <button
          key={number}
          type="button"
          className={cn(button, number === page ? current : idle)}
          aria-current={number === page ? 'page' : undefined}
          aria-label={`Seite ${number}`}
          onClick={() => onPageChange(number)}
        >
          {number}
        </button>
      ))}
      <button
        type="button"
        className={cn(button, idle)}
        disabled={page >= totalPages}
        onClick={() => onPageChange(page + 1)}
      >
        Weiter
      </button>
    </nav>
  );
}
