import { SYNC_TEXTS, type LinkablePlatform } from '@nova/domain';
import { useEffect, useRef, type ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Loading } from '../../../components/ui/loading';
import { PageHeader } from '../../../components/ui/page-header';
import { MessageRegion } from '../../../components/ui/timed-message';
import { cn } from '../../../lib/cn';
import { FAILED } from '../api';
import { SyncStep } from './sync-step';
import type { Step, Wizard } from './use-wizard';

/**
 * The three-step wizard of specification §2.29 and §4.5: Download, Authentifizierung, Sync. Only the current step
 * is active; the others are dimmed and their controls are disabled (an inert section). When the
 * player moved to a step, its heading takes the focus (the control used is now inert).
 */
export function WizardStep({
  index,
  current,
  focus,
  children,
}: {
  index: Step;
  current: Step;
  focus: boolean;
  children: ReactNode;
}) {
  const active = index === current;
  const title = SYNC_TEXTS.steps[index];
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (active && focus) heading.current?.focus();
  }, [active, focus]);
  return (
    <Card
      aria-current={active ? 'step' : undefined}
      aria-label={`Schritt ${index + 1}: ${title}`}
      role="group"
      inert={!active}
      className={cn('min-w-0 transition-opacity', active ? '' : 'opacity-50')}
    >
      <h2 ref={heading} tabIndex={-1} className="mb-3 flex items-center gap-3 text-lg font-semibold">
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

/**
 * The shell both wizards share (Teamspeak, Discord): heading, the one message region, the download
 * step with "Weiter", the platform's authentication step and the sync step.
 */
export function WizardShell({
  title,
  plattform,
  wizard,
  download,
  authentication,
}: {
  title: string;
  plattform: LinkablePlatform;
  wizard: Wizard;
  download: ReactNode;
  authentication: ReactNode;
}) {
  if (!wizard.ready) {
    return (
      <section>
        <PageHeader title={title} />
        {wizard.status.isError ? <Alert tone="error">{FAILED}</Alert> : <Loading />}
      </section>
    );
  }
  const { step, focused } = wizard;
  return (
    <section>
      <PageHeader title={title} />
      <MessageRegion message={wizard.message} />
      <ol className="grid gap-4 lg:grid-cols-3">
        <li className="min-w-0">
          <WizardStep index={0} current={step} focus={focused === 0}>
            {download}
            <Button onClick={wizard.next}>{SYNC_TEXTS.next}</Button>
          </WizardStep>
        </li>
        <li className="min-w-0">
          <WizardStep index={1} current={step} focus={focused === 1}>
            {authentication}
          </WizardStep>
        </li>
        <li className="min-w-0">
          <WizardStep index={2} current={step} focus={focused === 2}>
            <SyncStep
              plattform={plattform}
              account={wizard.account}
              active={step === 2}
              onUnlinked={() => wizard.go(0)}
              show={wizard.show}
            />
          </WizardStep>
        </li>
      </ol>
    </section>
  );
}
