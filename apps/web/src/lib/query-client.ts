/**
 * The SPA's one data layer (decision 050): TanStack Query over one tRPC client, for public pages and
 * the Control Panel alike (the Control Panel's hooks, lib/trpc.tsx, use the same client and cache).
 * What a public page needs is here, with plain TanStack Query options, so the public bundle does
 * without tRPC's React layer, and without its client until the first call.
 */
import type { AppRouter } from '@nova/bff';
import type { Me } from '@nova/contracts';
import { QueryClient, queryOptions, type QueryFunction } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import type { BffClient } from './bff-client';
import { classifyError } from './errors';

type Outputs = inferRouterOutputs<AppRouter>;

/**
 * The page's tRPC client (lib/bff-client.ts), loaded with the first call: a public page shows the
 * data the server rendered it with and asks nothing, so its entry does without the client's code.
 */
export async function loadBffClient(): Promise<BffClient> {
  const { bffClient } = await import('./bff-client');
  return bffClient;
}

/**
 * TanStack Query's default query function (its "default query function" pattern): a query keyed
 * as tRPC's React hooks key theirs (`[path, { input?, type: 'query' }]`) asks that procedure.
 */
export function procedureQueryFn(client: BffClient | (() => Promise<BffClient>)): QueryFunction {
  return async ({ queryKey, signal }) => {
    const [path, options] = queryKey as [string[], { input?: unknown } | undefined];
    const trpc = typeof client === 'function' ? await client() : client;
    return trpc.query(path.join('.'), options?.input, { signal });
  };
}

/**
 * The public procedures (and who is signed in) as TanStack Query options under the keys tRPC's
 * React hooks use for them, so both share one cache entry (query-client.test.tsx holds them to
 * tRPC's `getQueryKey`); the client's default query function asks the BFF.
 */
export const publicQueries = {
  me: queryOptions<Outputs['session']['me']>({
    queryKey: [['session', 'me'], { type: 'query' }],
    staleTime: Infinity,
  }),
  toplist: queryOptions<Outputs['toplist']['get']>({ queryKey: [['toplist', 'get'], { type: 'query' }] }),
  calendar: queryOptions<Outputs['calendar']['list']>({
    queryKey: [['calendar', 'list'], { type: 'query' }],
  }),
  /** The signed-in player's game profile (the own profile screen's entry): his in-game name. */
  ownProfile: queryOptions<Outputs['player']['profile']>({
    queryKey: [['player', 'profile'], { input: {}, type: 'query' }],
    staleTime: 5 * 60_000,
    retry: false,
  }),
};

/**
 * The page's query client. Data older than 30 s is asked again when a screen shows it. A 401 from
 * any call means the session ended: `session.me` is asked again, and the access gate then sends the
 * user to the sign-in.
 */
export function createQueryClient(
  client: BffClient | (() => Promise<BffClient>) = loadBffClient,
): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: procedureQueryFn(client),
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => failureCount < 1 && classifyError(error) === 'offline',
      },
    },
  });
  queryClient.getQueryCache().config.onError = (error) => {
    if (markSessionExpired(queryClient, error)) return;
    if (classifyError(error) === 'unauthorized')
      void queryClient.invalidateQueries({ queryKey: publicQueries.me.queryKey });
  };
  return queryClient;
}

/** The BFF's reason for a 401 whose cookie named a session it no longer has (decision 071). */
export const SESSION_EXPIRED_REASON = 'SESSION_EXPIRED';

/**
 * A 401 whose cookie named a session the BFF no longer has: that is who is signed in now (nobody,
 * the session expired), so the page says so instead of leaving at once. True when it was one.
 */
export function markSessionExpired(client: QueryClient, error: unknown): boolean {
  if (classifyError(error) !== 'unauthorized') return false;
  const reason = (error as { data?: { reason?: unknown } | null }).data?.reason;
  if (reason !== SESSION_EXPIRED_REASON) return false;
  seedSession(client, { signedIn: false, sessionExpired: true });
  return true;
}

/** Seeds who is signed in (the page's `nova-session` slot, decision 002): no request for it. */
export function seedSession(client: QueryClient, me: Me): void {
  client.setQueryData(publicQueries.me.queryKey, me);
}
