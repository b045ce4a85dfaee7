import { createContext, useContext, useEffect } from 'react';

/**
 * One `<title>` per page (decision 092): the app renders it from the route table (a route's `title`,
 * else its breadcrumb label); a page whose name is known only when it renders (a player's name) or
 * that stands in for another (the not-found and unauthorized pages) says so with `usePageTitle`.
 * A second `<title>` element would compete with the first: React puts the newest first in the head.
 */
export const PageTitleContext = createContext<(title: string | null) => void>(() => undefined);

export const SITE_NAME = 'Nova Legacy';

/** "Inventar" → "Inventar – Nova Legacy"; no name → the site's name. */
export function documentTitle(name: string | null | undefined): string {
  return name ? `${name} – ${SITE_NAME}` : SITE_NAME;
}

/** The page's name in the document title while the calling component is shown. */
export function usePageTitle(name: string | null): void {
  const set = useContext(PageTitleContext);
  useEffect(() => {
    if (name === null) return;
    set(name);
    return () => set(null);
  }, [name, set]);
}
