/**
 * Sync manager (specification §2.32 "Sync manager", §4.7, §5.4, §7, §8.6): sync objects and sync groups, each with
 * list/create/update/remove; the role `web:admin:sync-manager` comes from the policy table. Field
 * errors (own zod and the game API's 400) reach the form as `data.fieldErrors` (trpc/errors.ts).
 * The game API calls live in sync/sync-manager.ts, one per write. Every write is audited with the
 * row before it, updates and removes only if the row is still the one the admin saw (decision 044);
 * a remove needs a recent sign-in (step-up, decision 022). Creates and updates first pass the rules
 * that need the game API's data (duplicates; a group taking objects from others records their
 * change too).
 */
import {
  SyncGroup,
  SyncGroupCreateInput,
  SyncGroupRemoveInput,
  SyncGroupUpdateInput,
  SyncGroups,
  SyncIdInput,
  SyncObject,
  SyncObjectCreateInput,
  SyncObjectRemoveInput,
  SyncObjectUpdateInput,
  SyncObjects,
} from '@nova/contracts';
import { audited, type RelatedChange } from '../audit/audited';
import { idempotent } from '../audit/idempotency';
import { readBackOf } from '../audit/outcome';
import { requireStepUp } from '../auth/step-up';
import { checkGroup, checkObject } from '../sync/integrity';
import { syncGroups, syncObjects, type AdminCall } from '../sync/sync-manager';
import { authedProcedure, router } from '../trpc/init';
import type { z } from 'zod';

const adminProcedure = authedProcedure.use(async ({ ctx, next }) => {
  const call: AdminCall = { gameApi: ctx.gameApi, token: await ctx.accessToken() };
  return next({ ctx: { call } });
});

interface Calls<Row extends { id: number }, Values> {
  list(call: AdminCall): Promise<Row[]>;
  read(call: AdminCall, id: number): Promise<Row | null>;
  create(call: AdminCall, values: Values): Promise<Row | null>;
  update(call: AdminCall, id: number, values: Values): Promise<Row | null>;
  remove(call: AdminCall, id: number): Promise<{ id: number }>;
  /**
   * The rules that need the game API's list (sync/integrity.ts), before anything is recorded: a
   * field error, or the other targets the write changes.
   */
  check(rows: readonly Row[], values: Values, id: number | null): RelatedChange[];
}

/**
 * list/create/update/remove of one kind, each write audited; the remove behind the step-up. The
 * action key is the procedure's path (`syncManager.objects.remove`, as for the catalogues), so the
 * policy middleware's refusals, which know only the path, share it (decision 021).
 */
function writes<Row extends { id: number }, Values>(
  type: 'sync.object' | 'sync.group',
  procedures: 'syncManager.objects' | 'syncManager.groups',
  calls: Calls<Row, Values>,
  schemas: {
    list: z.ZodType<Row[]>;
    item: z.ZodType<Row>;
    create: z.ZodType<{ values: Values; idempotencyKey?: string | undefined }>;
    update: z.ZodType<{ id: number; values: Values; expected: Row; force?: true | undefined }>;
    remove: z.ZodType<{ id: number; expected: Row; force?: true | undefined }>;
  },
) {
  return router({
    list: adminProcedure.output(schemas.list).query(({ ctx }) => calls.list(ctx.call)),
    create: adminProcedure
      .input(schemas.create)
      .output(schemas.item.nullable())
      .mutation(({ ctx, input }) =>
        idempotent(ctx, `${procedures}.create`, input.idempotencyKey, {
          // One list for both: the rules, and the ids the read-back tells a new row from.
          before: () => calls.list(ctx.call),
          idsBefore: (rows) => new Set(rows.map((row) => row.id)),
          readBack: (ids) => readBackOf.create(() => calls.list(ctx.call), input.values, ids),
          run: (rows) =>
            audited(ctx, {
              action: `${procedures}.create`,
              target: { type, id: null },
              sent: input.values,
              related: calls.check(rows, input.values, null),
              run: () => calls.create(ctx.call, input.values),
              after: (row) => row ?? input.values,
              targetId: (row) => row?.id ?? null,
              readBack: readBackOf.create(
                () => calls.list(ctx.call),
                input.values,
                new Set(rows.map((row) => row.id)),
              ),
            }),
        }),
      ),
    update: adminProcedure
      .input(schemas.update)
      .output(schemas.item.nullable())
      .mutation(async ({ ctx, input }) =>
        audited(ctx, {
          action: `${procedures}.update`,
          target: { type, id: input.id },
          sent: input.values,
          related: calls.check(await calls.list(ctx.call), input.values, input.id),
          condition: {
            expected: input.expected,
            force: input.force,
            read: () => calls.read(ctx.call, input.id),
          },
          run: () => calls.update(ctx.call, input.id, input.values),
          after: (row) => row ?? { id: input.id, ...input.values },
          readBack: readBackOf.update(() => calls.read(ctx.call, input.id), input.values, input.expected),
        }),
      ),
    remove: adminProcedure
      .input(schemas.remove)
      .output(SyncIdInput)
      .mutation(async ({ ctx, input }) => {
        const target = { type, id: input.id };
        await requireStepUp(ctx, `${procedures}.remove`, target);
        return audited(ctx, {
          action: `${procedures}.remove`,
          target,
          condition: {
            expected: input.expected,
            force: input.force,
            read: () => calls.read(ctx.call, input.id),
          },
          run: () => calls.remove(ctx.call, input.id),
          after: () => null,
          readBack: readBackOf.remove(() => calls.read(ctx.call, input.id), input.expected),
        });
      }),
  });
}

export const syncManagerRouter = router({
  objects: writes(
    'sync.object',
    'syncManager.objects',
    { ...syncObjects, check: checkObject },
    {
      list: SyncObjects,
      item: SyncObject,
      create: SyncObjectCreateInput,
      update: SyncObjectUpdateInput,
      remove: SyncObjectRemoveInput,
    },
  ),
  groups: writes(
    'sync.group',
    'syncManager.groups',
    { ...syncGroups, check: checkGroup },
    {
      list: SyncGroups,
      item: SyncGroup,
      create: SyncGroupCreateInput,
      update: SyncGroupUpdateInput,
      remove: SyncGroupRemoveInput,
    },
  ),
});
