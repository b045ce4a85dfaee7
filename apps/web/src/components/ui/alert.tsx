import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

const tones = {
  error: 'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100',
  warning:
    'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100',
  success:
    'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100',
  info: 'border-brand-200 bg-brand-50 text-brand-900 dark:border-brand-800 dark:bg-brand-950 dark:text-brand-100',
};

export function Alert({
  tone = 'info',
  children,
  action,
}: {
  tone?: keyof typeof tones;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div
      role={tone === 'error' || tone === 'warning' ? 'alert' : 'status'}
      className={cn(
        'mb-4 flex flex-wrap items-center justify-between gap-3 rounded-lg border px-4 py-3 text-sm',
        tones[tone],
      )}
    >
      <div>{children}</div>
      {action}
    </div>
  );
}
