/** Wanted reasons as the write specs make and read them: through the page (its session) and the game API. */
import { expect, type Page } from '@playwright/test';
import { gameApi } from './game-api';
import { mutate } from './mutate';

export const WANTED = '/control-panel/admin/server-manager/wanted-manager';

export interface WantedReason {
  id: number;
  reason_name: string;
  points: number;
  is_static: number;
}

/** The game API's rows with this name. */
export const rowsNamed = async (name: string) =>
  (await gameApi<WantedReason[]>('wanted-reasons')).filter((r) => r.reason_name === name);

/** Creates a wanted reason (2 points) from inside the page, which must be on the site. */
export async function createRow(page: Page, name: string): Promise<WantedReason> {
  const created = await mutate(page, 'catalogue.wantedReasons.create', {
    values: { reason_name: name, points: 2, is_static: 0 },
  });
  expect(created.status).toBe(200);
  return created.body.result?.data as WantedReason;
}
