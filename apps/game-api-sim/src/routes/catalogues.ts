/**
 * The server-management catalogues (ARCHITECTURE §4, doc 2 §7), one CRUD set per entry of the
 * registry. Every signed-in token may read them (the achievement dashboard needs the list); writes
 * need the manager role of the catalogue.
 */
import { catalogues, type CatalogueItem } from '@nova/contracts';
import { CATALOGUES, CATALOGUE_KEYS, type CatalogueKey } from '@nova/domain';
import type { FastifyInstance } from 'fastify';
import type { Guards } from '../auth';
import type { Table } from '../table';
import type { RouteModule } from './context';
import { registerCrud } from './crud';

function catalogueCrud<K extends CatalogueKey>(
  app: FastifyInstance,
  guards: Guards,
  key: K,
  table: Table<CatalogueItem<K>>,
): void {
  const contract = catalogues[key];
  registerCrud(app, {
    path: contract.path,
    read: [guards.token],
    write: [guards.token, guards.role(CATALOGUES[key].role)],
    input: contract.input,
    list: () => table.list(),
    get: (id) => table.get(id),
    create: (input) => table.create(input),
    update: (id, input) => table.update(id, input),
    remove: (id) => table.delete(id),
  });
}

export const catalogueRoutes: RouteModule = (app, { store, guards }) => {
  for (const key of CATALOGUE_KEYS) catalogueCrud(app, guards, key, store.catalogues[key] as Table<never>);
};
