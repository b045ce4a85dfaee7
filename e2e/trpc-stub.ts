/** Answers chosen tRPC procedures of a page with fixed data; the rest of a batch reaches the BFF. */
import type { Page } from '@playwright/test';

export async function stubProcedures(page: Page, answers: Record<string, unknown>): Promise<void> {
  await page.route('**/trpc/**', async (route) => {
    const url = new URL(route.request().url());
    const procedures = decodeURIComponent(url.pathname.slice(url.pathname.indexOf('/trpc/') + 6)).split(',');
    if (!procedures.some((name) => name in answers)) return route.continue();
    // tRPC batches the calls of one tick: the BFF answers the whole batch, the chosen ones are replaced.
    const real = await route.fetch();
    const body = (await real.json()) as unknown[];
    const answered = procedures.map((name, i) =>
      name in answers ? { result: { data: answers[name] } } : body[i],
    );
    const allAnswered = answered.every(
      (item) => typeof item === 'object' && item !== null && 'result' in item,
    );
    await route.fulfill({
      response: real,
      status: allAnswered ? 200 : real.status(),
      json: url.searchParams.has('batch') ? answered : answered[0],
    });
  });
}
