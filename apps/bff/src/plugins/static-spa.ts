/**
 * Serves the built SPA: hashed files under /assets cached immutably, everything else revalidated;
 * the build's brotli/gzip variants served to browsers that accept them;
 * index.html never cached and carrying the public configuration; client routes fall back to
 * index.html, with 404 for an address the route table does not know; a missing placeholder image under /images falls back to its category's placeholder.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { Me, PublicConfig } from '@nova/contracts';
import { isKnownPath, placeholderPaths } from '@nova/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DOCUMENT_ONLY_HEADERS } from './security-headers';
import type { ServerRenderer } from './server-render';

const CONFIG_MARKER = /<script id="nova-config" type="application\/json">[^<]*<\/script>/;
const SESSION_MARKER = /<script id="nova-session" type="application\/json">[^<]*<\/script>/;
const ROOT_MARKER = /<div id="root"><\/div>/;
const TITLE_MARKER = /<title>[^<]*<\/title>/;
/** The title of the not-found page (specification §2.2), for the shell sent with a 404. */
const NOT_FOUND_TITLE = '<title>Seite nicht gefunden – Nova Legacy</title>';

/**
 * The neutral picture for a missing image (specification §9.12 paths): items by kind, skins and avatars by
 * clothing variant, vehicles by the class the SPA names in `?klasse=` (the vehicle type's vehtype),
 * else the category's one placeholder.
 */
function placeholderFor(category: string, file: string, query: string): string | undefined {
  const id = Number(/^(\d{1,6})\.[a-z]+$/.exec(file)?.[1] ?? Number.NaN);
  if (Number.isInteger(id)) {
    if (category === 'inventory') return placeholderPaths.item(id);
    if (category === 'skins') return placeholderPaths.skin(id);
    if (category === 'skins-avatar') return placeholderPaths.avatar(id);
    if (category === 'vehicles') {
      const klasse = new URLSearchParams(query).get('klasse');
      return placeholderPaths.vehicle(klasse === null || klasse === '' ? null : Number(klasse));
    }
  }
  return IMAGE_FALLBACKS[category];
}

/** Placeholder per image category of the spec's path conventions (specification §9.12). */
const IMAGE_FALLBACKS: Record<string, string> = {
  skins: 'placeholders/skin.png',
  'skins-avatar': 'placeholders/avatar.png',
  vehicles: 'placeholders/vehicle.jpg',
  inventory: 'placeholders/item.png',
  achievements: 'placeholders/achievement.png',
  skills: 'placeholders/item.png',
  licenses: 'placeholders/item.png',
  banks: 'placeholders/item.png',
};

/** A `<script>` without `src` or a data type: code the browser runs from the page itself. */
const INLINE_SCRIPT = /<script>([\s\S]*?)<\/script>/g;

/**
 * The CSP hash sources (`sha256-…`) of the inline scripts of the SPA's index.html (the theme script,
 * decision 052), so that exactly these run; none when there is no build.
 */
export function inlineScriptHashes(root: string): string[] {
  const index = join(root, 'index.html');
  if (!existsSync(index)) return [];
  return [...readFileSync(index, 'utf8').matchAll(INLINE_SCRIPT)].map(
    ([, code]) =>
      `sha256-${createHash('sha256')
        .update(code ?? '')
        .digest('base64')}`,
  );
}

/** JSON inside <script type="application/json"> must not be able to close the element. */
export function embedJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

export interface StaticSpaOptions {
  root: string;
  publicConfig: PublicConfig;
  meOf: (request: FastifyRequest) => Promise<Me>;
  /** Renders the public pages into the HTML (decision 036); without it every page is the shell. */
  renderer?: ServerRenderer | null;
}

/**
 * index.html for a request: the page carries who is signed in (never a token), so the SPA's first
 * render needs no request; a public page also carries its markup and the public data it was
 * rendered with.
 */
