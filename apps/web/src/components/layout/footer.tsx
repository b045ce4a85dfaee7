import { yearMonthOf } from '@nova/domain';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { publicConfig } from '../../config/public-config';
import { useNow } from '../../lib/render-time';

/**
 * Specification §2.14: Impressum, the background image credit, © 2024 up to the current year: the
 * year in Berlin, so the server's render (its clock in UTC) and the visitor's agree on New Year's Eve.
 */
export function Footer() {
  const { year } = yearMonthOf(new Date(useNow()));
  const credit = publicConfig.backgroundCredit;
  const external = /^https?:/.test(credit.url);
  return (
    <footer className="border-t border-slate-200 bg-white py-6 text-sm text-slate-600 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-4 px-4">
        <nav aria-label="Fußzeile" className="flex flex-wrap gap-x-4 gap-y-2">
          <Link to={paths.imprint}>Impressum</Link>
          <Link to={paths.termsOfUse}>Nutzungsbedingungen &amp; Datenschutz</Link>
          <Link to={paths.toplist}>Toplist</Link>
          <Link to={paths.calendar}>Fight-Kalender</Link>
          {external ? (
            <a href={credit.url} target="_blank" rel="noopener noreferrer">
              {credit.text}
            </a>
          ) : (
            <Link to={credit.url}>{credit.text}</Link>
          )}
        </nav>
        <p>© {year > 2024 ? `2024–${year}` : '2024'} Nova Legacy</p>
      </div>
    </footer>
  );
}
