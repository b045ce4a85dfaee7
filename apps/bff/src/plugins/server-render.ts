/**
 * Server rendering of the public pages (decision 036): loads the SPA's server bundle
 * (`apps/web/dist-ssr/entry-server.js`, built by `pnpm -r build` beside `dist`) and renders the
 * start page, imprint, terms, toplist and calendar per request, with the signed-in user and the
 * public data from the BFF's shared cache (a signed-out visitor's page once per cache period). Without the bundle, or when a render fails, the page is
 * the empty shell the SPA renders itself (logged, never a broken page).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CalendarEventView, Me, PublicConfig, ToplistView } from '@nova/contracts';
import type { FastifyBaseLogger } from 'fastify';

export interface PublicData {
  toplist?: ToplistView;
  calendar?: CalendarEventView[];
}
type DataKey = keyof PublicData;

/** What the server bundle exports (apps/web/src/entry-server.tsx). */
interface ServerBundle {
  SERVER_RENDERED_PAGES: Readonly<Record<string, { module: string | null; data: DataKey | null }>>;
  render(
    url: string,
    me: Me,
    data: PublicData,
    timeoutMs?: number,
  ): Promise<{ html: string; title: string | null; hints: string; state: unknown }>;
}

export interface RenderedPage {
  /** Markup for #root. */
  html: string;
  /** The page's `<title>` element, or null. */
  title: string | null;
  /** For the head: React's resource hints and modulepreload links of the page's chunks. */
  head: string;
  /** Dehydrated public queries for the `nova-state` slot (public data only, never a token). */
  state: unknown;
}

export interface ServerRenderer {
  /** The page for `path`, or null when it is not server-rendered or its render failed. */
  render(path: string, me: Me): Promise<RenderedPage | null>;
}

/** Where the BFF hands the public configuration to the bundle (apps/web/src/config/public-config.ts). */
const SERVER_CONFIG = Symbol.for('nova.publicConfig');

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

/** The chunk files a page module needs beyond what index.html already loads, as `/assets/…` URLs. */
export function preloadsFrom(manifest: Record<string, ManifestChunk>, module: string): string[] {
  const loadedByEntry = new Set<string>();
  const walk = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(key)) return;
    into.add(key);
    for (const imported of chunk.imports ?? []) walk(imported, into);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) walk(key, loadedByEntry);
  const needed = new Set<string>();
  walk(module, needed);
  return [...needed].filter((key) => !loadedByEntry.has(key)).map((key) => `/${manifest[key]?.file}`);
}