function indexPages(options: StaticSpaOptions): (request: FastifyRequest) => Promise<string> {
  const template = readFileSync(join(options.root, 'index.html'), 'utf8');
  if (!CONFIG_MARKER.test(template) || !SESSION_MARKER.test(template)) {
    throw new Error('index.html lacks the nova-config or nova-session script element');
  }
  // Replacement functions, not strings: "$&", "$`" and "$'" in the data must stay literal.
  const withConfig = template.replace(
    CONFIG_MARKER,
    () => `<script id="nova-config" type="application/json">${embedJson(options.publicConfig)}</script>`,
  );
  const renderer = ROOT_MARKER.test(template) ? options.renderer : null;
  return async (request) => {
    const me = await options.meOf(request);
    const html = withConfig.replace(
      SESSION_MARKER,
      () => `<script id="nova-session" type="application/json">${embedJson(me)}</script>`,
    );
    const page = renderer ? await renderer.render(request.url.split('?')[0] ?? '/', me) : null;
    if (!page) return html;
    const head =
      `${page.head}<script id="nova-state" type="application/json">${embedJson(page.state)}</script>` +
      '</head>';
    return html
      .replace(TITLE_MARKER, (title) => page.title ?? title)
      .replace('</head>', () => head)
      .replace(ROOT_MARKER, () => `<div id="root">${page.html}</div>`);
  };
}

/** The page with `title` in place of its own (or added to the head). */
function withTitle(html: string, title: string): string {
  return TITLE_MARKER.test(html)
    ? html.replace(TITLE_MARKER, () => title)
    : html.replace('</head>', () => `${title}</head>`);
}

/** The placeholder (below images/) for a missing picture under /images, if there is one. */
function placeholderOf(root: string, url: string): string | undefined {
  const image = /^\/images\/([a-z-]+)\/([^/]+)$/.exec(url.split('?')[0] ?? '/');
  if (!image?.[1] || !image[2]) return undefined;
  return [placeholderFor(image[1], image[2], url.split('?')[1] ?? ''), IMAGE_FALLBACKS[image[1]]]
    .filter((candidate) => candidate !== undefined)
    .find((candidate) => existsSync(join(root, 'images', candidate)));
}

export async function staticSpa(app: FastifyInstance, options: StaticSpaOptions): Promise<void> {
  const indexHtmlFor = indexPages(options);
  const assets = join(options.root, 'assets') + sep;
  await app.register(fastifyStatic, {
    root: options.root,
    wildcard: false,
    // index.html is served only with the configuration and session filled in (below).
    globIgnore: ['index.html'],
    index: false,
    // The build writes .br and .gz beside each compressible file (decision 017).
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply, path) {
      const immutable = path.startsWith(assets);
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      if (immutable && /\.(?:js|css)(?:\.br|\.gz)?$/.test(path)) {
        // A hashed script or stylesheet: no document headers, and no validators (its name is its
        // version; an immutable file is never revalidated).
        for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
        reply.removeHeader('last-modified');
        reply.removeHeader('etag');
      }
    },
  });

  // @fastify/compress compresses the page as the browser accepts (its hook applies to routes only,
  // hence the catch-all route below rather than the not-found handler).
  const sendIndex = async (request: FastifyRequest, reply: FastifyReply, status = 200) => {
    // Every page keeps Cross-Origin-Opener-Policy, although Chromium starts a new renderer process
    // for it before the first paint: without it on the signed-out variant alone, another site could
    // open a page of ours and tell from its window handle whether the visitor is signed in
    // (decision 077).
    const html = await indexHtmlFor(request);
    return reply
      .code(status)
      .header('cache-control', 'no-store')
      .header('vary', 'Cookie, Accept-Encoding')
      .type('text/html; charset=utf-8')
      .send(status === 404 ? withTitle(html, NOT_FOUND_TITLE) : html);
  };

  app.get('/', sendIndex);
  app.get('/index.html', sendIndex);

  app.setNotFoundHandler(async (_request, reply) => reply.code(404).send({ error: 'Nicht gefunden' }));

  // Every other address: a missing image's placeholder, a 404 for files and reserved paths, else the
  // page (client routes).
  app.get('/*', async (request: FastifyRequest, reply: FastifyReply) => {
    const fallback = placeholderOf(options.root, request.url);
    if (fallback) return reply.header('cache-control', 'no-cache').sendFile(join('images', fallback));
    const path = request.url.split('?')[0] ?? '/';
    const isFile = /\.[a-z0-9]+$/i.test(path);
    const reserved = /^\/(trpc|auth|export|assets|images)(\/|$)/.test(path) || path === '/healthz';
    if (isFile || reserved) return reply.code(404).type('text/plain; charset=utf-8').send('Nicht gefunden');
    // An address the route table does not know: the SPA shows its not-found page, the status says so
    // too (decision 092), for crawlers, link checkers and monitoring.
    return sendIndex(request, reply, isKnownPath(path) ? 200 : 404);
  });
}
