import { usePageTitle } from './layout/page-title';
import { PageHeader } from './ui/page-header';
import { Alert } from './ui/alert';

/** A screen whose route and guard exist but whose content ships in a later issue; it says so. */
export function ComingSoon({ title, issue }: { title: string; issue: string }) {
  usePageTitle(title);
  return (
    <section>
      <PageHeader title={title} />
      <Alert tone="info">
        Dieser Bereich ist in Arbeit und noch nicht verfügbar ({issue}). Die Seite ist bereits geschützt und
        nur mit den passenden Rechten erreichbar.
      </Alert>
    </section>
  );
}
