import { ERROR_MESSAGES } from '@nova/domain';
import { Link } from 'react-router-dom';
import { paths } from '../config/paths';
import { usePageTitle } from './layout/page-title';

/** Specification §2.2. */
export const NOT_FOUND_TITLE = 'Seite nicht gefunden';

/** Shown in place of a page (a player who does not exist, a missing role): it names the page. */
function StatusPage({ title, code }: { title: string; code: string }) {
  usePageTitle(title);
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <p aria-hidden="true" className="text-6xl font-black text-brand-600 dark:text-brand-300">
        {code}
      </p>
      <h1 className="mt-4 text-2xl font-bold">{title}</h1>
      <p className="mt-6">
        <Link to={paths.home}>Zur Startseite</Link>
      </p>
    </section>
  );
}

/** Specification §2.2. */
export function NotFoundPage() {
  return <StatusPage title={NOT_FOUND_TITLE} code="404" />;
}

/** Specification §2.3: shown in place, without changing the address. */
export function UnauthorizedPage() {
  return <StatusPage title={ERROR_MESSAGES.FORBIDDEN} code="403" />;
}
