/**
 * The player's data, own or foreign (specification §2.19 "User route wrapper"): every procedure takes an
 * optional `userId`; absent means the signed-in player. Independent game API calls run in parallel.
 */
import {
  AchievementsView,
  Achievements,
  BankAccounts,
  BankAccountsView,
  Coupons,
  CouponsView,
  Inventory,
  InventoryView,
  Licenses,
  LicensesView,
  PlayerAchievements,
  PlayerInput,
  PlayerProfile,
  PlayerSkins,
  PlayerUserView,
  ProfileView,
  Skills,
  SkillsView,
  SkinsView,
  User,
  VehicleInput,
  VehicleType,
  VehicleTypes,
  VehicleView,
  Vehicles,
  VehiclesView,
  WeaponSkills,
  WeaponSkillsView,
  gameApiPaths as paths,
} from '@nova/contracts';
import { ERROR_MESSAGES, ROLES } from '@nova/domain';
import { TRPCError } from '@trpc/server';
import { GameApiError } from '../game-api/errors';
import * as map from '../mappers/player';
import { authedProcedure, router } from '../trpc/init';

const playerProcedure = authedProcedure.input(PlayerInput);

/**
 * Whose data (absent: the caller's) and the caller's token for the game API. Called first in each
 * resolver rather than as a middleware: a middleware level costs tRPC a copy of the call's options
 * and context per call (decision 041).
 */
async function player(
  ctx: { accessToken: () => Promise<string>; principal: { userId: string } },
  input: { userId?: string | undefined },
): Promise<{ userId: string; token: string }> {
  const token = await ctx.accessToken();
  return { userId: input.userId ?? ctx.principal.userId, token };
}

const isStatus = (error: unknown, status: number) => error instanceof GameApiError && error.status === status;

export const playerRouter = router({
  user: playerProcedure.output(PlayerUserView).query(async ({ ctx, input }) => {
    const { userId, token } = await player(ctx, input);
    const user = await ctx.gameApi.get(paths.user(userId), User, { token });
    return map.toPlayerUser(user, ctx.principal.userId);
  }),

  profile: playerProcedure.output(ProfileView).query(async ({ ctx, input }) => {
    const { userId, token } = await player(ctx, input);
    const profile = await ctx.gameApi.get(paths.profile(userId), PlayerProfile, { token });
    const adminUrl = ctx.principal.roles.includes(ROLES.admin) ? ctx.adminUserUrl(userId) : null;
    return map.toProfileView(profile, adminUrl);
  }),

  achievements: playerProcedure.output(AchievementsView).query(async ({ ctx, input }) => {
    const { userId, token } = await player(ctx, input);
    const [catalogue, owned] = await Promise.all([
      ctx.gameApi.get(paths.catalogue('achievements'), Achievements, { token }),
      ctx.gameApi.get(paths.playerAchievements(userId), PlayerAchievements, { token }),
    ]);
    return map.toAchievementsView(catalogue, owned);
  }),

  coupons: playerProcedure.output(CouponsView).query(async ({ ctx, input }) => {
    const { userId, token } = await player(ctx, input);
    return map.toCouponsView(await ctx.gameApi.get(paths.coupons(userId), Coupons, { token }), ctx.now());
  }),

  inventory: playerProcedure.output(InventoryView).query(async ({ ctx, input }) => {
    const { userId, token } = await player(ctx, input);
    return map.toInventoryView(await ctx.gameApi.get(paths.inventory(userId), Inventory, { token }));
  }),

  licenses: playerProcedure.output(LicensesView).query(async ({ ctx, input }) => {
    const { userId, token } = await player(ctx, input);
    return map.toLicensesView(await ctx.gameApi.get(paths.licenses(userId), Licenses, { token }));
  }),

  bankAccounts: playerProcedure.output(BankAccountsView).query(async ({ ctx, input }) => {
    const { userId, token } = await player(ctx, input);
    return map.toBankAccountsView(await ctx.gameApi.get(paths.bankAccounts(userId), BankAccounts, { token }));
  }),

  weaponSkills: playerProcedure.output(WeaponSkillsView).query(async ({ ctx, input }) => {
    const { userId, token } = await player(ctx, input);
    return map.toWeaponSkillsView(await ctx.gameApi.get(paths.weaponSkills(userId), WeaponSkills, { token }));
  }),

  skins: playerProcedure.output(SkinsView).query(async ({ ctx, input }) => {
    const { userId, token } = await player(ctx, input);
    return map.toSkinsView(await ctx.gameApi.get(paths.skins(userId), PlayerSkins, { token }));
  }),

  skills: playerProcedure.output(SkillsView).query(async ({ ctx, input }) => {
    const { userId, token } = await player(ctx, input);
    return map.toSkillsView(await ctx.gameApi.get(paths.skills(userId), Skills, { token }));
  }),

  vehicles: playerProcedure.output(VehiclesView).query(async ({ ctx, input }) => {
    const { userId, token } = await player(ctx, input);
    const [vehicles, types] = await Promise.all([
      ctx.gameApi.get(paths.vehicles(userId), Vehicles, { token }).catch((error: unknown) => {
        // Architecture §4: our extension; a 404 means the game API does not offer it.
        if (isStatus(error, 404)) return null;
        throw error;
      }),
      ctx.gameApi.get(paths.catalogue('vehicleTypes'), VehicleTypes, { token }).catch((error: unknown) => {
        ctx.log.warn({ err: error }, 'vehicle types unavailable; vehicles shown without type data');
        return [];
      }),
    ]);
    if (!vehicles) return { supported: false, items: [] };
    const byId = new Map(types.map((t) => [t.id, t]));
    return { supported: true, items: vehicles.map((v) => map.toVehicleView(v, byId)) };
  }),

  vehicle: authedProcedure
    .input(VehicleInput)
    .output(VehicleView)
    .query(async ({ ctx, input }) => {
      const token = await ctx.accessToken();
      const userId = input.userId ?? ctx.principal.userId;
      let vehicles;
      try {
        vehicles = await ctx.gameApi.get(paths.vehicles(userId), Vehicles, { token });
      } catch (error) {
        if (isStatus(error, 404))
          throw new TRPCError({ code: 'NOT_FOUND', message: ERROR_MESSAGES.NOT_FOUND });
        throw error;
      }
      const vehicle = vehicles.find((v) => v.id === input.vehicleId);
      if (!vehicle) throw new TRPCError({ code: 'NOT_FOUND', message: ERROR_MESSAGES.NOT_FOUND });
      const type = await ctx.gameApi
        .get(paths.catalogueItem('vehicleTypes', vehicle.typeId), VehicleType, { token })
        .catch((error: unknown) => {
          ctx.log.warn({ err: error }, 'vehicle type unavailable');
          return null;
        });
      return { ...vehicle, type };
    }),
});
