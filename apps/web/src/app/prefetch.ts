/**
 * Navigation without waiting: the chunks a page's routes carry, and the queries its screen shows
 * first (decision 092), start loading when the pointer rests on or the keyboard focuses a link to it
 * (intent), and a signed-in visitor's Control Panel chunks load when the browser is idle. A loaded
 * chunk is remembered, and its screens then render without suspending (lib/chunks.tsx); prefetched
 * data is in the cache the screen reads, so a first visit costs one round trip instead of two.
 */
import { decide, routeAccess } from '@nova/domain';
import type { QueryClient } from '@tanstack/react-query';
import { paths } from '../config/paths';
import { initialMe } from '../config/public-config';
import { loadBffClient, publicQueries } from '../lib/query-client';
import { preloadRoute, routeData } from './router';

const started = new Set<string>();
let queries: QueryClient | null = null;

/**
 * The screen's first queries, when the signed-in person may open it: a refused admin call would
 * be recorded as a refusal in the audit log (decision 060), so nothing is asked on mere intent.
 * Fresh data in the cache is not asked again.
 */
export function prefetchRouteData(client: QueryClient, pathname: string): void {
  const keys = routeData(pathname);
  if (keys.length === 0) return;
  const me = client.getQueryData(publicQueries.me.queryKey);
  if (!me?.signedIn || decide(routeAccess(pathname), me) !== 'allow') return;
  for (const queryKey of keys) void client.query({ queryKey }).catch(() => undefined);
}

/** Starts loading the code (and the first data) of an address of this site (once per address). */
export function prefetchRoute(pathname: string): void {
  const key = pathname.split('#')[0]?.split('?')[0] ?? pathname;
  if (queries) prefetchRouteData(queries, key);
  if (started.has(key)) return;
  started.add(key);
  preloadRoute(key, true);
  // A page the SPA renders itself may ask the BFF: the client's code loads beside the page's.
  void loadBffClient().catch(() => undefined);
}

function onIntent(event: Event): void {
  const target = event.target;
  if (!(target instanceof Element)) return;
  const link = target.closest('a[href]');
  if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
  prefetchRoute(link.pathname);
}

/** Installs the intent listeners and the idle prefetch (call once at start). */
export function installPrefetch(client: QueryClient): void {
  queries = client;
  document.addEventListener('pointerover', onIntent, { passive: true });
  document.addEventListener('focusin', onIntent);
  document.addEventListener('touchstart', onIntent, { passive: true });
  if (initialMe()?.signedIn) {
    // The layout, the player pages and the account settings (every signed-in visitor's sidebar).
    const prefetch = () => {
      prefetchRoute(paths.user);
      prefetchRoute(paths.settings);
    };
    // Safari has no requestIdleCallback.
    if (typeof (window as Partial<Window>).requestIdleCallback === 'function')
      window.requestIdleCallback(prefetch);
    else window.setTimeout(prefetch, 1500);
  }
}
