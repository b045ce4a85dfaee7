import type { ReactNode } from 'react';
import { NotFoundPage } from '../../../components/status-pages';
import { PageHeader } from '../../../components/ui/page-header';
import { classifyError } from '../../../lib/errors';
import { useForeignUser } from '../hooks/use-player-target';
import { ForeignBanner } from './foreign-banner';

/**
 * Frame of every player screen: title, header, the foreign-profile banner. A player who does not
 * exist gets the not-found page alone, not a screen titled for his data around it.
 */
export function PlayerPage({
  title,
  lines,
  children,
}: {
  title: string;
  lines?: string[];
  children: ReactNode;
}) {
  const user = useForeignUser();
  if (user.isError && classifyError(user.error) === 'not-found') return <NotFoundPage />;
  return (
    <section>
      <ForeignBanner />
      <PageHeader title={title} {...(lines ? { lines } : {})} />
      {children}
    </section>
  );
}
