/**
 * Inputs and outputs of the BFF's tRPC procedures, shared with the SPA: what the screens show, with
 * names, labels, sums and statuses already applied from @nova/domain.
 */
import { z } from 'zod';
import { VehicleType } from './catalogues';
import { UserId } from './game-api';

const PlayerSelector = z.object({ userId: UserId.optional() });

/** Absent `userId` (or no input at all) means the signed-in player. */
export const PlayerInput = PlayerSelector.default({});
export type PlayerInput = z.infer<typeof PlayerInput>;

export const VehicleInput = PlayerSelector.extend({ vehicleId: z.number().int().nonnegative() });

export const Me = z.discriminatedUnion('signedIn', [
  // `sessionExpired`: the browser's cookie names a session the BFF no longer has (decision 071).
  z.object({ signedIn: z.literal(false), sessionExpired: z.literal(true).optional() }),
  z.object({
    signedIn: z.literal(true),
    id: z.string(),
    username: z.string(),
    displayName: z.string(),
    roles: z.array(z.string()),
  }),
]);
export type Me = z.infer<typeof Me>;

const TopCard = z.object({ player: z.string(), value: z.number() }).nullable();
const RankRow = z.object({ rank: z.number().int(), player: z.string(), value: z.number() });
export const ToplistView = z.object({
  top: z.object({ most_crimes: TopCard, most_prestige: TopCard, most_login_streak: TopCard }),
  tables: z.object({
    most_crimes: z.array(RankRow),
    most_prestige: z.array(RankRow),
    most_login_streak: z.array(RankRow),
    /** Hours, rounded to 2 decimals. */
    most_playtime: z.array(RankRow),
  }),
});
export type ToplistView = z.infer<typeof ToplistView>;

export const CalendarEventView = z.object({
  name: z.string(),
  timestamp: z.number().int(),
  /** `YYYY-MM-DD` in the server's time zone. */
  day: z.string(),
});
export const CalendarView = z.array(CalendarEventView);
export type CalendarEventView = z.infer<typeof CalendarEventView>;

export const PlayerUserView = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.string(),
  /** True when this is the signed-in player. */
  own: z.boolean(),
});
export type PlayerUserView = z.infer<typeof PlayerUserView>;

export const ProfileView = z.object({
  id: z.string(),
  username: z.string(),
  prestige: z.number(),
  level: z.number(),
  moneyText: z.string(),
  age: z.number(),
  gender: z.string(),
  exp: z.number(),
  expMax: z.number(),
  hunger: z.number(),
  thirst: z.number(),
  /** Faction skin before active skin; null when the player has neither. */
  avatarSkinId: z.number().int().nullable(),
  movement: z.object({ ground: z.number(), water: z.number(), driving: z.number(), air: z.number() }),
  /** Only for holders of web:admin: the user's page in the identity provider's admin console. */
  adminUrl: z.string().nullable(),
});
export type ProfileView = z.infer<typeof ProfileView>;

export const AchievementView = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  exp: z.number(),
  money: z.number(),
  achieved: z.boolean(),
});
export const AchievementsView = z.object({
  achieved: z.number().int(),
  total: z.number().int(),
  items: z.array(AchievementView),
});
export type AchievementsView = z.infer<typeof AchievementsView>;

export const CouponView = z.object({
  name: z.string(),
  time: z.number(),
  available: z.boolean(),
  status: z.string(),
});
export const CouponsView = z.array(CouponView);

export const InventoryItemView = z.object({ type: z.number().int(), name: z.string(), quantity: z.number() });
export const InventoryView = z.array(InventoryItemView);

export const LicenseView = z.object({
  licenseId: z.number().int(),
  name: z.string(),
  owned: z.boolean(),
  status: z.string(),
});
export const LicensesView = z.array(LicenseView);

export const BankAccountView = z.object({
  bankId: z.number().int(),
  bank: z.string(),
  accountType: z.string(),
  balanceText: z.string(),
  disabled: z.boolean(),
  status: z.string(),
});
export const BankAccountsView = z.array(BankAccountView);

export const WeaponSkillView = z.object({
  key: z.string(),
  name: z.string(),
  value: z.number(),
  max: z.number(),
  percent: z.number(),
  expert: z.boolean(),
});
export const WeaponSkillsView = z.array(WeaponSkillView);

export const SkinView = z.object({ skinId: z.number().int(), name: z.string() });
export const SkinsView = z.array(SkinView);

export const SkillView = z.object({ id: z.number().int(), name: z.string(), level: z.number().int() });
export const SkillsView = z.array(SkillView);

export const VehicleView = z.object({
  id: z.number().int(),
  typeId: z.number().int(),
  plate: z.string(),
  fuel: z.number(),
  mileage: z.number(),
  health: z.number(),
  type: VehicleType.nullable(),
});
export type VehicleView = z.infer<typeof VehicleView>;
/** `supported` is false when the game API does not offer the vehicles call (404). */
export const VehiclesView = z.object({ supported: z.boolean(), items: z.array(VehicleView) });
