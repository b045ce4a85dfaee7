// The paint reference of `pnpm bench`: a bare node:http server (own process) answering each public
// page with the very bytes the BFF sent for it (PAGES: a JSON object, path → file holding the HTML),
// and the built SPA's files from WEB_DIST as they are on disk: the build's brotli file where the
// browser accepts it (the bytes the BFF sends too), each with its content type and nothing else (no
// caching or security headers, except COOP when asked, below). PLAIN_FILES=1 sends every file uncompressed instead. Anything else
// (the page's API calls) is passed to the BFF (UPSTREAM), so both pages show the same data.
import { existsSync, readFileSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import { extname, join, normalize } from 'node:path';

const TYPES = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.ico': 'image/x-icon',
};
const pages = new Map(
  Object.entries(JSON.parse(process.env.PAGES ?? '{}')).map(([path, file]) => [path, readFileSync(file)]),
);
const dist = process.env.WEB_DIST;
const upstream = new URL(process.env.UPSTREAM);

const plainFiles = process.env.PLAIN_FILES === '1';

function staticFile(pathname, acceptsBrotli) {
  const type = TYPES[extname(pathname)];
  if (!type) return null;
  const file = join(dist, normalize(pathname).replace(/^(\.\.[/\\])+/, ''));
  if (acceptsBrotli && !plainFiles && existsSync(`${file}.br`))
    return { type, encoding: 'br', body: readFileSync(`${file}.br`) };
  try {
    return { type, body: readFileSync(file) };
  } catch {
    return null;
  }
}

createServer((req, res) => {
  const { pathname } = new URL(req.url, 'http://reference');
  if (pathname === '/healthz') return res.end('ok');
  const page = pages.get(pathname);
  if (page) {
    // `?coop`: the page also sends the BFF's Cross-Origin-Opener-Policy, the one header that costs
    // Chromium a renderer process before the first paint (decision 077).
    const coop = new URL(req.url, 'http://reference').searchParams.has('coop');
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'content-length': page.length,
      ...(coop ? { 'cross-origin-opener-policy': 'same-origin-allow-popups' } : {}),
    });
    return res.end(page);
  }
  const file = staticFile(pathname, /\bbr\b/.test(req.headers['accept-encoding'] ?? ''));
  if (file) {
    res.writeHead(200, {
      'content-type': file.type,
      'content-length': file.body.length,
      ...(file.encoding ? { 'content-encoding': file.encoding } : {}),
    });
    return res.end(file.body);
  }
  const forwarded = httpRequest(
    { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  forwarded.on('error', () => res.writeHead(502).end());
  req.pipe(forwarded);
}).listen(Number(process.env.PAGE_PORT), '127.0.0.1');