export interface ServerRenderOptions {
  /** The built SPA (`apps/web/dist`): its Vite manifest names the page chunks. */
  webDist: string;
  /** The server bundle's folder (`apps/web/dist-ssr`). */
  ssrDir: string;
  publicConfig: PublicConfig;
  /** The public data a page shows, from the shared cache (may call the game API when it is cold). */
  loadData: { [K in DataKey]: () => Promise<NonNullable<PublicData[K]>> };
  /** Longest wait for public data; without it the page renders its loading state. */
  dataBudgetMs?: number;
  /** Longest render. */
  renderTimeoutMs?: number;
  /**
   * How long a page rendered for a visitor who is not signed in is sent again as it is (the public
   * data's own cache time, PUBLIC_CACHE_SECONDS); 0: every request renders.
   */
  reuseSeconds?: number;
  /** The clock of the reuse (tests). */
  now?: () => number;
  log: FastifyBaseLogger;
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** Loads the server bundle; null (and a warning) when it is missing or does not load. */
export async function loadServerRenderer(options: ServerRenderOptions): Promise<ServerRenderer | null> {
  const entry = join(options.ssrDir, 'entry-server.js');
  const manifestPath = join(options.webDist, '.vite', 'manifest.json');
  if (!existsSync(entry) || !existsSync(manifestPath)) {
    options.log.warn({ entry }, 'no server bundle found; public pages are rendered in the browser only');
    return null;
  }
  let bundle: ServerBundle;
  let manifest: Record<string, ManifestChunk>;
  try {
    (globalThis as Record<symbol, unknown>)[SERVER_CONFIG] = options.publicConfig;
    bundle = (await import(pathToFileURL(entry).href)) as ServerBundle;
    manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  } catch (error) {
    options.log.error(
      { err: error, entry },
      'server bundle failed to load; public pages are rendered in the browser only',
    );
    return null;
  }

  const pages = new Map(
    Object.entries(bundle.SERVER_RENDERED_PAGES).map(([path, page]) => [
      path,
      {
        data: page.data,
        preloads: (page.module ? preloadsFrom(manifest, page.module) : [])
          .map((href) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(href)}">`)
          .join(''),
      },
    ]),
  );
  const dataBudgetMs = options.dataBudgetMs ?? 400;
  const renderTimeoutMs = options.renderTimeoutMs ?? 2000;

  /** The page's public data if it comes within the budget; else none (the SPA then asks for it). */
  const dataFor = async (path: string, key: DataKey | null): Promise<PublicData> => {
    if (!key) return {};
    let timer: NodeJS.Timeout | undefined;
    try {
      const value = await Promise.race([
        options.loadData[key](),
        new Promise<null>((resolve) => {
          timer = setTimeout(() => resolve(null), dataBudgetMs);
        }),
      ]);
      if (value === null) options.log.warn({ path }, 'public data too slow for the server render');
      return value === null ? {} : { [key]: value };
    } catch (error) {
      options.log.warn({ err: error, path }, 'public data failed for the server render');
      return {};
    } finally {
      clearTimeout(timer);
    }
  };

  const renderWith = async (path: string, me: Me, data: (page: string) => Promise<PublicData>) => {
    const page = pages.get(path);
    if (!page) return null;
    try {
      const result = await bundle.render(path, me, await data(path), renderTimeoutMs);
      return {
        html: result.html,
        title: result.title,
        head: result.hints + page.preloads,
        state: result.state,
      };
    } catch (error) {
      options.log.error({ err: error, path }, 'server render failed; serving the empty page');
      return null;
    }
  };
  // The first render of each page compiles its code paths: done here (without data, so without a
  // game API call), not for the first visitor.
  for (const path of pages.keys()) await renderWith(path, { signedIn: false }, () => Promise.resolve({}));
  const render = (path: string, me: Me) =>
    renderWith(path, me, (page) => dataFor(page, pages.get(page)?.data ?? null));

  // A page for a visitor who is not signed in is the same for everyone while its public data is
  // cached: rendered once per path and period, not per request, so the page's answer does not wait
  // for React each time (decision 077). A render without its data (too slow, failed) is not kept.
  // Past its period, the kept page is still sent for one more period while a single render renews
  // it behind the answer, so a visitor does not wait for the data and React (40–150 ms on a busy
  // machine) when the period ran out; a page older than two periods is rendered for the visitor.
  // Two periods (30 s by default) stay within the age at which the SPA asks for the data again.
  const reuseMs = (options.reuseSeconds ?? 0) * 1000;
  const now = options.now ?? Date.now;
  const reused = new Map<string, { page: RenderedPage; until: number }>();
  const renewing = new Map<string, Promise<RenderedPage | null>>();
  const renderAndKeep = (path: string, me: Me) => {
    const running = renewing.get(path);
    if (running) return running;
    const render = (async () => {
      const key = pages.get(path)?.data ?? null;
      const data = await dataFor(path, key);
      const page = await renderWith(path, me, () => Promise.resolve(data));
      if (page && (key === null || data[key] !== undefined))
        reused.set(path, { page, until: now() + reuseMs });
      return page;
    })().finally(() => renewing.delete(path));
    renewing.set(path, render);
    return render;
  };
  const renderSignedOut = async (path: string, me: Me) => {
    const kept = reused.get(path);
    const at = now();
    if (kept && kept.until > at) return kept.page;
    if (kept && kept.until + reuseMs > at) {
      renderAndKeep(path, me).catch((error: unknown) =>
        options.log.error({ err: error, path }, 'renewing a kept page failed'),
      );
      return kept.page;
    }
    return renderAndKeep(path, me);
  };
  return {
    render: (path, me) => (me.signedIn || reuseMs === 0 ? render(path, me) : renderSignedOut(path, me)),
  };
}
