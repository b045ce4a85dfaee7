/**
 * Just enough of a browser for sign-in flows over real HTTP: a cookie jar (cookies ignore ports, as
 * in browsers; paths are honoured), manual redirects, and the forms of the identity provider.
 */
export interface Step {
  url: string;
  status: number;
  location: string | null;
  setCookies: string[];
  body: string;
}

interface Cookie {
  value: string;
  path: string;
}

export class HttpBrowser {
  readonly cookies = new Map<string, Cookie>();
  readonly history: Step[] = [];

  cookieHeader(url: string): string {
    const path = new URL(url).pathname;
    return [...this.cookies]
      .filter(([, c]) => path === c.path || path.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`))
      .map(([name, c]) => `${name}=${c.value}`)
      .join('; ');
  }

  #store(setCookies: string[]): void {
    for (const header of setCookies) {
      const [pair = '', ...attributes] = header.split(';').map((s) => s.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const path = attributes.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? '/';
      const expired = attributes.some((a) => /^max-age=0$/i.test(a) || /^expires=Thu, 01 Jan 1970/i.test(a));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, { value, path });
    }
  }

  async request(
    url: string,
    init: { method?: string; form?: Record<string, string>; headers?: Record<string, string> } = {},
  ): Promise<Step> {
    const headers: Record<string, string> = { ...init.headers };
    const cookie = this.cookieHeader(url);
    if (cookie) headers.cookie = cookie;
    let body: string | undefined;
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    }
    const response = await fetch(url, {
      method: init.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
      redirect: 'manual',
    });
    const setCookies = response.headers.getSetCookie();
    this.#store(setCookies);
    const location = response.headers.get('location');
    const step: Step = {
      url,
      status: response.status,
      location: location ? new URL(location, url).href : null,
      setCookies,
      body: await response.text(),
    };
    this.history.push(step);
    return step;
  }

  /** Follows redirects (GET) until a page that does not redirect; at most 15 hops. */
  async follow(start: Step): Promise<Step> {
    let step = start;
    for (let hop = 0; hop < 15 && step.location && step.status >= 300 && step.status < 400; hop++) {
      step = await this.request(step.location);
    }
    return step;
  }

  async get(url: string, headers?: Record<string, string>): Promise<Step> {
    return this.follow(await this.request(url, { ...(headers ? { headers } : {}) }));
  }

  /** Submits the first form of a page (or the one with the given id), with extra fields. */
  async submit(page: Step, fields: Record<string, string>, formId?: string): Promise<Step> {
    const form = formOf(page, formId);
    return this.follow(
      await this.request(new URL(decode(form.action), page.url).href, {
        form: { ...form.fields, ...fields },
      }),
    );
  }
}

function decode(text: string): string {
  return text
    .replace(/&amp;/g, '&')
    .replace(/&#x2F;/gi, '/')
    .replace(/&#47;/g, '/')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");
}

export function formOf(page: Step, formId?: string): { action: string; fields: Record<string, string> } {
  const forms = [...page.body.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)];
  const match = formId ? forms.find((f) => f[1]?.includes(`id="${formId}"`)) : forms[0];
  if (!match)
    throw new Error(`no form${formId ? ` ${formId}` : ''} on ${page.url}:\n${page.body.slice(0, 500)}`);
  const action = /action="([^"]*)"/.exec(match[1] ?? '')?.[1] ?? page.url;
  const fields: Record<string, string> = {};
  for (const input of (match[2] ?? '').matchAll(/<input\b([^>]*)>/g)) {
    const attrs = input[1] ?? '';
    const name = /name="([^"]*)"/.exec(attrs)?.[1];
    const type = /type="([^"]*)"/.exec(attrs)?.[1];
    if (name && type === 'hidden') fields[name] = decode(/value="([^"]*)"/.exec(attrs)?.[1] ?? '');
  }
  return { action, fields };
}

/** Signs in through the BFF: /auth/login → the identity provider's form → callback → returnTo. */
export async function signIn(
  browser: HttpBrowser,
  bffUrl: string,
  username: string,
  options: { password?: string; returnTo?: string } = {},
): Promise<Step> {
  const returnTo = options.returnTo ?? '/control-panel';
  const loginPage = await browser.get(`${bffUrl}/auth/login?returnTo=${encodeURIComponent(returnTo)}`);
  if (!loginPage.body.includes('Benutzername')) return loginPage; // already signed in at the IdP
  const form = formOf(loginPage);
  const posted = await browser.request(new URL(decode(form.action), loginPage.url).href, {
    form: { ...form.fields, username, password: options.password ?? username },
  });
  // Follow to the BFF's callback, but stop at its redirect to the SPA (there is no SPA build here).
  let step = posted;
  for (let hop = 0; hop < 15 && step.location; hop++) {
    step = await browser.request(step.location);
    if (new URL(step.url).pathname === '/auth/callback') return step;
  }
  return step;
}
