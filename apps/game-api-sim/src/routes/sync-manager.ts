/** Sync manager (specification §7): reads and writes need `web:admin:sync-manager`. */
import { SyncGroupInput, SyncObjectInput } from '@nova/contracts';
import { ROLES } from '@nova/domain';
import type { RouteModule } from './context';
import { registerCrud } from './crud';

export const syncManagerRoutes: RouteModule = (app, { store, guards }) => {
  const access = [guards.token, guards.role(ROLES.syncManager)];
  const { sync } = store;
  registerCrud(app, {
    path: 'sync-manager/sync-objects',
    read: access,
    write: access,
    input: SyncObjectInput,
    list: () => sync.listObjects(),
    get: (id) => sync.getObject(id),
    create: (input) => sync.createObject(input),
    update: (id, input) => sync.updateObject(id, input),
    remove: (id) => sync.deleteObject(id),
  });
  registerCrud(app, {
    path: 'sync-manager/sync-groups',
    read: access,
    write: access,
    input: SyncGroupInput,
    list: () => sync.listGroups(),
    get: (id) => sync.getGroup(id),
    create: (input) => sync.createGroup(input),
    update: (id, input) => sync.updateGroup(id, input),
    remove: (id) => sync.deleteGroup(id),
  });
};
