/**
 * Server rendering of the public pages (decision 036). Built by `vite build --ssr` into
 * `dist-ssr/entry-server.js` (every dependency inside, no node_modules); the BFF imports it at start-up,
 * after putting the public configuration on `globalThis[Symbol.for('nova.publicConfig')]`, and
 * renders the start page, imprint, terms, toplist and calendar per request with the signed-in user
 * and the public data from its shared cache. The SPA then hydrates the markup (main.tsx).
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
// The edge build: Node's build keeps an AsyncLocalStorage, which makes Node 20 run promise hooks for
// every promise of the BFF once a page has been rendered (decision 041: 0.03-0.05 ms per API call).
import { prerender } from 'react-dom/static.edge';
import { StaticRouter } from 'react-router-dom';
import type { CalendarEventView, Me, ToplistView } from '@nova/contracts';
import { App } from './app/app';
import { serverRenderedPages } from './app/router';
import { dehydratePage, type PageState } from './app/page-state';
import { RenderTimeContext } from './lib/render-time';
import { createQueryClient, publicQueries, seedSession } from './lib/query-client';

/** The public procedures' answers the BFF renders a page with (from its shared cache). */
export interface PublicData {
  toplist?: ToplistView;
  calendar?: CalendarEventView[];
}

/**
 * The server-rendered pages, with the source module of each page's chunk (for modulepreload) and the
 * public data it shows: from the routes that say so (app/router.tsx, `serverRender`).
 */
export const SERVER_RENDERED_PAGES = serverRenderedPages();

export interface RenderResult {
  /** The markup for #root. */
  html: string;
  /**
   * What React hoists to the front of the markup, for the document's head: the page's `<title>`
   * (null when it has none) and resource hints (`<link rel="preload">`).
   */
  title: string | null;
  hints: string;
  /** The `nova-state` slot: the render time and the public queries the page was rendered with. */
  state: PageState;
}

const HOISTED = /^(?:<(?:link|meta)\b[^>]*>|<title>[^<]*<\/title>)/;

/** Renders `url` (a path of SERVER_RENDERED_PAGES) for the visitor `me`; rejects on failure or after `timeoutMs`. */
export async function render(url: string, me: Me, data: PublicData, timeoutMs = 2000): Promise<RenderResult> {
  const renderedAt = Date.now();
  // The queries the page shows are there: the render asks the BFF for nothing.
  const queryClient = createQueryClient();
  seedSession(queryClient, me);
  if (data.toplist) queryClient.setQueryData(publicQueries.toplist.queryKey, data.toplist);
  if (data.calendar) queryClient.setQueryData(publicQueries.calendar.queryKey, data.calendar);
  // An error inside a Suspense boundary would leave that part to the browser (with React's inline
  // scripts, which the CSP blocks): any error fails the render, and the BFF serves the empty page.
  let failure: unknown = null;
  const { prelude } = await prerender(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RenderTimeContext value={renderedAt}>
          <StaticRouter location={url}>
            <App />
          </StaticRouter>
        </RenderTimeContext>
      </QueryClientProvider>
    </StrictMode>,
    // Every boundary inline, however large: an outlined one would need React's inline scripts,
    // which the CSP (script-src 'self') blocks.
    {
      signal: AbortSignal.timeout(timeoutMs),
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError: (error) => {
        failure ??= error;
      },
    },
  );
  let html = await new Response(prelude).text();
  if (failure !== null)
    throw failure instanceof Error ? failure : new Error('render failed', { cause: failure });
  if (/<(script|template)\b/i.test(html)) throw new Error('the render needs inline scripts');
  let title: string | null = null;
  let hints = '';
  for (let hoisted = HOISTED.exec(html); hoisted; hoisted = HOISTED.exec(html)) {
    if (hoisted[0].startsWith('<title>')) title = hoisted[0];
    else hints += hoisted[0];
    html = html.slice(hoisted[0].length);
  }
  return { html, title, hints, state: dehydratePage(queryClient, renderedAt) };
}
