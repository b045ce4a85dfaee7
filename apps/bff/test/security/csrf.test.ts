/**
 * CSRF over every procedure. A signed-in browser's cookie goes along with any
 * request a foreign page makes; each such request must be refused (403) before any procedure runs,
 * whatever the transport: a GET, a POST, a batch. The attacks: no `X-CSRF` header, a foreign
 * `Origin`, cross-site Fetch Metadata. The game API never sees one of them. The same requests from
 * the SPA pass the check (so the refusals are the check's doing).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportFigure } from '../figures';
import { call, firstEvent, isSubscription, PROCEDURES, startTarget, type Target } from './fixture';

const ATTACKS: Record<string, Record<string, string>> = {
  'no X-CSRF header': {},
  'a foreign Origin': { 'x-csrf': '1', origin: 'https://evil.example' },
  'cross-site Fetch Metadata': { 'x-csrf': '1', 'sec-fetch-site': 'cross-site' },
};
const SPA = { 'x-csrf': '1', origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' };
const TRANSPORTS = ['GET', 'POST', 'batch'] as const;

describe('security: CSRF on every procedure', () => {
  let target: Target;
  beforeAll(async () => {
    target = await startTarget();
  });
  afterAll(() => target.close());

  function request(path: string, transport: (typeof TRANSPORTS)[number], headers: Record<string, string>) {
    const all = { ...headers, cookie: target.cookie('admin') };
    // A subscription's stream stays open: `call` reads its first event and lets go.
    if (transport === 'GET') return call(target, path, { method: 'GET', headers: all });
    if (transport === 'POST') {
      const post = {
        method: 'POST' as const,
        url: `/trpc/${path}`,
        headers: { ...all, 'content-type': 'application/json' },
        payload: '{}',
      };
      // tRPC answers a POST to a subscription inside a stream, too (405 as its first event).
      return isSubscription(path) ? firstEvent(target, post) : target.app.inject(post);
    }
    const input = encodeURIComponent(JSON.stringify({ 0: {}, 1: {} }));
    const url = `/trpc/${path},${path}?batch=1&input=${input}`;
    if (isSubscription(path)) return firstEvent(target, { method: 'GET', url, headers: all });
    return target.app.inject({ method: 'GET', url, headers: all });
  }

  it('every procedure × GET/POST/batch × each attack is refused before it runs', async () => {
    target.api.reset();
    const passed: string[] = [];
    let refused = 0;
    for (const path of PROCEDURES) {
      for (const transport of TRANSPORTS) {
        for (const [attack, headers] of Object.entries(ATTACKS)) {
          const response = await request(path, transport, headers);
          const body = response.json<{ error?: { message?: string } }>();
          if (
            response.statusCode === 403 &&
            body.error?.message ===
              'Die Anfrage wurde aus Sicherheitsgründen abgelehnt. Bitte lade die Seite neu.'
          )
            refused++;
          else passed.push(`${path} ${transport} with ${attack}: ${response.statusCode}`);
        }
      }
    }
    const total = PROCEDURES.length * TRANSPORTS.length * Object.keys(ATTACKS).length;
    reportFigure(
      `CSRF: ${total} forged requests (${PROCEDURES.length} procedures × GET/POST/batch × 3 attacks): ${refused} refused with 403, ${passed.length} passed, ${target.api.requests.length} reached the game API`,
    );
    expect(passed).toEqual([]);
    expect(target.api.requests).toEqual([]);
  });

  it('the same requests from the SPA pass the check', async () => {
    const refused: string[] = [];
    for (const path of PROCEDURES) {
      for (const transport of TRANSPORTS) {
        const response = await request(path, transport, SPA);
        const body = response.json<{ error?: { message?: string } } | unknown[]>();
        const message = Array.isArray(body) ? undefined : body.error?.message;
        if (message === 'Die Anfrage wurde aus Sicherheitsgründen abgelehnt. Bitte lade die Seite neu.')
          refused.push(`${path} ${transport}`);
      }
    }
    expect(refused).toEqual([]);
  });
});
