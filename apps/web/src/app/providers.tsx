import { QueryClientProvider } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { useState, type ReactNode } from 'react';
import { classifyError, createQueryClient, createTrpcClient, trpc } from '../lib/trpc';

/**
 * Query and tRPC clients. A 401 from any call means the session ended: `session.me` is asked again,
 * and the access gate then sends the user to the sign-in.
 */
export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    client.getQueryCache().config.onError = (error) => {
      if (classifyError(error) === 'unauthorized') {
        void client.invalidateQueries({ queryKey: getQueryKey(trpc.session.me) });
      }
    };
    return client;
  });
  const [trpcClient] = useState(createTrpcClient);
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </trpc.Provider>
  );
}
