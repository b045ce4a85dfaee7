import type { AppRouter } from '@nova/bff';
import { useQueryClient } from '@tanstack/react-query';
import { createTRPCReact, type inferReactQueryProcedureOptions } from '@trpc/react-query';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { ReactNode } from 'react';
import { bffClient } from './bff-client';

/** tRPC's React hooks for the Control Panel, over the page's one client and query cache (decision 050). */
export const trpc = createTRPCReact<AppRouter>();

export type RouterOutputs = inferRouterOutputs<AppRouter>;
export type RouterInputs = inferRouterInputs<AppRouter>;
export type ReactQueryOptions = inferReactQueryProcedureOptions<AppRouter>;

/** The hooks' context: the page's tRPC client and query client (the Control Panel layout renders it). */
export function TrpcProvider({ children }: { children: ReactNode }) {
  return (
    <trpc.Provider client={bffClient} queryClient={useQueryClient()}>
      {children}
    </trpc.Provider>
  );
}
