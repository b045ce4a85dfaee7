/**
 * The tRPC procedures of one catalogue, typed by its key: the list gives `CatalogueItem<K>` rows, the
 * writes take `CatalogueValues<K>`, so a field name the catalogue does not have does not compile
 * (decision 090). The maps below are checked against the BFF's router once per catalogue, when
 * assigned; read with a key `K` they keep that catalogue's types.
 */
import type { CatalogueItem } from '@nova/contracts';
import type { CatalogueKey } from '@nova/domain';
import type { UseQueryResult } from '@tanstack/react-query';
import { trpc } from '../../lib/trpc';
import { writeCallsOf, type WriteCalls } from '../../lib/write-dialog';
import type { CatalogueValues } from './form-values';

type Lists = {
  [K in CatalogueKey]: { list: { useQuery: () => UseQueryResult<CatalogueItem<K>[], unknown> } };
};

type ListUtils = { [K in CatalogueKey]: { list: { invalidate: () => Promise<void> } } };

type Writes = {
  [K in CatalogueKey]: {
    create: { mutate: WriteCalls<CatalogueItem<K>, CatalogueValues<K>>['create'] };
    update: { mutate: WriteCalls<CatalogueItem<K>, CatalogueValues<K>>['update'] };
    remove: { mutate: WriteCalls<CatalogueItem<K>, CatalogueValues<K>>['remove'] };
  };
};

/** The catalogue's rows as the game API holds them. */
export function useCatalogueList<K extends CatalogueKey>(key: K) {
  const lists: Lists = trpc.catalogue;
  return lists[key].list.useQuery();
}

/** Invalidates the catalogue's list, so the table shows what the game API holds now. */
export function useCatalogueUtils<K extends CatalogueKey>(key: K) {
  const utils: ListUtils = trpc.useUtils().catalogue;
  return utils[key];
}

/** The catalogue's create, update and remove as the write dialog calls them. */
export function useCatalogueWrites<K extends CatalogueKey>(
  key: K,
): WriteCalls<CatalogueItem<K>, CatalogueValues<K>> {
  const writes: Writes = trpc.useUtils().client.catalogue;
  return writeCallsOf(writes[key]);
}
