/**
 * `style-src 'unsafe-inline'` in the CSP. The BFF's own pages (/auth/*: sign-in
 * problems, logout confirmation, the step-up refusal) allow their stylesheet by its hash instead;
 * the SPA keeps it for Radix's Dialog (decision 055). No page allows inline scripts but the SPA's
 * theme script, by its hash (decision 052).
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../helpers';

const directive = (csp: string, name: string) =>
  csp
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `)) ?? '';

describe('security: styles in the Content-Security-Policy', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp({ OIDC_ISSUER: 'http://127.0.0.1:9/realms/nova' });
  });
  afterAll(() => app.close());

  it.each([
    ['the logout confirmation', '/auth/logout'],
    ['a sign-in problem (identity provider away)', '/auth/login'],
    ['an expired sign-in', '/auth/callback?state=unknown&code=x'],
  ])('%s allows its stylesheet by hash, nothing inline', async (_name, url) => {
    const page = await app.inject({ method: 'GET', url });
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(page.headers['content-security-policy']);
    const stylesheet = /<style>([\s\S]*?)<\/style>/.exec(page.body)?.[1] ?? '';
    expect(stylesheet.length).toBeGreaterThan(0);
    const hash = createHash('sha256').update(stylesheet).digest('base64');
    expect(directive(csp, 'style-src')).toBe(`style-src 'sha256-${hash}'`);
    expect(csp).not.toContain("'unsafe-inline'");
    expect(directive(csp, 'script-src')).toMatch(/^script-src 'self'/);
  });

  it('other answers keep the SPA policy, without inline scripts', async () => {
    const answer = await app.inject({ method: 'GET', url: '/healthz' });
    const csp = String(answer.headers['content-security-policy']);
    expect(directive(csp, 'script-src')).toMatch(/^script-src 'self'/);
    expect(directive(csp, 'script-src')).not.toContain("'unsafe-inline'");
    expect(directive(csp, 'style-src')).toMatch(/^style-src 'self'/);
  });
});
