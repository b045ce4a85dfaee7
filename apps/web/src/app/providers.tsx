import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { classifyError } from '../lib/errors';
import { useSessionSource } from '../lib/session';
import { createQueryClient, createTrpcClient, trpc } from '../lib/trpc';

/**
 * The query client of the Control Panel. A 401 from any call means the session ended: `session.me`
 * is asked again, and the access gate then sends the user to the sign-in.
 */
function createAppQueryClient(onUnauthorized: () => void): QueryClient {
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
 * decision 042).
 */
export function Providers({ children }: { children: ReactNode }) {
  const session = useSessionSource();
  clients ??= { query: createAppQueryClient(() => void session.refresh()), trpc: createTrpcClient() };
  return (
    <trpc.Provider client={clients.trpc} queryClient={clients.query}>
      <QueryClientProvider client={clients.query}>{children}</QueryClientProvider>
    </trpc.Provider>
  );
}
