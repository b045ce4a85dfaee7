/** Issue 2: the BFF serves the built SPA with the right caching, fallbacks and filled slots. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embedJson } from '../src/plugins/static-spa';
import { testApp } from './helpers';

const INDEX = `<!doctype html><html><head>
<script id="nova-config" type="application/json">
  null
</script>
<script id="nova-session" type="application/json">null</script>
</head><body><div id="root"></div><script type="module" src="/assets/index-abc123.js"></script></body></html>`;

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
    writeFileSync(join(dir, 'theme.js'), '/* theme */');
    writeFileSync(join(dir, 'images/placeholders/skin.png'), 'PNG-skin');
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

  it('keeps API paths out of the SPA fallback', async () => {
    expect((await app.inject('/auth/unknown')).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: '/home' })).statusCode).toBe(404);
    expect((await app.inject('/healthz')).json()).toEqual({ status: 'ok' });
  });
});
