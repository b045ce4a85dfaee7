/**
 * The German pages of the dev IdP (login, update password, logout, errors, admin console). Plain
 * HTML with one inline style block allowed by its hash; no inline script anywhere, so the CSP can
 * forbid them.
 */
import { createHash } from 'node:crypto';

/** Where Keycloak's German theme has its own wording, these are its words (Keycloak's wins). */
export const TEXTS = {
  loginTitle: 'Bei Ihrem Konto anmelden',
  // The realm allows signing in with the e-mail address; dev-idp accepts it too (accounts.ts).
  username: 'Benutzername oder E-Mail',
  password: 'Passwort',
  loginButton: 'Anmelden',
  invalidCredentials: 'Ungültiger Benutzername oder Passwort.',
  demoNotice:
    'Demo-Anmeldedienst: ersetzt Keycloak in der Entwicklung. Demo-Konten (Passwort = Benutzername): spieler, beta, admin.',
  updatePasswordTitle: 'Passwort aktualisieren',
  newPassword: 'Neues Passwort',
  confirmPassword: 'Passwort bestätigen',
  submit: 'Absenden',
  cancel: 'Abbrechen',
  passwordTooShort: 'Das Passwort muss mindestens 8 Zeichen lang sein.',
  passwordMismatch: 'Die Passwörter stimmen nicht überein.',
  logoutTitle: 'Abmelden',
  logoutQuestion: 'Möchtest du dich von Nova Legacy abmelden?',
  logoutButton: 'Abmelden',
  loggedOutTitle: 'Abgemeldet',
  loggedOut: 'Du wurdest abgemeldet.',
  errorTitle: 'Fehler',
  notFoundTitle: 'Seite nicht gefunden',
  adminTitle: 'Administrationskonsole (Demo)',
} as const;

export const MIN_PASSWORD_LENGTH = 8;

const CSS = `
:root{color-scheme:light dark;--bg:#f4f5f7;--card:#fff;--text:#1c1e21;--muted:#5b6470;--accent:#1d4ed8;--accent-text:#fff;--border:#c9ced6;--error-bg:#fdecec;--error:#9b1c1c}
@media (prefers-color-scheme:dark){:root{--bg:#111418;--card:#1c2027;--text:#e8eaed;--muted:#a6adb8;--accent:#6b9cff;--accent-text:#0b1220;--border:#3a414c;--error-bg:#3b1717;--error:#ffb4b4}}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:var(--bg);color:var(--text);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;padding:1rem}
main{width:100%;max-width:26rem;background:var(--card);border:1px solid var(--border);border-radius:.75rem;padding:2rem;box-shadow:0 4px 18px rgba(0,0,0,.08)}
h1{font-size:1.4rem;margin:0 0 1.25rem}
p{margin:0 0 1rem}
.muted{color:var(--muted);font-size:.875rem}
label{display:block;font-weight:600;margin:0 0 .25rem}
input{display:block;width:100%;padding:.6rem .7rem;margin:0 0 1rem;border:1px solid var(--border);border-radius:.5rem;background:transparent;color:inherit;font:inherit}
input:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.actions{display:flex;gap:.75rem;flex-wrap:wrap}
button{flex:1;padding:.65rem 1rem;border:1px solid var(--accent);border-radius:.5rem;background:var(--accent);color:var(--accent-text);font:inherit;font-weight:600;cursor:pointer}
button.secondary{background:transparent;color:var(--accent)}
.error{background:var(--error-bg);color:var(--error);border-radius:.5rem;padding:.6rem .8rem;margin:0 0 1rem}
code{font-family:ui-monospace,monospace;font-size:.9em;word-break:break-all}
a{color:var(--accent)}
`;

const STYLE_HASH = `'sha256-${createHash('sha256').update(CSS).digest('base64')}'`;

/**
 * The Content-Security-Policy of every HTML answer. `formTargets` are the origins a form may end
 * up at: Chrome applies `form-action` to the redirects after a POST, and the login form's redirect
 * chain ends at a client's redirect URI.
 */
