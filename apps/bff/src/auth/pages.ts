/** Small German pages the BFF renders itself (sign-in problems, logout confirmation). */
import { ROUTES } from '@nova/domain';

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

export function logoutConfirmPage(): string {
  return page(
    'Abmelden',
    `<h1>Abmelden</h1><p>Möchtest du dich von Nova Legacy abmelden?</p><form method="post" action="/auth/logout"><button type="submit">Logout</button><a class="secondary" href="/control-panel">Abbrechen</a></form>`,
  );
}
