/** Small German pages the BFF renders itself (sign-in problems, logout confirmation). */
import { createHash } from 'node:crypto';
import { ROUTES } from '@nova/domain';
import type { FastifyReply } from 'fastify';

const STYLE = `
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: Canvas; color: CanvasText; }
  main { max-width: 28rem; padding: 2rem; text-align: center; }
  h1 { font-size: 1.4rem; }
  a, button { display: inline-block; margin: .5rem; padding: .6rem 1.2rem; border-radius: .5rem; font: inherit;
    border: 1px solid #6366f1; background: #4f46e5; color: #fff; text-decoration: none; cursor: pointer; }
  a.secondary { background: transparent; color: inherit; }
  :focus-visible { outline: 3px solid #a5b4fc; outline-offset: 2px; }
`;

/** The pages' one stylesheet, allowed by its hash (decision 055). */
export const PAGE_STYLE_SOURCE = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

/**
 * onSend for /auth/*: an HTML answer there is one of these pages, so its Content-Security-Policy
 * allows styles by the stylesheet's hash instead of the SPA's `'unsafe-inline'` (decision 055).
 */
export function pageStylesByHash(reply: FastifyReply): void {
  const type = reply.getHeader('content-type');
  const csp = reply.getHeader('content-security-policy');
  if (typeof type !== 'string' || !type.startsWith('text/html') || typeof csp !== 'string') return;
  reply.header('content-security-policy', csp.replace(/style-src [^;]*/, `style-src ${PAGE_STYLE_SOURCE}`));
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function page(title: string, body: string): string {
  return `<!doctype html><html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)} – Nova Legacy</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

export function loginProblemPage(message: string): string {
  return page(
    'Anmeldung fehlgeschlagen',
    `<h1>Anmeldung fehlgeschlagen</h1><p>${escape(message)}</p><p><a href="/auth/login">Erneut anmelden</a><a class="secondary" href="${ROUTES.home.path}">Zur Startseite</a></p>`,
  );
}

/**
 * A re-authentication answered by another account: nothing was done, and the session did not change
 * hands. `kept`: the person is still signed in (else the identity provider ended that session).
 */
export function otherAccountPage(username: string, kept: boolean, returnTo: string): string {
  const name = escape(username);
  const state = kept
    ? `<p>Du bist weiterhin als ${name} angemeldet; es wurde nichts ausgeführt.</p><p><a href="${escape(returnTo)}">Zurück</a></p>`
    : `<p>Es wurde nichts ausgeführt. Der Anmeldedienst hat deine Sitzung beendet; bitte melde dich erneut als ${name} an.</p><p><a href="/auth/login?returnTo=${encodeURIComponent(returnTo)}">Erneut anmelden</a></p>`;
  return page(
    'Anmeldung nicht bestätigt',
    `<h1>Anmeldung nicht bestätigt</h1><p>Du hast dich mit einem anderen Konto angemeldet. Zur Bestätigung musst du dich als ${name} anmelden.</p>${state}`,
  );
}

export function logoutConfirmPage(): string {
  return page(
    'Abmelden',
    `<h1>Abmelden</h1><p>Möchtest du dich von Nova Legacy abmelden?</p><form method="post" action="/auth/logout"><button type="submit">Logout</button><a class="secondary" href="/control-panel">Abbrechen</a></form>`,
  );
}
