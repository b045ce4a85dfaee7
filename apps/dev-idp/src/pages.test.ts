import { DEMO_ACCOUNTS, DEMO_CLIENT_ID, DEMO_CLIENT_SECRET } from '@nova/demo';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { Browser, discover } from '../test/browser';
import { silentLogger, startDevIdp, type DevIdp } from './index';
import { ADMIN_CONSOLE_SCRIPT, escapeHtml, loginPage } from './pages';

let idp: DevIdp;

beforeAll(async () => {
  idp = await startDevIdp({ port: 0, logger: silentLogger });
});

afterAll(async () => {
  await idp.close();
});

describe('login page', () => {
  it("speaks Keycloak's German: its heading, field labels and button", () => {
    const html = loginPage({ action: '/interaction/x/login' });
    expect(html).toContain('<h1>Bei Ihrem Konto anmelden</h1>');
    expect(html).toContain('<label for="username">Benutzername oder E-Mail</label>');
    expect(html).toMatch(/<label for="password">Passwort<\/label>/);
    expect(html).toMatch(/<button[^>]*>Anmelden<\/button>/);
  });
});

describe('admin console stand-in', () => {
  it('serves a German page under any /admin/ path that loads an external script only', async () => {
    for (const path of ['/admin/nova/console/', '/admin/master/console/irgendwas']) {
      const response = await fetch(`${idp.url}${path}`);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain('lang="de"');
      expect(html).toContain('Administrationskonsole (Demo)');
      expect(html).toContain('Keycloak');
      expect(html).toContain('<script src="/resources/dev-idp/admin-console.js" defer></script>');
      expect(html).not.toMatch(/<script>/);
      expect(html).toContain(DEMO_ACCOUNTS.admin.id);
      expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    }
  });

  it('serves the script that reads #/{realm}/users/{id}/settings', async () => {
    const response = await fetch(`${idp.url}/resources/dev-idp/admin-console.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('javascript');
    expect(await response.text()).toBe(ADMIN_CONSOLE_SCRIPT);
    expect(ADMIN_CONSOLE_SCRIPT).toContain('textContent');
    expect(ADMIN_CONSOLE_SCRIPT).not.toContain('innerHTML');
  });
});

describe('other pages', () => {
  it('answers unknown paths with a German 404 page', async () => {
    const response = await fetch(`${idp.url}/gibt-es-nicht`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('Seite nicht gefunden');
  });

  it('redirects a logout without a signed-in user straight away', async () => {
    const bff = await discover(idp.issuer, DEMO_CLIENT_ID, DEMO_CLIENT_SECRET);
    const url = client.buildEndSessionUrl(bff, {
      client_id: DEMO_CLIENT_ID,
      post_logout_redirect_uri: 'http://localhost:3000/',
    });
    const response = await new Browser(idp.url).request(url.href);
    expect(response.headers.get('location')).toBe('http://localhost:3000/');
  });

  it('escapes what it echoes', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    expect(loginPage({ action: '/x', username: '"><script>' })).not.toContain('"><script>');
  });
});
