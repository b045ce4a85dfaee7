import { useEffect, useMemo } from 'react';
import { matchRoutes, useLocation, useRoutes } from 'react-router-dom';
import { CrumbsContext, type Crumb } from '../components/layout/breadcrumbs';
import { ErrorBoundary } from './error-boundary';
import { RootLayout } from './root-layout';
import { routes } from './router';

/** Breadcrumbs of the matched routes that carry a label (specification §2.6). */
function useCrumbs(): Crumb[] {
  const location = useLocation();
  return useMemo(
    () =>
      (matchRoutes(routes, location) ?? []).flatMap((match) => {
        const crumb = (match.route.handle as { crumb?: string | null } | undefined)?.crumb;
        return crumb ? [{ label: crumb, href: match.pathnameBase }] : [];
      }),
    [location],
  );
}

/** A new page starts at the top, unless the address names an anchor. */
function useScrollToTop(): void {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
}

export function App() {
  const element = useRoutes(routes);
  const crumbs = useCrumbs();
  const { pathname } = useLocation();
  useScrollToTop();
  return (
    <CrumbsContext.Provider value={crumbs}>
      <RootLayout>
        <ErrorBoundary key={pathname}>{element}</ErrorBoundary>
      </RootLayout>
    </CrumbsContext.Provider>
  );
}
