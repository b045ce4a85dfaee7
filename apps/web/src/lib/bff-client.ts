/**
 * The page's one tRPC client (decision 050). Its own module, so that the public entry loads it with
 * the first call (lib/query-client.ts `loadBffClient`); the Control Panel's hooks import it directly.
 */
import type { AppRouter } from '@nova/bff';
import { createTRPCUntypedClient, httpBatchLink, type TRPCUntypedClient } from '@trpc/client';

export type BffClient = TRPCUntypedClient<AppRouter>;

/** Same-origin only; `X-CSRF: 1` proves the request comes from this SPA (architecture §5). */
export const bffClient: BffClient = createTRPCUntypedClient<AppRouter>({
  links: [
    httpBatchLink({
      url: '/trpc',
      maxURLLength: 4000,
      headers: () => ({ 'x-csrf': '1' }),
      fetch: (url, options) => fetch(url, { ...options, credentials: 'same-origin' }),
    }),
  ],
});
