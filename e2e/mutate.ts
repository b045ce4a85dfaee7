/** tRPC calls from inside a page, as the SPA sends them (same origin, its cookie, the CSRF proof). */
import { expect, type Page } from '@playwright/test';
import { scaled } from './stack';

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

const NO_WANTED_REASON = {
  id: 999_999,
  expected: { id: 999_999, reason_name: 'Keiner', points: 1, is_static: 0 },
};

/**
 * Waits until the page's sign-in is older than the step-up window: then a remove of a row that does
 * not exist is refused with the step-up reason. Before that it answers "inzwischen gelöscht" (409):
 * only a read reaches the game API, nothing is deleted. The polls go through the page's request
 * context (its cookies), not the page, so their refusals are not console errors of the page.
 */
export async function waitForStepUpWindow(
  page: Page,
  procedure = 'catalogue.wantedReasons.remove',
  input: unknown = NO_WANTED_REASON,
): Promise<void> {
  const url = new URL(`/trpc/${procedure}`, page.url()).href;
  await expect
    .poll(
      async () => {
        const answer = await page.request.post(url, {
          headers: { 'x-csrf': '1', 'content-type': 'application/json' },
          data: JSON.stringify(input),
        });
        const body = (await answer.json()) as TrpcAnswer['body'];
        return body.error?.data.reason ?? `status ${answer.status()}`;
      },
      { timeout: scaled(70_000), intervals: [3000] },
    )
    .toBe('STEP_UP_REQUIRED');
}
