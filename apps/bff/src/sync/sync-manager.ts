/**
 * The game API calls of the sync manager (specification §7), one function per read and per write. Each
 * write is exactly one game API call in one place, and each kind has a `read` of the row it changes,
 * so a write can be wrapped as `audited(ctx, { action, target, before: () => read(…), run: () => …})`.
 */
import {
  SyncGroup,
  SyncGroups,
  SyncObject,
  SyncObjects,
  gameApiPaths as paths,
  type SyncGroupForm,
  type SyncObjectForm,
} from '@nova/contracts';
import { z } from 'zod';
import type { GameApiClient } from '../game-api/client';
import { goneAsNull } from '../game-api/errors';

export interface AdminCall {
  gameApi: GameApiClient;
  token: string;
}

export type SyncObjectRow = z.infer<typeof SyncObject>;
export type SyncGroupRow = z.infer<typeof SyncGroup>;
type ObjectValues = z.output<typeof SyncObjectForm>;
type GroupValues = z.output<typeof SyncGroupForm>;

/** Write answers may come without a body (201/204): the contract does not fix one. */
const orNull = <T>(value: T | undefined): T | null => value ?? null;

export const syncObjects = {
  list: ({ gameApi, token }: AdminCall) => gameApi.get(paths.syncObjects(), SyncObjects, { token }),
  /** Specification §7 has no single-object read: the row comes from the list. */
  read: async (call: AdminCall, id: number) =>
    (await syncObjects.list(call)).find((o) => o.id === id) ?? null,
  create: async ({ gameApi, token }: AdminCall, values: ObjectValues) =>
    orNull(await gameApi.send('POST', paths.syncObjects(), SyncObject.optional(), values, { token })),
  /** PUT takes the whole object (specification §7), its group included. */
  update: async ({ gameApi, token }: AdminCall, id: number, values: ObjectValues) =>
    orNull(
      await gameApi.send('PUT', paths.syncObject(id), SyncObject.optional(), { id, ...values }, { token }),
    ),
  remove: async ({ gameApi, token }: AdminCall, id: number) => {
    await gameApi.send('DELETE', paths.syncObject(id), z.unknown(), undefined, { token });
    return { id };
  },
};

export const syncGroups = {
  list: ({ gameApi, token }: AdminCall) => gameApi.get(paths.syncGroups(), SyncGroups, { token }),
  /** Null when the group is gone. */
  read: ({ gameApi, token }: AdminCall, id: number) =>
    goneAsNull(gameApi.get(paths.syncGroup(id), SyncGroup, { token })),
  create: async ({ gameApi, token }: AdminCall, values: GroupValues) =>
    orNull(await gameApi.send('POST', paths.syncGroups(), SyncGroup.optional(), values, { token })),
  update: async ({ gameApi, token }: AdminCall, id: number, values: GroupValues) =>
    orNull(
      await gameApi.send('PUT', paths.syncGroup(id), SyncGroup.optional(), { id, ...values }, { token }),
    ),
  remove: async ({ gameApi, token }: AdminCall, id: number) => {
    await gameApi.send('DELETE', paths.syncGroup(id), z.unknown(), undefined, { token });
    return { id };
  },
};
