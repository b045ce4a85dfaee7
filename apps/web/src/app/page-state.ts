import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';

/**
 * The `nova-state` slot of a server-rendered page (decision 036, 050): when the BFF rendered it
 * (lib/render-time) and its public queries, dehydrated by TanStack Query, so the SPA hydrates with
 * the same answers and asks for none of them again.
 */
export interface PageState {
  renderedAt: number;
  queries: DehydratedState;
}

/** Procedures whose answers are the same for every visitor: the only ones the page carries. */
const PUBLIC_ROOTS = new Set(['toplist', 'calendar']);

/** The public queries only: who is signed in travels in its own slot (nova-session). */
export function dehydratePage(client: QueryClient, renderedAt: number): PageState {
  const queries = dehydrate(client, {
    shouldDehydrateQuery: (query) => {
      const path = query.queryKey[0];
      return query.state.status === 'success' && Array.isArray(path) && PUBLIC_ROOTS.has(String(path[0]));
    },
  });
  return { renderedAt, queries };
}

/**
 * Puts the slot's queries into the client and returns the render time; null (and nothing hydrated)
 * when the slot is empty or not shaped like PageState.
 */
export function hydratePage(client: QueryClient, slot: unknown): number | null {
  if (typeof slot !== 'object' || slot === null) return null;
  const { renderedAt, queries } = slot as { renderedAt?: unknown; queries?: unknown };
  if (typeof renderedAt !== 'number' || typeof queries !== 'object' || queries === null) return null;
  if (!Array.isArray((queries as { queries?: unknown }).queries)) return null;
  hydrate(client, queries);
  return renderedAt;
}
