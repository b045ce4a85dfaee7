/** tRPC calls from inside a page, as the SPA sends them (same origin, its cookie, the CSRF proof). */
import type { Page } from '@playwright/test';

export interface TrpcAnswer {
  status: number;
  body: { result?: { data: unknown }; error?: { data: { reason: string | null } } };
}

/** A tRPC mutation from inside the page, as the SPA sends it. */
export function mutate(page: Page, procedure: string, input: unknown): Promise<TrpcAnswer> {
  return page.evaluate(
    async ([name, body]) => {
      const response = await fetch(`/trpc/${name}`, {
        method: 'POST',
        headers: { 'x-csrf': '1', 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as TrpcAnswer['body'] };
    },
    [procedure, input] as const,
  );
}
