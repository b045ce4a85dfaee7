/**
 * Server Management (specification §2.34 "Generic table screen", §7 generic CRUD; architecture §8): one router per
 * entry of the catalogue registry, made by one factory. Each procedure's role comes from the policy
 * table (derived from the registry); a catalogue that cannot create (the vehicle manager) has no
 * `create`/`remove` entry there, so those are refused like any procedure missing from the table.
 * The game API's `400 { validationErrors }` reaches the SPA as `data.fieldErrors` (trpc/errors.ts).
 * Every write is audited (before read from the game API, after from its answer); updates and removes
 * are conditional on the row the admin saw (decision 044); a remove needs a recent sign-in (step-up,
 * decision 022).
 */
import {
  CatalogueId,
  catalogues,
  createInputOf,
  gameApiPaths as paths,
  removeInputOf,
  updateInputOf,
  type CatalogueItem,
} from '@nova/contracts';
import type { CatalogueKey } from '@nova/domain';
import { z } from 'zod';
import { audited } from '../audit/audited';
import { idempotent } from '../audit/idempotency';
import { idsBeforeCreate, readBackOf } from '../audit/outcome';
import { requireStepUp } from '../auth/step-up';
import type { GameApiClient } from '../game-api/client';
import { goneAsNull } from '../game-api/errors';
import { authedProcedure, router } from '../trpc/init';

/** Write answers may come without a body (201/204): the contract does not fix one. */
const writeAnswer = <T>(item: z.ZodType<T>) => item.optional();

const IdOutput = z.strictObject({ id: CatalogueId });

/** Procedures that call the game API with the caller's token. */
const withToken = authedProcedure.use(async ({ ctx, next }) =>
  next({ ctx: { token: await ctx.accessToken() } }),
);

// Long on purpose: one catalogue's four procedures, read together as its one router.
function catalogueProcedures<K extends CatalogueKey>(key: K) {
  const contract = catalogues[key];
  const toNull = (item: CatalogueItem<K> | undefined) => item ?? null;
  const targetType = `catalogue.${key}`;
  const action = (verb: 'create' | 'update' | 'remove') => `catalogue.${key}.${verb}`;
  /** The row now, as the list maps it; null when it is gone (the condition of update and remove). */
  const read = (ctx: { gameApi: GameApiClient; token: string }, id: number) =>
    goneAsNull(ctx.gameApi.get(paths.catalogueItem(key, id), contract.item, { token: ctx.token }));
  const list = (ctx: { gameApi: GameApiClient; token: string }) =>
    ctx.gameApi.get(paths.catalogue(key), contract.list, { token: ctx.token });
  return router({
    list: withToken.output(contract.list).query(({ ctx }) => list(ctx)),

    create: withToken
      .input(createInputOf(contract.input))
      .output(contract.item.nullable())
      .mutation(({ ctx, input }) =>
        idempotent(ctx, action('create'), input.idempotencyKey, {
          // The ids before, so that a create whose answer never came can be found afterwards.
          before: () => idsBeforeCreate(() => list(ctx)),
          idsBefore: (ids) => ids,
          readBack: (ids) => readBackOf.create(() => list(ctx), input.values, ids),
          run: (idsBefore) =>
            audited(ctx, {
              action: action('create'),
              target: { type: targetType, id: null },
              sent: input.values,
              run: async () =>
                toNull(
                  await ctx.gameApi.send(
                    'POST',
                    paths.catalogue(key),
                    writeAnswer(contract.item),
                    input.values,
                    {
                      token: ctx.token,
                    },
                  ),
                ),
              after: (item) => item ?? input.values,
              targetId: (item) => item?.id ?? null,
              readBack: readBackOf.create(() => list(ctx), input.values, idsBefore),
            }),
        }),
      ),

    update: withToken
      .input(updateInputOf(CatalogueId, contract.input, contract.item))
      .output(contract.item.nullable())
      .mutation(({ ctx, input }) =>
        audited(ctx, {
          action: action('update'),
          target: { type: targetType, id: input.id },
          sent: input.values,
          condition: { expected: input.expected, force: input.force, read: () => read(ctx, input.id) },
          run: async () =>
            toNull(
              await ctx.gameApi.send(
                'PUT',
                paths.catalogueItem(key, input.id),
                writeAnswer(contract.item),
                input.values,
                { token: ctx.token },
              ),
            ),
          after: (item) => item ?? { id: input.id, ...input.values },
          readBack: readBackOf.update(() => read(ctx, input.id), input.values, input.expected),
        }),
      ),

    remove: withToken
      .input(removeInputOf(CatalogueId, contract.item))
      .output(IdOutput)
      .mutation(async ({ ctx, input }) => {
        const target = { type: targetType, id: input.id };
        await requireStepUp(ctx, action('remove'), target);
        return audited(ctx, {
          action: action('remove'),
          target,
          condition: { expected: input.expected, force: input.force, read: () => read(ctx, input.id) },
          run: async () => {
            await ctx.gameApi.send('DELETE', paths.catalogueItem(key, input.id), z.unknown(), undefined, {
              token: ctx.token,
            });
            return { id: input.id };
          },
          after: () => null,
          readBack: readBackOf.remove(() => read(ctx, input.id), input.expected),
        });
      }),
  });
}

/**
 * One router per catalogue, each typed by its own key (the SPA's dialog reads its field names from
 * here). Written out rather than assembled from the keys: TypeScript cannot tie a computed object's
 * values to their keys without a cast, and `satisfies` names a catalogue missing here (decision 090).
 */
export const catalogueRouter = router({
  achievements: catalogueProcedures('achievements'),
  vehicleTypes: catalogueProcedures('vehicleTypes'),
  serverSkins: catalogueProcedures('serverSkins'),
  serverRadios: catalogueProcedures('serverRadios'),
  wantedReasons: catalogueProcedures('wantedReasons'),
} satisfies { [K in CatalogueKey]: ReturnType<typeof catalogueProcedures<K>> });
