import { Link, useMatches, type UIMatch } from 'react-router-dom';

export interface RouteHandle {
  crumb?: string;
}

function crumbOf(match: UIMatch): string | undefined {
  const handle = match.handle as RouteHandle | undefined;
  return handle?.crumb;
}

/** Doc 1 §2.6: only with more than one crumb; every crumb but the last is a link. */
export function Breadcrumbs() {
  const crumbs = useMatches()
    .map((match) => ({ label: crumbOf(match), href: match.pathname }))
    .filter((c): c is { label: string; href: string } => Boolean(c.label));
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
