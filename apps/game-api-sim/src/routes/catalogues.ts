/**
 * The server-management catalogues (ARCHITECTURE §4, doc 2 §7). Every signed-in token may read
 * them (the achievement dashboard needs the list); writes need the manager role of the catalogue.
 */
import { catalogues } from '@nova/contracts';
import { ROLES, type Role } from '@nova/domain';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Guards } from '../auth';
import type { Table } from '../table';
import type { RouteModule } from './context';
import { registerCrud } from './crud';

function catalogueCrud<T extends { id: number }>(
  app: FastifyInstance,
  guards: Guards,
  catalogue: { path: string; input: z.ZodType<Omit<T, 'id'>> },
  table: Table<T>,
  role: Role,
): void {
  registerCrud(app, {
    path: catalogue.path,
    read: [guards.token],
    write: [guards.token, guards.role(role)],
    input: catalogue.input,
    list: () => table.list(),
    get: (id) => table.get(id),
    create: (input) => table.create(input),
    update: (id, input) => table.update(id, input),
    remove: (id) => table.delete(id),
  });
}

export const catalogueRoutes: RouteModule = (app, { store, guards }) => {
  const tables = store.catalogues;
  catalogueCrud(app, guards, catalogues.achievements, tables.achievements, ROLES.achievementManager);
  catalogueCrud(app, guards, catalogues.vehicleTypes, tables.vehicleTypes, ROLES.carManager);
  catalogueCrud(app, guards, catalogues.serverSkins, tables.serverSkins, ROLES.skinManager);
  catalogueCrud(app, guards, catalogues.serverRadios, tables.serverRadios, ROLES.radioManager);
  catalogueCrud(app, guards, catalogues.wantedReasons, tables.wantedReasons, ROLES.wantedManager);
};
