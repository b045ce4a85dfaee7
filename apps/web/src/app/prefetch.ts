/**
 * Navigation without waiting for code: the chunks a page's routes carry start loading when the
 * pointer rests on or the keyboard focuses a link to it (intent), and a signed-in visitor's Control
 * Panel chunks load when the browser is idle. A loaded chunk is remembered, and its screens then
 * render without suspending (lib/chunks.tsx); the page's data still comes in one request when it
 * opens.
 */
import { paths } from '../config/paths';
import { initialMe } from '../config/public-config';
import { loadBffClient } from '../lib/query-client';
import { preloadRoute } from './router';

const started = new Set<string>();

/** Starts loading the code of an address of this site (once per address). */
export function prefetchRoute(pathname: string): void {
  const key = pathname.split('#')[0] ?? pathname;
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
export function installPrefetch(): void {
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
