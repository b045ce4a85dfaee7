import { createContext, useContext } from 'react';
import { Link } from 'react-router-dom';

export interface Crumb {
  label: string;
  href: string;
}

/** Filled by the app from the matched routes of the route table (app/app.tsx). */
export const CrumbsContext = createContext<readonly Crumb[]>([]);

/** Specification §2.6: only with more than one crumb; every crumb but the last is a link. */
export function Breadcrumbs() {
  const crumbs = useContext(CrumbsContext);
  if (crumbs.length <= 1) return null;
  return (
    <nav aria-label="Brotkrümelnavigation" className="mb-4 text-sm">
      <ol className="flex flex-wrap items-center gap-1 text-slate-600 dark:text-slate-300">
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            <li key={crumb.href} className="flex items-center gap-1">
              {index > 0 && <span aria-hidden="true">/</span>}
              {last ? (
                <span aria-current="page" className="font-semibold text-slate-900 dark:text-white">
                  {crumb.label}
                </span>
              ) : (
                <Link to={crumb.href}>{crumb.label}</Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
