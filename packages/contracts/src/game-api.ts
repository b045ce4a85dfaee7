/**
 * Entities of the game API (architecture §4; specification §3; specification §3). The BFF parses every answer with
 * these schemas; an answer that does not match is an upstream error, never data.
 */
import { PLATFORMS, SKILL_ID_MAX } from '@nova/domain';
import { z } from 'zod';
import { plainText } from './zod-german';

const int = () => z.number().int();
const flag = () => z.union([z.literal(0), z.literal(1)]);

/** User ids are opaque strings (Keycloak UUIDs); they become one path segment. */
export const UserId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'Ungültige Benutzer-ID');
export type UserId = z.infer<typeof UserId>;

export const ToplistEntry = z.object({ player: z.string(), value: z.number() });
export type ToplistEntry = z.infer<typeof ToplistEntry>;

/** Specification §3.3 "Toplist response"; a top player may be missing while nobody qualifies. */
export const Toplist = z.object({
  players: z.object({
    most_crimes: ToplistEntry.nullish(),
    most_prestige: ToplistEntry.nullish(),
    most_login_streak: ToplistEntry.nullish(),
  }),
  list: z.object({
    most_crimes: z.array(ToplistEntry),
    most_prestige: z.array(ToplistEntry),
    most_login_streak: z.array(ToplistEntry),
    /** Minutes. */
    most_playtime: z.array(ToplistEntry),
  }),
});
export type Toplist = z.infer<typeof Toplist>;

export const CalendarEntry = z.object({ name: z.string(), timestamp: int() });
export const Calendar = z.array(CalendarEntry);
export type CalendarEntry = z.infer<typeof CalendarEntry>;

export const User = z.object({
  id: UserId,
  username: z.string().min(1),
  attributes: z
    .object({ customname: z.array(z.string()).optional() })
    .loose()
    .optional(),
});
export type User = z.infer<typeof User>;
export const Users = z.array(User);

export const UserCreate = z.object({
  username: plainText().trim().min(3, 'Mindestens 3 Zeichen').max(32, 'Höchstens 32 Zeichen'),
  attributes: z.object({ customname: z.array(plainText().max(64)).max(5) }).optional(),
});
export const UserPatch = UserCreate.partial();

export const MovementStats = z.object({
  dist_walking: z.number().nonnegative(),
  dist_running: z.number().nonnegative(),
  dist_sprinting: z.number().nonnegative(),
  dist_crouching: z.number().nonnegative(),
  dist_swimming: z.number().nonnegative(),
  dist_underwater: z.number().nonnegative(),
  dist_driving: z.number().nonnegative(),
  dist_air: z.number().nonnegative(),
});

/** Specification §3.5 "Player profile". A faction skin of 0 or less, or none, means "no faction skin". */
export const PlayerProfile = z.object({
  id: UserId,
  username: z.string(),
  prestige: int(),
  level: int(),
  money: z.number(),
  age: int(),
  sex: flag(),
  exp: z.number(),
  hunger: z.number(),
  thirst: z.number(),
  faction_skin: int().nullish(),
  activeSkin: z.object({ skinId: int() }).nullish(),
  movementStats: MovementStats,
});
export type PlayerProfile = z.infer<typeof PlayerProfile>;

export const Skill = z.object({ id: int().min(0).max(SKILL_ID_MAX), name: z.string(), level: int() });
export const Skills = z.array(Skill);

export const PlayerSkin = z.object({ skinId: int().nonnegative() });
export const PlayerSkins = z.array(PlayerSkin);

export const AchievementRef = z.object({ id: int() });
export type AchievementRefTree = z.infer<typeof AchievementRef> | AchievementRefTree[];
export const AchievementRefTree: z.ZodType<AchievementRefTree> = z.lazy(() =>
  z.union([AchievementRef, z.array(AchievementRefTree)]),
);
/** Specification §3.6: the player's achievements, possibly nested. */
export const PlayerAchievements = z.array(AchievementRefTree);

export const Coupon = z.object({ name: z.string(), time: z.number() });
export const Coupons = z.array(Coupon);

export const InventoryItem = z.object({ type: int(), value: z.number() });
export const Inventory = z.array(InventoryItem);

export const License = z.object({ licenseId: int().min(0).max(3) });
export const Licenses = z.array(License);

export const BankAccount = z.object({
  bankId: int().min(0).max(5),
  balance: z.number(),
  disabled: z.boolean(),
});
export const BankAccounts = z.array(BankAccount);

export const WeaponSkills = z.object({
  WEAPONCATEGORY_0: z.number(),
  WEAPONCATEGORY_1: z.number(),
  WEAPONCATEGORY_2: z.number(),
});
export type WeaponSkills = z.infer<typeof WeaponSkills>;

/** Architecture §4: our extension; a 404 means "not supported". */
export const Vehicle = z.object({
  id: int(),
  typeId: int(),
  plate: z.string(),
  fuel: z.number(),
  mileage: z.number(),
  health: z.number(),
});
export const Vehicles = z.array(Vehicle);
export type Vehicle = z.infer<typeof Vehicle>;

export const Platform = z.enum(PLATFORMS, { error: 'Bitte wähle eine Plattform' });

export const ExternalAccount = z.object({
  id: int(),
  userId: UserId,
  plattform: Platform,
  externalId: z.string(),
});
export const ExternalAccounts = z.array(ExternalAccount);
export const ExternalAccountCreate = z.object({
  userId: UserId,
  plattform: Platform,
  externalId: plainText().trim().min(1, 'Pflichtfeld'),
});
export const SyncRequest = z.object({ plattform: Platform });

const required = (max = 200) => plainText().trim().min(1, 'Pflichtfeld').max(max, `Höchstens ${max} Zeichen`);

export const SyncGroupRef = z.object({ id: int().optional(), name: z.string() });
export const SyncObject = z.object({
  id: int(),
  plattform: Platform,
  externalId: z.string(),
  description: z.string(),
  syncGroup: SyncGroupRef.nullish(),
});
export const SyncObjects = z.array(SyncObject);
export const SyncObjectInput = z.object({
  plattform: Platform,
  externalId: required(),
  description: required(),
  syncGroup: SyncGroupRef.nullish(),
});

export const SyncGroup = z.object({
  id: int(),
  name: z.string(),
  keycloakName: z.string().nullish(),
  syncObjects: z.array(SyncObject.omit({ syncGroup: true })),
});
export const SyncGroups = z.array(SyncGroup);
export const SyncGroupInput = z.object({
  name: required(),
  keycloakName: z.string().trim().max(200).nullish(),
  syncObjects: z.array(z.object({ id: int() })),
});

/** Architecture §4: invalid bodies are answered 400 with a message per field. */
export const ValidationErrorBody = z.object({ validationErrors: z.record(z.string(), z.string()) });
export type ValidationErrorBody = z.infer<typeof ValidationErrorBody>;
