/**
 * The hand-over of a server-rendered page's data (decisions 036, 050): the server's query client is
 * dehydrated into the `nova-state` slot, the browser's is hydrated from it, and the page then asks
 * the BFF for none of the data it was rendered with.
 */
import type { ToplistView } from '@nova/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { ToplistPage } from '../features/toplist/toplist-page';
import { createQueryClient, publicQueries, seedSession } from '../lib/query-client';
import { trpc } from '../lib/trpc';
import { clientFor, type Answer } from '../test/trpc';
import { dehydratePage, hydratePage } from './page-state';

const entry = (player: string, value: number) => ({ rank: 1, player, value });
const toplist: ToplistView = {
  top: {
    most_crimes: entry('Rico_Vega', 812),
    most_prestige: entry('Mila_Stern', 40),
    most_login_streak: entry('Jonas_Berg', 77),
  },
  tables: {
    most_crimes: [entry('Rico_Vega', 812)],
    most_prestige: [entry('Mila_Stern', 40)],
    most_login_streak: [entry('Jonas_Berg', 77)],
    most_playtime: [entry('Ada_Kraus', 9000)],
  },
};

/** The slot as the BFF writes it: the server render's queries, through JSON. */
function serverSlot(renderedAt: number, updatedAt = renderedAt): unknown {
  const server = createQueryClient(clientFor(() => Promise.reject(new Error('the server asks nothing'))));
  seedSession(server, { signedIn: true, id: 'u-1', username: 'rico', displayName: 'Rico_Vega', roles: [] });
  server.setQueryData(publicQueries.toplist.queryKey, toplist, { updatedAt });
  return JSON.parse(JSON.stringify(dehydratePage(server, renderedAt))) as unknown;
}

function hydrateInBrowser(slot: unknown, answer: Answer) {
  const browser = createQueryClient(clientFor(answer));
  seedSession(browser, { signedIn: false });
  const renderedAt = hydratePage(browser, slot);
  render(
    <QueryClientProvider client={browser}>
      <MemoryRouter>
        <ToplistPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return {
    renderedAt,
    toplistQuery: browser.getQueryCache().find({ queryKey: publicQueries.toplist.queryKey }),
  };
}

describe('the page state hand-over', () => {
  it('carries the public queries only, never who is signed in', () => {
    const slot = serverSlot(1_000) as { renderedAt: number; queries: { queries: { queryKey: unknown }[] } };
    expect(slot.renderedAt).toBe(1_000);
    expect(slot.queries.queries.map((query) => query.queryKey)).toEqual([
      [['toplist', 'get'], { type: 'query' }],
    ]);
  });

  it('hydrates the toplist the server rendered without asking the BFF again', async () => {
    const answer = vi.fn<Answer>(() => Promise.reject(new Error('no request expected')));
    const now = Date.now();
    const { renderedAt, toplistQuery } = hydrateInBrowser(serverSlot(now), answer);
    expect(renderedAt).toBe(now);
    const table = await screen.findByRole('table', { name: 'Meisten Verbrechen' });
    expect(within(table).getByText('Rico_Vega')).toBeTruthy();
    // The page's query observer has subscribed (where a stale query would start its request) and
    // nothing is being fetched or was asked.
    await vi.waitFor(() => expect(toplistQuery?.getObserversCount()).toBe(1));
    expect(toplistQuery?.state.fetchStatus).toBe('idle');
    expect(answer).not.toHaveBeenCalled();
  });

  it('asks once when the data the page was rendered with is older than 30 s', async () => {
    const answer = vi.fn<Answer>(() => Promise.resolve(toplist));
    const now = Date.now();
    hydrateInBrowser(serverSlot(now, now - 31_000), answer);
    await vi.waitFor(() => expect(answer).toHaveBeenCalledTimes(1));
    expect(answer).toHaveBeenCalledWith('toplist.get', undefined);
  });

  it('loads the tRPC client with the first call: a page with fresh data never loads it', async () => {
    const answer = vi.fn<Answer>(() => Promise.resolve(toplist));
    const loadClient = vi.fn(() => Promise.resolve(clientFor(answer)));
    const now = Date.now();
    const fresh = createQueryClient(loadClient);
    hydratePage(fresh, serverSlot(now));
    await fresh.query(publicQueries.toplist);
    expect(loadClient).not.toHaveBeenCalled();
    const stale = createQueryClient(loadClient);
    hydratePage(stale, serverSlot(now, now - 31_000));
    await stale.query(publicQueries.toplist);
    expect(loadClient).toHaveBeenCalledTimes(1);
    expect(answer).toHaveBeenCalledWith('toplist.get', undefined);
  });

  it('ignores a slot of another shape (the page then asks for its data)', () => {
    const client = createQueryClient(clientFor(() => Promise.reject(new Error('unused'))));
    expect(hydratePage(client, null)).toBeNull();
    expect(hydratePage(client, { renderedAt: 5, data: { toplist } })).toBeNull();
    expect(hydratePage(client, { renderedAt: '5', queries: { queries: [] } })).toBeNull();
    expect(client.getQueryData(publicQueries.toplist.queryKey)).toBeUndefined();
  });
});

describe('the public queries', () => {
  it('share their cache entries with the Control Panel’s tRPC hooks', () => {
    expect(publicQueries.me.queryKey).toEqual(getQueryKey(trpc.session.me, undefined, 'query'));
    expect(publicQueries.toplist.queryKey).toEqual(getQueryKey(trpc.toplist.get, undefined, 'query'));
    expect(publicQueries.calendar.queryKey).toEqual(getQueryKey(trpc.calendar.list, undefined, 'query'));
    expect(publicQueries.ownProfile.queryKey).toEqual(getQueryKey(trpc.player.profile, {}, 'query'));
  });
});
