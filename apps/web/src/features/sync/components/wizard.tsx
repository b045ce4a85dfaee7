import { SYNC_TEXTS } from '@nova/domain';
import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';

export type Step = 0 | 1 | 2;

/**
 * The three-step wizard of doc 2 §2 and §4: Download, Authentifizierung, Sync. Only the current step
 * is active; the others are dimmed and their controls are disabled (an inert section).
 */
export function WizardStep({
  index,
  current,
  children,
}: {
  index: Step;
  current: Step;
  children: ReactNode;
}) {
  const active = index === current;
  const title = SYNC_TEXTS.steps[index];
  return (
    <Card
      aria-current={active ? 'step' : undefined}
      aria-label={`Schritt ${index + 1}: ${title}`}
      role="group"
      inert={!active}
      className={cn('transition-opacity', active ? '' : 'opacity-50')}
    >
      <h2 className="mb-3 flex items-center gap-3 text-lg font-semibold">
        <span
          aria-hidden="true"
          className={cn(
            'grid size-8 place-items-center rounded-full text-sm',
            active
              ? 'bg-brand-600 text-white'
              : 'bg-slate-200 text-slate-700 dark:bg-slate-800 dark:text-slate-200',
          )}
        >
          {index + 1}
        </span>
        {title}
      </h2>
      <div className="space-y-3">{children}</div>
    </Card>
  );
}
