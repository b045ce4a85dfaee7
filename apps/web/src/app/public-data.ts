import type { CalendarEventView, Me, ToplistView } from '@nova/contracts';
import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { trpc } from '../lib/trpc';

/**
 * The data a server-rendered public page carries (decision 036): the BFF renders with it, and the
 * page's JSON slot `nova-state` hands the same answers to the SPA, so hydration needs no request.
 */
export interface PublicData {
  toplist?: ToplistView;
  calendar?: CalendarEventView[];
}

const KEYS = {
  me: getQueryKey(trpc.session.me, undefined, 'query'),
  toplist: getQueryKey(trpc.toplist.get, undefined, 'query'),
  calendar: getQueryKey(trpc.calendar.list, undefined, 'query'),
};
const PUBLIC_ROOTS = new Set(['toplist', 'calendar']);

/** Seeds the server's query cache with the signed-in user and the public data. */
export function seedQueries(client: QueryClient, me: Me, data: PublicData): void {
  client.setQueryData(KEYS.me, me);
  if (data.toplist) client.setQueryData(KEYS.toplist, data.toplist);
  if (data.calendar) client.setQueryData(KEYS.calendar, data.calendar);
}

/** The `nova-state` slot: when the page was rendered (see lib/render-time) and its public queries. */
export interface PageState {
  renderedAt: number;
  queries: DehydratedState;
}

/** The public queries only: who is signed in travels in its own slot (nova-session). */
export function dehydratePublic(client: QueryClient, renderedAt: number): PageState {
  const queries = dehydrate(client, {
    shouldDehydrateQuery: (query) => {
      const path = query.queryKey[0];
      return (
        query.state.status === 'success' &&
        Array.isArray(path) &&
        typeof path[0] === 'string' &&
        PUBLIC_ROOTS.has(path[0])
      );
    },
  });
  return { renderedAt, queries };
}

/**
 * Puts the slot's queries into the SPA's cache and returns the render time; null (and nothing
 * hydrated) when the slot is empty or not shaped like PageState.
 */
export function hydratePublic(client: QueryClient, slot: unknown): number | null {
  if (typeof slot !== 'object' || slot === null) return null;
  const { renderedAt, queries: state } = slot as { renderedAt?: unknown; queries?: unknown };
  if (typeof renderedAt !== 'number' || typeof state !== 'object' || state === null) return null;
  const { queries, mutations } = state as { queries?: unknown; mutations?: unknown };
  if (!Array.isArray(queries) || !Array.isArray(mutations)) return null;
  hydrate(client, state);
  return renderedAt;
}
