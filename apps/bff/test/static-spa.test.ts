/** The BFF serves the built SPA with the right caching, fallbacks and filled slots. */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ITEM_KINDS, SKIN_VARIANT_COUNT, VEHICLE_CLASS_COUNT, placeholderPaths } from '@nova/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embedJson } from '../src/plugins/static-spa';
import { testApp } from './helpers';

// Over compression's 1 KB threshold, like every real page.
const INDEX = `<!doctype html><html><head><meta name="description" content="${'Nova Legacy '.repeat(100)}">
<script id="nova-config" type="application/json">
  null
</script>
<script id="nova-session" type="application/json">null</script>
</head><body><div id="root"></div><script type="module" src="/assets/index-abc123.js"></script></body></html>`;

const BIG_JS = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `Zeile ${i}`))};`;

describe('serving the SPA', () => {
  let dir: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'nova-web-dist-'));
    mkdirSync(join(dir, 'assets'));
    mkdirSync(join(dir, 'images/placeholders'), { recursive: true });
    mkdirSync(join(dir, 'images/skills'), { recursive: true });
    writeFileSync(join(dir, 'index.html'), INDEX);
    writeFileSync(join(dir, 'assets/index-abc123.js'), 'console.log(1)');
    writeFileSync(join(dir, 'assets/big-abc123.js'), BIG_JS);
    writeFileSync(join(dir, 'assets/big-abc123.js.br'), brotliCompressSync(BIG_JS));
    writeFileSync(join(dir, 'assets/big-abc123.js.gz'), gzipSync(BIG_JS));
    writeFileSync(join(dir, 'theme.js'), '/* theme */');
    writeFileSync(join(dir, 'images/placeholders/skin.png'), 'PNG-skin');
    for (const folder of ['items', 'vehicles', 'skins', 'avatars'])
      mkdirSync(join(dir, 'images/placeholders', folder), { recursive: true });
    writeFileSync(join(dir, 'images/placeholders/items/pistol.png'), 'PNG-pistol');
    writeFileSync(join(dir, 'images/placeholders/items/misc.png'), 'PNG-misc');
    writeFileSync(join(dir, 'images/placeholders/vehicles/3.jpg'), 'JPG-boat');
    writeFileSync(join(dir, 'images/placeholders/vehicle.jpg'), 'JPG-vehicle');
    writeFileSync(join(dir, 'images/placeholders/skins/5.png'), 'PNG-skin-5');
    writeFileSync(join(dir, 'images/placeholders/avatars/5.png'), 'PNG-avatar-5');
    writeFileSync(join(dir, 'images/skills/0.png'), 'PNG-skill-0');
    app = await testApp({
      WEB_DIST_DIR: dir,
      FORUM_URL: 'https://forum.example/</script><script>alert(1)</script>',
      BACKGROUND_CREDIT_TEXT: "Bild $` $' $&",
    });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('caches hashed assets immutably and revalidates other files', async () => {
    const asset = await app.inject('/assets/index-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const theme = await app.inject('/theme.js');
    expect(theme.headers['cache-control']).toBe('no-cache');
  });

  it('sends a hashed script only the headers that act on a script, a page all of them', async () => {
    for (const headers of [{}, { 'accept-encoding': 'br' }, { 'accept-encoding': 'gzip' }]) {
      const script = await app.inject({ url: '/assets/big-abc123.js', headers });
      expect(script.statusCode).toBe(200);
      expect(script.headers['x-content-type-options']).toBe('nosniff');
      expect(script.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(script.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      for (const name of [
        'content-security-policy',
        'x-frame-options',
        'permissions-policy',
        'cross-origin-opener-policy',
        'origin-agent-cluster',
        'x-xss-protection',
        'last-modified',
        'etag',
      ])
        expect(script.headers[name], name).toBeUndefined();
    }
    // A file that is not a hashed script or stylesheet, and the page, keep the whole set.
    for (const url of ['/theme.js', '/home']) {
      const answer = await app.inject(url);
      expect(String(answer.headers['content-security-policy']), url).toContain("frame-ancestors 'none'");
      expect(answer.headers['x-frame-options'], url).toBe('DENY');
    }
  });

  it('serves the build-time brotli and gzip forms of static files, still immutable', async () => {
    const br = await app.inject({ url: '/assets/big-abc123.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_JS);
    const gz = await app.inject({ url: '/assets/big-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(BIG_JS);
    const plain = await app.inject('/assets/big-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_JS);
  });

  it.each(['/', '/home', '/control-panel/user/inventory', '/index.html'])(
    'compresses %s as the browser accepts (also client routes)',
    async (url) => {
      const plain = await app.inject(url);
      const br = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toContain('Accept-Encoding');
      expect(br.headers.vary).toContain('Cookie');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
      const gz = await app.inject({ url, headers: { 'accept-encoding': 'gzip, br;q=0' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
      expect(plain.headers['content-encoding']).toBeUndefined();
    },
  );

  it.each(['/', '/home', '/control-panel/user/inventory', '/index.html'])(
    'answers %s with index.html, never cached',
    async (url) => {
      const page = await app.inject(url);
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.body).toContain('<div id="root">');
    },
  );

  it('fills the configuration and the (anonymous) session, escaped so they cannot end the element', async () => {
    const page = await app.inject('/home');
    const config =
      /<script id="nova-config" type="application\/json">([^<]*)<\/script>/.exec(page.body)?.[1] ?? '';
    expect(JSON.parse(config)).toMatchObject({
      assetBaseUrl: '/images/',
      links: { forum: 'https://forum.example/</script><script>alert(1)</script>' },
    });
    expect(page.body).not.toContain('<script>alert(1)');
    expect(JSON.parse(config)).toMatchObject({ backgroundCredit: { text: "Bild $` $' $&" } });
    expect(page.body).toContain(
      '<script id="nova-session" type="application/json">{"signedIn":false}</script>',
    );
    expect(embedJson({ a: '</script>&' })).toBe('{"a":"\\u003c/script\\u003e\\u0026"}');
  });

  it('sends a strict content security policy and no framing', async () => {
    const page = await app.inject('/home');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
  });

  it('X-Frame-Options agrees with frame-ancestors, and a Permissions-Policy turns off unused features', async () => {
    for (const url of ['/home', '/trpc/session.me', '/auth/logout', '/healthz']) {
      const answer = await app.inject({ url, headers: { 'x-csrf': '1' } });
      expect(String(answer.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
      expect(answer.headers['x-frame-options']).toBe('DENY');
      const policy = String(answer.headers['permissions-policy']);
      for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()', 'usb=()'])
        expect(policy).toContain(feature);
      expect(policy).not.toContain('clipboard-write'); // the Teamspeak page copies the nickname
    }
  });

  it('gives a missing image its category placeholder, and a missing asset a 404', async () => {
    const skin = await app.inject('/images/skins/123.png');
    expect(skin.statusCode).toBe(200);
    expect(skin.body).toBe('PNG-skin');
    expect((await app.inject('/images/skills/0.png')).body).toBe('PNG-skill-0');
    expect((await app.inject('/assets/missing-123.js')).statusCode).toBe(404);
    expect((await app.inject('/images/unknown/x.png')).statusCode).toBe(404);
    expect((await app.inject('/favicon.ico')).statusCode).toBe(404);
  });

  it('picks a distinct neutral picture by item kind, skin variant and vehicle class', async () => {
    const body = async (url: string) => (await app.inject(url)).body;
    expect(await body('/images/inventory/27.png')).toBe('PNG-pistol'); // 9mm
    expect(await body('/images/inventory/2.png')).toBe('PNG-misc'); // Kondome
    expect(await body('/images/skins/17.png')).toBe('PNG-skin-5');
    expect(await body('/images/skins-avatar/29.png')).toBe('PNG-avatar-5');
    expect(await body('/images/vehicles/484.jpg?klasse=3')).toBe('JPG-boat');
    expect(await body('/images/vehicles/484.jpg')).toBe('JPG-vehicle');
    expect(await body('/images/vehicles/484.jpg?klasse=../../x')).toBe('JPG-vehicle');
  });

  it.each([
    '/gibt-es-nicht',
    '/control-panel/admin',
    '/control-panel/user/settings/extra',
    '/control-panel/user/u-1/settings',
    '/control-panel/user/vehicles/abc',
    '/control-panel/admin/server-manager/unbekannt',
  ])('answers the unknown address %s with 404 and the page that says so', async (url) => {
    const page = await app.inject(url);
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('<div id="root">');
    expect(page.body).toContain('<title>Seite nicht gefunden – Nova Legacy</title>');
  });

  it.each([
    '/home/',
    '/Toplist',
    '/control-panel',
    '/control-panel/user/sync/discord',
    '/control-panel/user/u-1',
    '/control-panel/user/u-1/vehicles/12',
    '/control-panel/user/bank-accounts',
    '/control-panel/admin/server-manager/radio-manager',
    '/control-panel/admin/audit-log',
  ])('answers the known address %s with 200', async (url) => {
    expect((await app.inject(url)).statusCode).toBe(200);
  });

  it('keeps API paths out of the SPA fallback', async () => {
    expect((await app.inject('/auth/unknown')).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: '/home' })).statusCode).toBe(404);
    expect((await app.inject('/healthz')).json()).toEqual({ status: 'ok' });
  });
});

describe('the shipped placeholder pictures', () => {
  it('exist for every item kind, vehicle class and skin variant the domain names', () => {
    const images = join(dirname(fileURLToPath(import.meta.url)), '../../web/public/images');
    const paths = [
      ...ITEM_KINDS.map((kind) => `placeholders/items/${kind}.png`),
      ...Array.from({ length: VEHICLE_CLASS_COUNT }, (_, vehtype) => placeholderPaths.vehicle(vehtype)),
      ...Array.from({ length: SKIN_VARIANT_COUNT }, (_, id) => placeholderPaths.skin(id)),
      ...Array.from({ length: SKIN_VARIANT_COUNT }, (_, id) => placeholderPaths.avatar(id)),
    ];
    expect(paths).toHaveLength(14 + 10 + 12 + 12);
    expect(paths.filter((path) => !existsSync(join(images, path)))).toEqual([]);
  });
});
