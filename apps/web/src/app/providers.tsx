import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { useState, type ReactNode } from 'react';
import { classifyError, createQueryClient, createTrpcClient, trpc } from '../lib/trpc';

/**
 * The query client of the SPA. A 401 from any call means the session ended: `session.me` is asked
 * again, and the access gate then sends the user to the sign-in.
 */
export function createAppQueryClient(): QueryClient {
  const client = createQueryClient();
  client.getQueryCache().config.onError = (error) => {
    if (classifyError(error) === 'unauthorized') {
      void client.invalidateQueries({ queryKey: getQueryKey(trpc.session.me) });
    }
  };
  return client;
}

/**
 * Query and tRPC clients. `queryClient` is given when the cache is seeded before the first render
 * (the public data the page was rendered with, see main.tsx and entry-server.tsx).
 */
export function Providers({
  children,
  queryClient: given,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  const [queryClient] = useState(() => given ?? createAppQueryClient());
  const [trpcClient] = useState(createTrpcClient);
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </trpc.Provider>
  );
}
