import type { ReactNode } from 'react';
import { PageHeader } from '../../../components/ui/page-header';
import { ForeignBanner } from './foreign-banner';

/** Frame of every player screen: title, header, the foreign-profile banner. */
export function PlayerPage({
  title,
  lines,
  children,
}: {
  title: string;
  lines?: string[];
  children: ReactNode;
}) {
  return (
    <section>
      <title>{`${title} – Nova Legacy`}</title>
      <ForeignBanner />
      <PageHeader title={title} {...(lines ? { lines } : {})} />
      {children}
    </section>
  );
}
