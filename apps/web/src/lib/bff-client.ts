/**
 * The page's one tRPC client (decision 050). Its own module, so that the public entry loads it with
 * the first call (lib/query-client.ts `loadBffClient`); the Control Panel's hooks import it directly.
 */
import type { AppRouter } from '@nova/bff';
import {
  createTRPCUntypedClient,
  httpBatchLink,
  httpSubscriptionLink,
  splitLink,
  type TRPCUntypedClient,
} from '@trpc/client';

export type BffClient = TRPCUntypedClient<AppRouter>;

/**
 * Same-origin only; `X-CSRF: 1` proves the request comes from this SPA (architecture §5). Live
 * streams (decision 106) go through the browser's EventSource, which sends the cookie and the Fetch
 * Metadata the BFF checks instead, and reconnects with the last event id.
 */
export const bffClient: BffClient = createTRPCUntypedClient<AppRouter>({
  links: [
    splitLink({
      condition: (op) => op.type === 'subscription',
      true: httpSubscriptionLink({ url: '/trpc' }),
      false: httpBatchLink({
        url: '/trpc',
        maxURLLength: 4000,
        headers: () => ({ 'x-csrf': '1' }),
        fetch: (url, options) => fetch(url, { ...options, credentials: 'same-origin' }),
      }),
    }),
  ],
});
