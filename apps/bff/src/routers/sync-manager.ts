/**
 * Sync manager (doc 2 "Sync manager", §4, §5, §7, §8): sync objects and sync groups, each with
 * list/create/update/remove; the role `web:admin:sync-manager` comes from the policy table. Field
 * errors (own zod and the game API's 400) reach the form as `data.fieldErrors` (trpc/errors.ts).
 * The game API calls live in sync/sync-manager.ts, one per write.
 */
import {
  SyncGroup,
  SyncGroupCreateInput,
  SyncGroupUpdateInput,
  SyncGroups,
  SyncIdInput,
  SyncObject,
  SyncObjectCreateInput,
  SyncObjectUpdateInput,
  SyncObjects,
} from '@nova/contracts';
import { syncGroups, syncObjects, type AdminCall } from '../sync/sync-manager';
import { authedProcedure, router } from '../trpc/init';

const adminProcedure = authedProcedure.use(async ({ ctx, next }) => {
  const call: AdminCall = { gameApi: ctx.gameApi, token: await ctx.accessToken() };
  return next({ ctx: { ...ctx, call } });
});

export const syncManagerRouter = router({
  objects: router({
    list: adminProcedure.output(SyncObjects).query(({ ctx }) => syncObjects.list(ctx.call)),
    create: adminProcedure
      .input(SyncObjectCreateInput)
      .output(SyncObject.nullable())
      .mutation(({ ctx, input }) => syncObjects.create(ctx.call, input.values)),
    update: adminProcedure
      .input(SyncObjectUpdateInput)
      .output(SyncObject.nullable())
      .mutation(({ ctx, input }) => syncObjects.update(ctx.call, input.id, input.values)),
    remove: adminProcedure
      .input(SyncIdInput)
      .output(SyncIdInput)
      .mutation(({ ctx, input }) => syncObjects.remove(ctx.call, input.id)),
  }),
  groups: router({
    list: adminProcedure.output(SyncGroups).query(({ ctx }) => syncGroups.list(ctx.call)),
    create: adminProcedure
      .input(SyncGroupCreateInput)
      .output(SyncGroup.nullable())
      .mutation(({ ctx, input }) => syncGroups.create(ctx.call, input.values)),
    update: adminProcedure
      .input(SyncGroupUpdateInput)
      .output(SyncGroup.nullable())
      .mutation(({ ctx, input }) => syncGroups.update(ctx.call, input.id, input.values)),
    remove: adminProcedure
      .input(SyncIdInput)
      .output(SyncIdInput)
      .mutation(({ ctx, input }) => syncGroups.remove(ctx.call, input.id)),
  }),
});
