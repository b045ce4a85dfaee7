/**
 * A tiny browser for the tests: a cookie jar (name + path, as the IdP scopes its cookies to the
 * realm and the interaction), redirects followed by hand, and form parsing of the German pages.
 */
import * as client from 'openid-client';

interface Cookie {
  name: string;
  value: string;
  path: string;
}

export interface Hop {
  response: Response;
  /** URL of the last request made. */
  url: string;
  /** The redirect target that left the IdP (the client's redirect URI), if any. */
  location?: string;
  body: string;
}

export class Browser {
  private readonly cookies = new Map<string, Cookie>();

  constructor(private readonly origin: string) {}

  private cookieHeader(url: URL): string | undefined {
    const matching = [...this.cookies.values()].filter(
      (cookie) =>
        url.pathname === cookie.path ||
        url.pathname.startsWith(cookie.path.endsWith('/') ? cookie.path : `${cookie.path}/`),
    );
    return matching.length
      ? matching.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ')
      : undefined;
  }

  private store(url: URL, response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const pathAttribute = attributes.find((attribute) => attribute.toLowerCase().startsWith('path='));
      const path = pathAttribute ? pathAttribute.slice(5) : url.pathname.replace(/\/[^/]*$/, '') || '/';
      const expired = attributes.some((attribute) => /^expires=.*1970/i.test(attribute)) || value === '';
      const key = `${name}|${path}`;
      if (expired) this.cookies.delete(key);
      else this.cookies.set(key, { name, value, path });
    }
  }

  /** One request, no redirect following. */
  async request(target: string, init: RequestInit = {}): Promise<Response> {
    const url = new URL(target, this.origin);
    const headers = new Headers(init.headers);
    const cookie = this.cookieHeader(url);
    if (cookie) headers.set('cookie', cookie);
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    this.store(url, response);
    return response;
  }

  /** Follows redirects while they stay on the IdP; stops at a page or at a client's URI. */
  async navigate(target: string, init: RequestInit = {}): Promise<Hop> {
    let url = new URL(target, this.origin).href;
    let response = await this.request(url, init);
    for (let hops = 0; hops < 10; hops += 1) {
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) break;
      const next = new URL(location, url);
      if (next.origin !== new URL(this.origin).origin) {
        await response.body?.cancel();
        return { response, url, location: next.href, body: '' };
      }
      await response.body?.cancel();
      url = next.href;
      response = await this.request(url);
    }
    return { response, url, body: await response.text() };
  }

  /** Submits the page's (first) form with the given fields. */
  async submit(page: Hop, fields: Record<string, string>): Promise<Hop> {
    const action = formAction(page.body);
    return this.navigate(new URL(action, page.url).href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
  }
}

function unescapeHtml(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

export function formAction(html: string): string {
  const match = /<form[^>]*\saction="([^"]+)"/.exec(html);
  if (!match?.[1]) throw new Error(`no form in page:\n${html}`);
  return unescapeHtml(match[1]);
}

export function inputValue(html: string, name: string): string | undefined {
  const match = new RegExp(`<input[^>]*name="${name}"[^>]*value="([^"]*)"`).exec(html);
  return match?.[1] === undefined ? undefined : unescapeHtml(match[1]);
}

/** openid-client as the BFF uses it, against the plain-http dev IdP. */
export function discover(
  issuer: string,
  clientId: string,
  secret: string,
  auth?: client.ClientAuth,
): Promise<client.Configuration> {
  // eslint-disable-next-line @typescript-eslint/no-deprecated -- the dev IdP speaks http on localhost; openid-client marks this opt-in deprecated only so it stands out
  const allowHttp = client.allowInsecureRequests;
  return client.discovery(new URL(issuer), clientId, secret, auth, { execute: [allowHttp] });
}

export interface AuthorizationStart {
  url: URL;
  verifier: string;
  state: string;
  nonce: string;
}

export async function authorizationRequest(
  config: client.Configuration,
  redirectUri: string,
  extra: Record<string, string> = {},
): Promise<AuthorizationStart> {
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    ...extra,
  });
  return { url, verifier, state, nonce };
}

/** Exchanges the code of a callback URL the way the BFF does. */
export function exchange(config: client.Configuration, callback: string, start: AuthorizationStart) {
  return client.authorizationCodeGrant(config, new URL(callback), {
    pkceCodeVerifier: start.verifier,
    expectedState: start.state,
    expectedNonce: start.nonce,
  });
}

/** A full sign-in through the login page; returns the token response. */
export async function signIn(
  browser: Browser,
  config: client.Configuration,
  redirectUri: string,
  username: string,
  password: string,
) {
  const start = await authorizationRequest(config, redirectUri);
  const page = await browser.navigate(start.url.href);
  const done = await browser.submit(page, { username, password });
  if (!done.location) throw new Error(`sign-in did not redirect back:\n${done.body}`);
  return { tokens: await exchange(config, done.location, start), start };
}

export function decodeJwt(token: string): Record<string, unknown> {
  const [, payload = ''] = token.split('.');
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}
