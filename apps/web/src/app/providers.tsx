import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { classifyError } from '../lib/errors';
import { useSessionSource } from '../lib/session';
import { createQueryClient, createTrpcClient, trpc } from '../lib/trpc';

/**
 * The query client of the Control Panel. A 401 from any call means the session ended: `session.me`
 * is asked again, and the access gate then sends the user to the sign-in.
 */
export function createAppQueryClient(onUnauthorized: () => void): QueryClient {
  const client = createQueryClient();
  client.getQueryCache().config.onError = (error) => {
    if (classifyError(error) === 'unauthorized') onUnauthorized();
  };
  return client;
}

// One per page load: the Control Panel's cache outlives its layout (a public page in between).
let clients: { query: QueryClient; trpc: ReturnType<typeof createTrpcClient> } | undefined;

/**
 * Query and tRPC clients of the Control Panel (its layout renders this; the public pages have none,
 * decision 042). `queryClient` is given by tests.
 */
export function Providers({
  children,
  queryClient: given,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  const session = useSessionSource();
  const [{ query, trpc: trpcClient }] = useState(() => {
    if (given) return { query: given, trpc: createTrpcClient() };
    clients ??= {
      query: createAppQueryClient(() => void session.refresh()),
      trpc: createTrpcClient(),
    };
    return clients;
  });
  return (
    <trpc.Provider client={trpcClient} queryClient={query}>
      <QueryClientProvider client={query}>{children}</QueryClientProvider>
    </trpc.Provider>
  );
}
