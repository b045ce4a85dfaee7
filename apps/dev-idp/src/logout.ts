/**
 * RP-initiated logout the way Keycloak does it, and back-channel logout delivery.
 *
 * oidc-provider always renders a confirmation page and ends the session only on its POST. Keycloak
 * (and OIDC RP-Initiated Logout 1.0 §2) ends the session at once when a valid `id_token_hint`
 * belongs to the current session; the BFF relies on that to land on its `post_logout_redirect_uri`.
 * So when the hint matches, the confirmation POST is dispatched in-process with the xsrf token the
 * provider just stored in the session, and its redirect becomes the answer. Everything that ends
 * the session (back-channel tokens, grant revocation, cookie) stays oidc-provider's own code.
 */
import { IncomingMessage, type ServerResponse } from 'node:http';
import { Socket } from 'node:net';

import type { KoaContextWithOIDC } from 'oidc-provider';

import { oidcOf, type Next } from './kc-action';
import { describeError, type DevIdpLogger } from './log';
import { loggedOutPage, logoutConfirmPage } from './pages';

export type RequestListener = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

type OidcContext = KoaContextWithOIDC['oidc'];

export function logoutSource(csp: string) {
  return (ctx: KoaContextWithOIDC, form: string): void => {
    ctx.set('Content-Security-Policy', csp);
    ctx.type = 'html';
    ctx.body = logoutConfirmPage(form);
  };
}

export function postLogoutSuccessSource(csp: string) {
  return (ctx: KoaContextWithOIDC): void => {
    ctx.set('Content-Security-Policy', csp);
    ctx.type = 'html';
    ctx.body = loggedOutPage();
  };
}

/** OIDC RP-Initiated Logout §2: no question needed when the hint names this very session. */
function hintMatchesSession(oidc: OidcContext): boolean {
  const hint = oidc.entities.IdTokenHint;
  const { session, client } = oidc;
  if (!hint || !session?.accountId || !client) return false;
  return hint.payload.sub === session.accountId && hint.payload.sid === session.sidFor(client.clientId);
}

/**
 * The Cookie header the browser will send next: its current cookies plus those the first pass just
 * set (a browser without any session gets its xsrf state in a brand-new session cookie).
 */
function nextCookieHeader(
  current: string | undefined,
  setCookie: ReturnType<ServerResponse['getHeader']>,
): string {
  const jar = new Map<string, string>();
  for (const pair of (current ?? '').split(';')) {
    const eq = pair.indexOf('=');
    if (eq > 0) jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
  }
  const fresh = Array.isArray(setCookie) ? setCookie : typeof setCookie === 'string' ? [setCookie] : [];
  for (const header of fresh) {
    const [pair = ''] = header.split(';');
    const eq = pair.indexOf('=');
    if (eq > 0) jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

/** A form POST for the provider's own router, carrying the browser's cookies. */
function syntheticFormPost(
  from: IncomingMessage,
  cookie: string,
  url: string,
  originalUrl: string,
  form: URLSearchParams,
) {
  const body = form.toString();
  // An unconnected socket: nothing can read from or resume the browser's real connection.
  const req = new IncomingMessage(new Socket());
  req.method = 'POST';
  req.url = url;
  req.headers = {
    host: from.headers.host,
    cookie,
    'content-type': 'application/x-www-form-urlencoded',
    'content-length': String(Buffer.byteLength(body)),
  };
  Object.assign(req, { originalUrl });
  req.push(body);
  req.push(null);
  return req;
}

/**
 * Post-middleware of the `end_session` route. `dispatch` is the provider's request listener and
 * `realmPath` the issuer's path, which the provider's router does not see.
 */
export function autoConfirmLogout(dispatch: () => RequestListener, realmPath: string) {
  return async (ctx: KoaContextWithOIDC, next: Next): Promise<void> => {
    await next();
    const oidc = oidcOf(ctx);
    if (oidc?.route !== 'end_session' || ctx.status !== 200) return;
    const secret: unknown = oidc.session?.state?.secret;
    // Without a signed-in user there is nothing to confirm (the provider would auto-submit too).
    if (typeof secret !== 'string' || (oidc.session?.accountId && !hintMatchesSession(oidc))) return;

    const path = oidc.provider.pathFor('end_session_confirm', { mountPath: '' });
    const cookie = nextCookieHeader(ctx.req.headers.cookie, ctx.res.getHeader('set-cookie'));
    const form = new URLSearchParams({ xsrf: secret, logout: 'yes' });
    const req = syntheticFormPost(ctx.req, cookie, path, `${realmPath}${path}`, form);
    // The confirmation page is discarded; the confirm route answers this browser request instead.
    ctx.respond = false;
    ctx.res.removeHeader('Content-Type');
    ctx.res.removeHeader('Content-Length');
    await dispatch()(req, ctx.res);
  };
}

/**
 * `fetch` for oidc-provider's outgoing requests (back-channel logout only: clients are static and
 * no JWKS or sector URIs are fetched). Its default guard refuses loopback addresses, but the demo's
 * relying parties run on localhost. A logout token for the primary BFF URI is also delivered to the
 * other BFF instances, so that every registered BFF ends its sessions.
 */
export function backchannelFetch(fanOut: ReadonlyMap<string, readonly string[]>, logger: DevIdpLogger) {
  return async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const { dispatcher: _ssrfGuard, ...options } = (init ?? {}) as RequestInit & { dispatcher?: unknown };
    const url = input instanceof Request ? input.url : String(input);
    const extra = fanOut.get(url) ?? [];
    const copies = extra.map(async (target) => {
      try {
        const response = await fetch(target, options);
        if (response.status !== 200 && response.status !== 204) {
          logger.warn(`Back-Channel-Logout an ${target}: HTTP ${response.status}`);
        }
      } catch (error) {
        logger.warn(`Back-Channel-Logout an ${target} fehlgeschlagen: ${describeError(error)}`);
      }
    });
    try {
      return await fetch(input, options);
    } finally {
      await Promise.all(copies);
    }
  };
}
