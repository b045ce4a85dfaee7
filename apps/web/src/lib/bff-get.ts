/**
 * A query procedure of the BFF without input, asked with a plain GET (`/trpc/<path>`): what the
 * public pages and the session need (decision 042). The tRPC client and TanStack Query are the
 * Control Panel's and load with it; the public entry bundle stays without them. Same request as the
 * tRPC client's (same-origin, `X-CSRF: 1`, ARCHITECTURE §5), same answer shape (`{ result: { data } }`
 * or `{ error: { message, data: { code, httpStatus } } }`).
 */

/** A failed procedure: `data.code` is the BFF's tRPC code, as lib/errors.ts reads it. */
export class BffError extends Error {
  override name = 'BffError';
  readonly data: { code: string; httpStatus: number };

  constructor(message: string, code: string, httpStatus: number) {
    super(message);
    this.data = { code, httpStatus };
  }
}

/** tRPC's code for an HTTP status, for answers that are not tRPC's JSON (a proxy's error page). */
function codeOfStatus(status: number): string {
  const codes: Record<number, string> = {
    400: 'BAD_REQUEST',
    401: 'UNAUTHORIZED',
    403: 'FORBIDDEN',
    404: 'NOT_FOUND',
    429: 'TOO_MANY_REQUESTS',
    502: 'BAD_GATEWAY',
    503: 'SERVICE_UNAVAILABLE',
    504: 'GATEWAY_TIMEOUT',
  };
  return codes[status] ?? 'INTERNAL_SERVER_ERROR';
}

interface Envelope {
  result?: { data?: unknown };
  error?: { message?: unknown; data?: { code?: unknown } | null };
}

/**
 * The procedure's data. Rejects with a BffError when the BFF answers with an error, and with a
 * TypeError (as fetch does) when no answer came.
 */
export async function bffGet(path: string, fetcher: typeof fetch = fetch): Promise<unknown> {
  const response = await fetcher(`/trpc/${path}`, {
    headers: { 'x-csrf': '1' },
    credentials: 'same-origin',
  });
  let body: Envelope | null;
  try {
    body = (await response.json()) as Envelope;
  } catch {
    body = null;
  }
  if (response.ok && body?.result && 'data' in body.result) return body.result.data;
  const error = body?.error;
  const code = typeof error?.data?.code === 'string' ? error.data.code : codeOfStatus(response.status);
  const message = typeof error?.message === 'string' ? error.message : `HTTP ${response.status}`;
  throw new BffError(message, code, response.status);
}
