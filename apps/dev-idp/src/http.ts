/**
 * The dev IdP's HTTP routes: /healthz, the admin console stand-in, the login pages, userinfo and
 * introspection, and everything else under the realm path handed to oidc-provider.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

import type { Provider } from 'oidc-provider';

import type { AccountStore } from './accounts';
import { KEYCLOAK_ROUTES, type ResolvedConfig } from './config';
import { sendHtml, sendJson, sendText } from './http-util';
import { createInteractionHandler, INTERACTION_SEGMENT } from './interactions';
import type { createKeycloakEndpoints } from './keycloak-endpoints';
import { describeError } from './log';
import type { RequestListener } from './logout';
import { ADMIN_CONSOLE_SCRIPT, adminConsolePage, errorPage, homePage, notFoundPage } from './pages';

export const ADMIN_SCRIPT_PATH = '/resources/dev-idp/admin-console.js';

export interface RouterDeps {
  config: ResolvedConfig;
  provider: Provider;
  accounts: AccountStore;
  keycloak: ReturnType<typeof createKeycloakEndpoints>;
  csp: string;
}

export function createRouter(deps: RouterDeps): RequestListener {
  const { config, provider, accounts, csp } = deps;
  const { realmPath } = config;
  const providerListener = provider.callback();
  const interactions = createInteractionHandler({
    provider,
    accounts,
    realmPath,
    csp,
    logger: config.logger,
  });
  const adminAccounts = Object.fromEntries(accounts.all().map((account) => [account.id, account.username]));

  /**
   * oidc-provider routes without the issuer's path; it rebuilds its URLs from `originalUrl`
   * minus `url` (the way connect/express mounting reports a prefix).
   */
  function toProvider(req: IncomingMessage, res: ServerResponse, url: string): Promise<void> {
    Object.assign(req, { originalUrl: url });
    req.url = url.slice(realmPath.length) || '/';
    return providerListener(req, res);
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = req.url ?? '/';
    const path = new URL(url, 'http://dev-idp.invalid').pathname;
    const readOnly = req.method === 'GET' || req.method === 'HEAD';

    if (path === '/healthz') {
      sendJson(res, 200, { status: 'ok' });
    } else if (path === '/favicon.ico' && readOnly) {
      // Browsers ask for it on every page; an empty answer keeps their consoles clean.
      res.writeHead(204, { 'Cache-Control': 'public, max-age=86400' });
      res.end();
    } else if (path === ADMIN_SCRIPT_PATH && readOnly) {
      res.setHeader('Cache-Control', 'no-cache');
      sendText(res, 200, ADMIN_CONSOLE_SCRIPT, 'text/javascript; charset=utf-8');
    } else if ((path === '/admin' || path.startsWith('/admin/')) && readOnly) {
      sendHtml(res, 200, adminConsolePage(adminAccounts, ADMIN_SCRIPT_PATH), csp);
    } else if (path === '/' && readOnly) {
      sendHtml(res, 200, homePage(config.issuer), csp);
    } else if (path.startsWith(`${realmPath}${INTERACTION_SEGMENT}`)) {
      await interactions(req, res, path.slice(realmPath.length + INTERACTION_SEGMENT.length));
    } else if (path === `${realmPath}${KEYCLOAK_ROUTES.userinfo}`) {
      await deps.keycloak.userinfo(req, res);
    } else if (
      path === `${realmPath}${KEYCLOAK_ROUTES.end_session}` &&
      req.method === 'POST' &&
      /^Basic /i.test(req.headers.authorization ?? '')
    ) {
      // A client authenticating itself is Keycloak's non-browser logout with a refresh token.
      await deps.keycloak.refreshTokenLogout(req, res);
    } else if (path === `${realmPath}${KEYCLOAK_ROUTES.introspection}`) {
      await deps.keycloak.introspection(req, res);
    } else if (path === realmPath || path.startsWith(`${realmPath}/`)) {
      await toProvider(req, res, url);
    } else {
      sendHtml(res, 404, notFoundPage(), csp);
    }
  }

  return async (req, res) => {
    try {
      await route(req, res);
    } catch (error) {
      config.logger.error(`${req.method ?? '?'} ${req.url ?? '?'}: ${describeError(error)}`);
      if (!res.headersSent)
        sendHtml(res, 500, errorPage('Interner Fehler. Bitte versuche es später erneut.'), csp);
      else res.destroy();
    }
  };
}
