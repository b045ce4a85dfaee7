/** tRPC over real HTTP as the SPA sends it, for the tests of a running stack. */
import type { HttpBrowser } from './http-browser';
import { SPA } from './helpers';

export interface Answer {
  status: number;
  body: {
    result?: { data: unknown };
    error?: {
      message: string;
      data: {
        code: string;
        reason: string | null;
        fieldErrors: Record<string, string> | null;
        conflict?: unknown;
      };
    };
  };
}

export async function call(
  browser: HttpBrowser,
  base: string,
  procedure: string,
  input?: unknown,
  method: 'GET' | 'POST' = 'POST',
): Promise<Answer> {
  const url =
    method === 'GET'
      ? `${base}/trpc/${procedure}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`
      : `${base}/trpc/${procedure}`;
  const response = await fetch(url, {
    method,
    headers: {
      ...SPA,
      cookie: browser.cookieHeader(url),
      ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
    },
    ...(method === 'POST' ? { body: JSON.stringify(input ?? null) } : {}),
  });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

export const query = (browser: HttpBrowser, base: string, procedure: string, input?: unknown) =>
  call(browser, base, procedure, input, 'GET');

/** The game API's fetch, counting what the BFF sends it other than reads. */
export function countingGameApi(): { fetch: typeof fetch; writes: () => string[] } {
  const writes: string[] = [];
  const counted: typeof fetch = (input, init) => {
    const method = init?.method ?? 'GET';
    const url = input instanceof Request ? input.url : input instanceof URL ? input.href : input;
    if (method !== 'GET') writes.push(`${method} ${new URL(url).pathname}`);
    return fetch(input, init);
  };
  return { fetch: counted, writes: () => [...writes] };
}
