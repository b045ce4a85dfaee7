/**
 * Components against a stand-in BFF: every tRPC call of the rendered tree (`session.me` and the
 * public queries too) goes to `answer(path, input)`; a rejection reaches the component as the client
 * error it would get over HTTP.
 */
import type { AppRouter } from '@nova/bff';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { TRPCClientError, createTRPCUntypedClient, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { procedureQueryFn } from '../lib/query-client';
import { trpc } from '../lib/trpc';

export type Answer = (path: string, input: unknown) => Promise<unknown>;

/** A tRPC client whose every call goes to `answer`. */
export function clientFor(answer: Answer) {
  const link: TRPCLink<AppRouter> =
    () =>
    ({ op }) =>
      observable((observer) => {
        answer(op.path, op.input).then(
          (data) => {
            observer.next({ result: { type: 'data', data } });
            observer.complete();
          },
          (error: unknown) => observer.error(error as TRPCClientError<AppRouter>),
        );
      });
  return createTRPCUntypedClient<AppRouter>({ links: [link] });
}

export function renderWithBff(ui: ReactNode, answer: Answer): RenderResult {
  const client = clientFor(answer);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, queryFn: procedureQueryFn(client) } },
  });
  return render(
    <trpc.Provider client={client} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
    </trpc.Provider>,
  );
}

/** The error a failed procedure gives the SPA (`code` as the BFF's tRPC code). */
export function bffError(code: string, httpStatus: number, message = 'x', reason: string | null = null) {
  return TRPCClientError.from({
    error: { message, code: -32000, data: { code, httpStatus, reason } },
  });
}
