import { useEffect, useMemo, useState } from 'react';
import { matchRoutes, useLocation, useRoutes } from 'react-router-dom';
import { CrumbsContext, type Crumb } from '../components/layout/breadcrumbs';
import { PageTitleContext, documentTitle } from '../components/layout/page-title';
import { ErrorBoundary } from './error-boundary';
import { RootLayout } from './root-layout';
import { routeTitleOf, routes } from './router';

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
  const routeTitle = useMemo(() => routeTitleOf(pathname), [pathname]);
  // What a page says of itself while it is shown (usePageTitle), else the route table's name.
  const [pageTitle, setPageTitle] = useState<string | null>(null);
  useScrollToTop();
  return (
    <CrumbsContext.Provider value={crumbs}>
      <PageTitleContext value={setPageTitle}>
        <title>{pageTitle === null ? routeTitle : documentTitle(pageTitle)}</title>
        <RootLayout>
          <ErrorBoundary key={pathname}>{element}</ErrorBoundary>
        </RootLayout>
      </PageTitleContext>
    </CrumbsContext.Provider>
  );
}