export function contentSecurityPolicy(formTargets: readonly string[]): string {
  return [
    "default-src 'none'",
    `style-src ${STYLE_HASH}`,
    "script-src 'self'",
    "img-src 'self'",
    `form-action 'self' ${formTargets.join(' ')}`.trim(),
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function layout(title: string, body: string, head = ''): string {
  return `<!DOCTYPE html>
<html lang="de">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style>${CSS}</style>${head}
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

function errorBox(id: string, message: string | undefined): string {
  return message ? `<p class="error" id="${id}" role="alert">${escapeHtml(message)}</p>` : '';
}

export function loginPage(input: { action: string; username?: string; error?: string }): string {
  const invalid = input.error ? ' aria-invalid="true" aria-describedby="login-error"' : '';
  return layout(
    TEXTS.loginTitle,
    `<h1>${TEXTS.loginTitle}</h1>
${errorBox('login-error', input.error)}
<form method="post" action="${escapeHtml(input.action)}" novalidate>
<label for="username">${TEXTS.username}</label>
<input id="username" name="username" type="text" autocomplete="username" autocapitalize="none" spellcheck="false" required autofocus value="${escapeHtml(input.username ?? '')}"${invalid}>
<label for="password">${TEXTS.password}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${invalid}>
<div class="actions"><button type="submit">${TEXTS.loginButton}</button></div>
</form>
<p class="muted">${escapeHtml(TEXTS.demoNotice)}</p>`,
  );
}

export function updatePasswordPage(input: { action: string; username: string; error?: string }): string {
  const invalid = input.error ? ' aria-invalid="true" aria-describedby="password-error"' : '';
  return layout(
    TEXTS.updatePasswordTitle,
    `<h1>${TEXTS.updatePasswordTitle}</h1>
<p class="muted">Angemeldet als <strong>${escapeHtml(input.username)}</strong>.</p>
${errorBox('password-error', input.error)}
<form method="post" action="${escapeHtml(input.action)}" novalidate>
<input type="hidden" name="username" autocomplete="username" value="${escapeHtml(input.username)}">
<label for="password-new">${TEXTS.newPassword}</label>
<input id="password-new" name="password-new" type="password" autocomplete="new-password" minlength="${MIN_PASSWORD_LENGTH}" required autofocus${invalid}>
<label for="password-confirm">${TEXTS.confirmPassword}</label>
<input id="password-confirm" name="password-confirm" type="password" autocomplete="new-password" required${invalid}>
<div class="actions">
<button type="submit" name="action" value="submit">${TEXTS.submit}</button>
<button type="submit" name="action" value="cancel" class="secondary" formnovalidate>${TEXTS.cancel}</button>
</div>
</form>`,
  );
}

/** `form` is oidc-provider's hidden form (`id="op.logoutForm"`) carrying the xsrf token. */
export function logoutConfirmPage(form: string): string {
  return layout(
    TEXTS.logoutTitle,
    `<h1>${TEXTS.logoutTitle}</h1>
<p>${TEXTS.logoutQuestion}</p>
${form}
<div class="actions"><button type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>${TEXTS.logoutButton}</button></div>`,
  );
}

export function loggedOutPage(): string {
  return layout(TEXTS.loggedOutTitle, `<h1>${TEXTS.loggedOutTitle}</h1>\n<p>${TEXTS.loggedOut}</p>`);
}

export function errorPage(message: string, code?: string): string {
  const detail = code ? `\n<p class="muted">Fehlercode: <code>${escapeHtml(code)}</code></p>` : '';
  return layout(TEXTS.errorTitle, `<h1>${TEXTS.errorTitle}</h1>\n<p>${escapeHtml(message)}</p>${detail}`);
}

export function notFoundPage(): string {
  return layout(
    TEXTS.notFoundTitle,
    `<h1>${TEXTS.notFoundTitle}</h1>\n<p>Unter dieser Adresse gibt es hier nichts.</p>`,
  );
}

export function homePage(issuer: string): string {
  const discovery = `${issuer}/.well-known/openid-configuration`;
  return layout(
    'Nova Dev-IdP',
    `<h1>Nova Dev-IdP</h1>
<p>Demo-Ersatz für Keycloak (Realm <code>nova</code>). Nicht für den Produktivbetrieb.</p>
<p class="muted">Discovery: <a href="${escapeHtml(discovery)}">${escapeHtml(discovery)}</a></p>`,
  );
}

/** `accounts` maps user ids to usernames; it is read by /resources/admin-console.js. */
export function adminConsolePage(accounts: Readonly<Record<string, string>>, scriptPath: string): string {
  // A JSON data block is never executed, so `script-src 'self'` still holds; `<` is escaped so
  // the data cannot close the element.
  const data = JSON.stringify(accounts).replace(/</g, '\\u003c');
  return layout(
    TEXTS.adminTitle,
    `<h1>${TEXTS.adminTitle}</h1>
<p>Diese Seite steht in der Demo für die Administrationskonsole von Keycloak. Benutzer werden hier nicht bearbeitet; in der echten Konsole öffnet dieser Link die Einstellungen des Benutzers.</p>
<p id="admin-user" aria-live="polite">Kein Benutzer ausgewählt.</p>
<script type="application/json" id="demo-accounts">${data}</script>`,
    `\n<script src="${escapeHtml(scriptPath)}" defer></script>`,
  );
}

/** The admin console's script: shows the user of `#/{realm}/users/{id}/settings` (no inline JS). */
export const ADMIN_CONSOLE_SCRIPT = `'use strict';
(function () {
  var target = document.getElementById('admin-user');
  var dataElement = document.getElementById('demo-accounts');
  var accounts = {};
  try { accounts = JSON.parse(dataElement ? dataElement.textContent || '{}' : '{}'); } catch (e) { accounts = {}; }
  function decode(value) { try { return decodeURIComponent(value); } catch (e) { return value; } }
  function show() {
    if (!target) return;
    var match = /^#\\/([^/]+)\\/users\\/([^/?#]+)\\/settings\\/?$/.exec(window.location.hash);
    if (!match) { target.textContent = 'Kein Benutzer ausgewählt.'; return; }
    var id = decode(match[2]);
    var username = Object.prototype.hasOwnProperty.call(accounts, id) ? accounts[id] : null;
    target.textContent = username
      ? 'Benutzer ' + username + ' (ID ' + id + ') im Realm ' + decodeURIComponent(match[1]) + '.'
      : 'Benutzer mit der ID ' + id + ' (in der Demo unbekannt).';
  }
  window.addEventListener('hashchange', show);
  show();
})();
`;
