import type { AppRouter } from '@nova/bff';
import { QueryClient } from '@tanstack/react-query';
import { httpBatchLink } from '@trpc/client';
import { createTRPCReact, type inferReactQueryProcedureOptions } from '@trpc/react-query';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { classifyError } from './errors';

export const trpc = createTRPCReact<AppRouter>();

export type RouterOutputs = inferRouterOutputs<AppRouter>;
export type RouterInputs = inferRouterInputs<AppRouter>;
export type ReactQueryOptions = inferReactQueryProcedureOptions<AppRouter>;

/** Same-origin only; `X-CSRF: 1` proves the request comes from this SPA (ARCHITECTURE §5). */
export function createTrpcClient() {
  return trpc.createClient({
    links: [
      httpBatchLink({
        url: '/trpc',
        maxURLLength: 4000,
        headers: () => ({ 'x-csrf': '1' }),
        fetch: (url, options) => fetch(url, { ...options, credentials: 'same-origin' }),
      }),
    ],
  });
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => failureCount < 1 && isRetryable(error),
      },
    },
  });
}

function isRetryable(error: unknown): boolean {
  const kind = classifyError(error);
  return kind === 'offline';
}
