/**
 * The server-management catalogues (architecture §4, specification §7), one CRUD set per entry of the
 * registry. Every signed-in token may read them (the achievement dashboard needs the list); writes
 * need the manager role of the catalogue.
 */
import { catalogues, type CatalogueItem } from '@nova/contracts';
import {
  CATALOGUES,
  CATALOGUE_KEYS,
  DUPLICATE_VALUE,
  type CatalogueField,
  type CatalogueKey,
} from '@nova/domain';
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
    check: (input, id) => duplicates(key, table.list(), input as Record<string, unknown>, id),
  });
}

/** The `unique` fields of the registry: a value another row holds (case-insensitive) is refused. */
function duplicates(
  key: CatalogueKey,
  rows: readonly { id: number }[],
  input: Record<string, unknown>,
  id?: number,
): Record<string, string> | null {
  const errors: Record<string, string> = {};
  const fields: readonly CatalogueField[] = CATALOGUES[key].fields;
  for (const field of fields.filter((f) => f.unique)) {
    const value = String(input[field.name]).trim().toLocaleLowerCase('de');
    const taken = rows.some(
      (row) =>
        row.id !== id &&
        String((row as Record<string, unknown>)[field.name])
          .trim()
          .toLocaleLowerCase('de') === value,
    );
    if (taken) errors[field.name] = DUPLICATE_VALUE;
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

export const catalogueRoutes: RouteModule = (app, { store, guards }) => {
  for (const key of CATALOGUE_KEYS) catalogueCrud(app, guards, key, store.catalogues[key] as Table<never>);
};
