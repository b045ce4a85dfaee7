/**
 * Decision 036: the BFF renders the public pages with the SPA's server bundle,
 * the signed-in user and the game API's public data, and falls back to the empty page when it
 * cannot. The bundle is built here from apps/web (the unit tests run before `pnpm -r build`).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { monthTitle, yearMonthOf } from '@nova/domain';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadServerRenderer, preloadsFrom, type RenderedPage } from '../src/plugins/server-render';
import { testApp, testEnv } from './helpers';
import { HttpBrowser, signIn } from './http-browser';
import { startStack, type Bff, type Stack } from './stack';

const WEB = resolve(dirname(fileURLToPath(import.meta.url)), '../../web');

/** The theme script of index.html (decision 052), as the page carries it. */
const THEME_SCRIPT = `
      document.documentElement.classList.add('dark');
    `;

/** The shape of the built index.html (apps/web/index.html after `vite build`). */
const INDEX = `<!doctype html>
<html lang="de">
  <head>
    <meta charset="UTF-8" />
    <title>Nova Legacy</title>
    <script>${THEME_SCRIPT}</script>
    <script id="nova-config" type="application/json">
      null
    </script>
    <script id="nova-session" type="application/json">
      null
    </script>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const MANIFEST = {
  'index.html': { file: 'assets/index-abc.js', isEntry: true, imports: ['_trpc-abc.js'] },
  '_trpc-abc.js': { file: 'assets/trpc-abc.js' },
  '_alert-abc.js': { file: 'assets/alert-abc.js', imports: ['_trpc-abc.js'] },
  'src/features/toplist/toplist-page.tsx': {
    file: 'assets/toplist-page-abc.js',
    imports: ['index.html', '_alert-abc.js', '_trpc-abc.js'],
  },
};

const PAGES = [
  ['/home', 'Willkommen auf Nova Legacy', 'Nova Legacy – Reallife-Server für San Andreas'],
  ['/imprint', 'Impressum', 'Impressum – Nova Legacy'],
  ['/termsOfUse', 'Nutzungsbedingungen', null],
  ['/toplist', 'Server Toplist', 'Server Toplist – Nova Legacy'],
  ['/calendar', 'Fight-Kalender', 'Fight-Kalender – Nova Legacy'],
] as const;

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The markup inside #root. */
function rootOf(html: string): string {
  const start = html.indexOf('<div id="root">');
  const end = html.lastIndexOf('</div>\n  </body>');
  return start < 0 || end < 0 ? '' : html.slice(start + '<div id="root">'.length, end);
}

function slot(html: string, id: string): unknown {
  const match = new RegExp(`<script id="${id}" type="application/json">([^<]*)</script>`).exec(html);
  return match?.[1] === undefined ? undefined : (JSON.parse(match[1]) as unknown);
}

/** The `nova-state` slot: TanStack Query's dehydrated public queries (decision 050). */
interface PageState {
  renderedAt: number;
  queries: { queries: { queryKey: [string[], unknown]; state: { data: unknown } }[] };
}

/** The procedures of the slot's queries. */
const procedures = (state: PageState) => state.queries.queries.map((query) => query.queryKey[0].join('.'));

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'nova-ssr-'));
  execFileSync(
    join(WEB, 'node_modules/.bin/vite'),
    ['build', '--ssr', 'src/entry-server.tsx', '--outDir', join(dir, 'dist-ssr'), '--logLevel', 'error'],
    // vitest sets NODE_ENV=test, which would build React's development JSX.
    { cwd: WEB, stdio: 'pipe', env: { ...process.env, NODE_ENV: 'production' } },
  );
  mkdirSync(join(dir, 'dist/.vite'), { recursive: true });
  writeFileSync(join(dir, 'dist/index.html'), INDEX);
  writeFileSync(join(dir, 'dist/.vite/manifest.json'), JSON.stringify(MANIFEST));
}, 180_000);
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('server-rendered public pages', () => {
  let stack: Stack;
  let bff: Bff;
  let toplist: { list: Record<string, { player: string }[]> };

  beforeAll(async () => {
    stack = await startStack();
    // The render waits at most 400 ms for a page's public data (server-render.ts), which a busy
    // machine's first call to the game API can take longer than; and a page for visitors who are
    // not signed in is reused for the cache period, which a test's sign-in must not outlast. So the
    // period is long, and the shared cache is filled first, as by a visitor before.
    bff = await stack.startBff(0, { env: { WEB_DIST_DIR: join(dir, 'dist'), PUBLIC_CACHE_SECONDS: '3600' } });
    for (const procedure of ['toplist.get', 'calendar.list'])
      expect((await fetch(`${bff.url}/trpc/${procedure}`, { headers: { 'x-csrf': '1' } })).status).toBe(200);
    toplist = (await (await fetch(`${stack.gameApiUrl}toplist`)).json()) as typeof toplist;
  });
  afterAll(async () => {
    await stack.close();
  });

  it.each(PAGES)('%s comes with its content, its title and the state slot', async (path, heading, title) => {
    const page = await new HttpBrowser().get(`${bff.url}${path}`);
    expect(page.status).toBe(200);
    const root = rootOf(page.body);
    expect(root).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));
    expect(root).toContain('>Anmelden</a>');
    if (title) expect(page.body).toContain(`<title>${title}</title>`);
    expect(page.body.match(/<title>/g)).toHaveLength(1);
    const state = slot(page.body, 'nova-state') as PageState;
    expect(typeof state.renderedAt).toBe('number');
    expect(Object.keys(state).sort()).toEqual(['queries', 'renderedAt']);
    expect(procedures(state)).toEqual(
      path === '/toplist' ? ['toplist.get'] : path === '/calendar' ? ['calendar.list'] : [],
    );
    // Every script element loads a file or holds JSON, except the theme script of index.html.
    const inline = page.body.match(/<script>[^<]*<\/script>/g) ?? [];
    expect(inline).toEqual([`<script>${THEME_SCRIPT}</script>`]);
    for (const tag of page.body.match(/<script\b[^>]*>/g) ?? []) {
      expect(tag).toMatch(/^<script>$|\bsrc=|type="application\/json"/);
    }
  });

  it('allows the theme script by its hash, and no other inline script', async () => {
    const page = await fetch(`${bff.url}/home`);
    const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(page.headers.get('content-security-policy') ?? '');
    const hash = createHash('sha256').update(THEME_SCRIPT).digest('base64');
    expect(scriptSrc?.[1]?.split(' ')).toEqual(["'self'", `'sha256-${hash}'`]);
    // The API's answers carry the same policy.
    const api = await fetch(`${bff.url}/trpc/session.me`, { headers: { 'x-csrf': '1' } });
    expect(api.headers.get('content-security-policy')).toContain(`'sha256-${hash}'`);
  });

  it('renders the toplist rows from the game API and hands the same data to the SPA', async () => {
    const page = await new HttpBrowser().get(`${bff.url}/toplist`);
    const root = rootOf(page.body);
    const crimes = toplist.list.most_crimes ?? [];
    expect(crimes.length).toBeGreaterThan(0);
    for (const { player } of crimes) expect(root).toContain(escapeHtml(player));
    const state = slot(page.body, 'nova-state') as PageState;
    const data = state.queries.queries[0]?.state.data as { tables: { most_crimes: { player: string }[] } };
    expect(data.tables.most_crimes.map((row) => row.player)).toEqual(crimes.map((row) => row.player));
    expect(page.body).toContain('<link rel="modulepreload" crossorigin href="/assets/toplist-page-abc.js">');
    expect(page.body).toContain('<link rel="modulepreload" crossorigin href="/assets/alert-abc.js">');
    expect(page.body).not.toContain('href="/assets/trpc-abc.js"');
  });

  it('renders the legal texts inside the wrapper the SPA keeps as markup (no code for them)', async () => {
    for (const [path, id, heading] of [
      ['/imprint', 'impressum-text', 'Impressum'],
      ['/termsOfUse', 'nutzungsbedingungen-text', 'Nutzungsbedingungen'],
    ] as const) {
      const root = rootOf((await new HttpBrowser().get(`${bff.url}${path}`)).body);
      // (React marks the Suspense boundary the browser would load the text's code in.)
      expect(root).toMatch(
        new RegExp(`<div id="${id}">(?:<!--\\$-->)?<article lang="de"[^>]*><h1[^>]*>${heading}</h1>`),
      );
    }
  });

  it('renders the calendar at the current month', async () => {
    const page = await new HttpBrowser().get(`${bff.url}/calendar`);
    expect(rootOf(page.body)).toContain(monthTitle(yearMonthOf(new Date())));
    expect(rootOf(page.body)).toContain('aria-label="Monatsansicht"');
  });

  it('shows a signed-in visitor the signed-in navigation, and no token or cookie value', async () => {
    const browser = new HttpBrowser();
    await signIn(browser, bff.url, 'spieler');
    const session = browser.cookies.get('nova_session')?.value;
    expect(session).toBeTruthy();
    const url = `${bff.url}/toplist`;
    const response = await fetch(url, { headers: { cookie: browser.cookieHeader(url) } });
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('vary')).toContain('Cookie');
    const page = { body: await response.text() };
    const root = rootOf(page.body);
    expect(root).toContain('>Control Panel</a>');
    expect(root).toContain('Logout');
    expect(root).not.toContain('>Anmelden</a>');
    expect(page.body).not.toContain(session);
    expect(page.body).not.toContain(decodeURIComponent(session ?? ''));
    // No JWT (access, refresh or ID token) anywhere in the page.
    expect(page.body).not.toMatch(/eyJ[\w-]+\.[\w-]+\./);
  });

  it('sends Cross-Origin-Opener-Policy with every page, signed in or not (its absence would tell another site who is signed in)', async () => {
    const browser = new HttpBrowser();
    await signIn(browser, bff.url, 'spieler');
    for (const path of ['/home', '/toplist', '/calendar', '/imprint', '/control-panel/user/inventory']) {
      const url = `${bff.url}${path}`;
      const signedOut = await fetch(url);
      const signedIn = await fetch(url, { headers: { cookie: browser.cookieHeader(url) } });
      expect(signedOut.headers.get('cross-origin-opener-policy'), path).toBe('same-origin-allow-popups');
      expect(signedIn.headers.get('cross-origin-opener-policy'), path).toBe('same-origin-allow-popups');
    }
  });

  it('renders a page for visitors who are not signed in once per cache period, a signed-in one each time', async () => {
    const renderedAt = async (cookie?: string) => {
      const page = await fetch(`${bff.url}/calendar`, { headers: cookie ? { cookie } : {} });
      return (slot(await page.text(), 'nova-state') as PageState).renderedAt;
    };
    const first = await renderedAt();
    expect(await renderedAt()).toBe(first);
    const browser = new HttpBrowser();
    await signIn(browser, bff.url, 'beta');
    const signedIn = await renderedAt(browser.cookieHeader(`${bff.url}/calendar`));
    expect(signedIn).toBeGreaterThan(first);
    expect(await renderedAt(browser.cookieHeader(`${bff.url}/calendar`))).toBeGreaterThan(signedIn);
    expect(await renderedAt()).toBe(first);
  });

  it('leaves pages that are not public to the browser', async () => {
    const page = await new HttpBrowser().get(`${bff.url}/control-panel/user/inventory`);
    expect(page.body).toContain('<div id="root"></div>');
    expect(page.body).not.toContain('nova-state');
  });
});

describe('when the server render cannot help', () => {
  let apps: FastifyInstance[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
    apps = [];
  });

  it('renders the toplist without data when the game API is down (the SPA asks again)', async () => {
    const app = await testApp({ WEB_DIST_DIR: join(dir, 'dist'), GAME_API_URL: 'http://127.0.0.1:9/' });
    apps.push(app);
    const page = await app.inject('/toplist');
    expect(page.statusCode).toBe(200);
    expect(rootOf(page.body)).toMatch(/<h1[^>]*>Server Toplist<\/h1>/);
    expect(procedures(slot(page.body, 'nova-state') as PageState)).toEqual([]);
  });

  it('serves the empty page when the render fails', async () => {
    const broken = join(dir, 'broken');
    mkdirSync(join(broken, 'dist/.vite'), { recursive: true });
    mkdirSync(join(broken, 'dist-ssr'), { recursive: true });
    writeFileSync(join(broken, 'dist/index.html'), INDEX);
    writeFileSync(join(broken, 'dist/.vite/manifest.json'), JSON.stringify(MANIFEST));
    writeFileSync(
      join(broken, 'dist-ssr/entry-server.js'),
      `export const SERVER_RENDERED_PAGES = { '/home': { module: null, data: null } };
       export async function render() { throw new Error('kaputt'); }`,
    );
    const app = await testApp({ WEB_DIST_DIR: join(broken, 'dist') });
    apps.push(app);
    const page = await app.inject('/home');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root"></div>');
    expect(page.body).toContain('<title>Nova Legacy</title>');
    expect(page.body).not.toContain('nova-state');
  });
});

describe('a signed-out page past its cache period', () => {
  it('is sent as kept while one render renews it; past two periods the visitor waits for the render', async () => {
    let clock = 1_000_000;
    const pending: ((events: []) => void)[] = [];
    // The calendar's data, answered when the test says so.
    const calendar = vi.fn(() => new Promise<[]>((resolve) => pending.push(resolve)));
    const silent = { warn: vi.fn(), error: vi.fn() } as unknown as FastifyBaseLogger;
    const renderer = await loadServerRenderer({
      webDist: join(dir, 'dist'),
      ssrDir: join(dir, 'dist-ssr'),
      publicConfig: testEnv().publicConfig,
      loadData: { toplist: () => Promise.reject(new Error('unused')), calendar },
      dataBudgetMs: 60_000,
      reuseSeconds: 15,
      now: () => clock,
      log: silent,
    });
    const signedOut = { signedIn: false } as const;
    const answer = async (page: Promise<RenderedPage | null>) => {
      pending.shift()?.([]);
      return page;
    };
    const first = await answer(renderer!.render('/calendar', signedOut));
    expect(calendar).toHaveBeenCalledTimes(1);

    clock += 10_000; // within the period: the kept page, no render
    expect(await renderer!.render('/calendar', signedOut)).toBe(first);
    expect(calendar).toHaveBeenCalledTimes(1);

    clock += 10_000; // past it: the kept page at once, while its data is still being asked for
    expect(await renderer!.render('/calendar', signedOut)).toBe(first);
    expect(calendar).toHaveBeenCalledTimes(2);
    // A second visitor meanwhile: the same page, and no second render.
    expect(await renderer!.render('/calendar', signedOut)).toBe(first);
    expect(calendar).toHaveBeenCalledTimes(2);
    pending.shift()?.([]);
    await vi.waitFor(async () => expect(await renderer!.render('/calendar', signedOut)).not.toBe(first));
    const renewed = await renderer!.render('/calendar', signedOut);

    clock += 31_000; // past two periods of the renewed page: rendered for this visitor
    let done = false;
    const late = renderer!.render('/calendar', signedOut).finally(() => (done = true));
    await vi.waitFor(() => expect(calendar).toHaveBeenCalledTimes(3));
    expect(done).toBe(false);
    const page = await answer(late);
    expect(page).not.toBe(renewed);
    expect(page?.html).toContain('<h1');
  });
});

describe('preloadsFrom', () => {
  it('names the chunks of a page that index.html does not load already', () => {
    expect(preloadsFrom(MANIFEST, 'src/features/toplist/toplist-page.tsx')).toEqual([
      '/assets/toplist-page-abc.js',
      '/assets/alert-abc.js',
    ]);
    expect(preloadsFrom(MANIFEST, 'src/unknown.tsx')).toEqual([]);
  });
});
