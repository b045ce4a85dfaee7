import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

const tones = {
  success: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/60 dark:text-emerald-200',
  muted: 'bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-200',
  warning: 'bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-100',
  danger: 'bg-red-100 text-red-800 dark:bg-red-900/60 dark:text-red-200',
  brand: 'bg-brand-100 text-brand-800 dark:bg-brand-900/60 dark:text-brand-200',
};

export function Badge({ tone = 'muted', children }: { tone?: keyof typeof tones; children: ReactNode }) {
  return (
    <span
      className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold', tones[tone])}
    >
      {children}
    </span>
  );
}
