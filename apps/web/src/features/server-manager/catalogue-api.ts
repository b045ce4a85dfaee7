/**
 * The tRPC procedures of one catalogue, seen through one shape: the five catalogue routers differ
 * only in their field types, which the generic table handles as registry metadata, not as
 * TypeScript types.
 */
import type { CatalogueKey } from '@nova/domain';
import type { UseQueryResult } from '@tanstack/react-query';
import { trpc } from '../../lib/trpc';
import { writeCallsOf, type WriteCalls } from '../../lib/write-dialog';

export type CatalogueRow = Record<string, string | number> & { id: number };

interface CatalogueApi {
  list: { useQuery: () => UseQueryResult<CatalogueRow[], unknown> };
}

interface CatalogueUtils {
  list: { invalidate: () => Promise<void> };
}

export function useCatalogueApi(key: CatalogueKey): CatalogueApi {
  const routers: Record<CatalogueKey, unknown> = trpc.catalogue;
  return routers[key] as CatalogueApi;
}

/** Invalidates the catalogue's list, so the table shows what the game API holds now. */
export function useCatalogueUtils(key: CatalogueKey): CatalogueUtils {
  const routers: Record<CatalogueKey, unknown> = trpc.useUtils().catalogue;
  return routers[key] as CatalogueUtils;
}

/** The catalogue's create, update and remove as the write dialog calls them. */
export function useCatalogueWrites(key: CatalogueKey): WriteCalls<CatalogueRow> {
  const routers: Record<CatalogueKey, unknown> = trpc.useUtils().client.catalogue;
  return writeCallsOf(routers[key] as Parameters<typeof writeCallsOf>[0]);
}
