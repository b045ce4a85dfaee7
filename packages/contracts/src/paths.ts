/**
 * The game API's path table (ARCHITECTURE §4). Paths are relative to GAME_API_URL; every dynamic
 * segment is percent-encoded. `public` marks the calls made without the user's bearer token.
 */
import type { z } from 'zod';
import * as api from './game-api';

const seg = (value: string | number) => encodeURIComponent(String(value));

export const gameApiPaths = {
  toplist: () => 'toplist',
  calendar: () => 'calendar',
  users: () => 'user',
  user: (id: string) => `user/${seg(id)}`,
  profile: (userId: string) => `user/${seg(userId)}/profile`,
  skills: (userId: string) => `user/${seg(userId)}/skills`,
  skins: (userId: string) => `user/${seg(userId)}/skins`,
  playerAchievements: (userId: string) => `user/${seg(userId)}/achievements`,
  coupons: (userId: string) => `user/${seg(userId)}/coupons`,
  inventory: (userId: string) => `user/${seg(userId)}/inventory`,
  licenses: (userId: string) => `user/${seg(userId)}/licenses`,
  bankAccounts: (userId: string) => `user/${seg(userId)}/bank-accounts`,
  weaponSkills: (userId: string) => `user/${seg(userId)}/weapon-skills`,
  vehicles: (userId: string) => `user/${seg(userId)}/vehicles`,
  externalAccounts: (userId: string) => `user/${seg(userId)}/external-accounts`,
  externalAccount: (userId: string, id: number) => `user/${seg(userId)}/external-accounts/${seg(id)}`,
  externalAccountsSync: (userId: string) => `user/${seg(userId)}/external-accounts/sync`,
  syncObjects: () => 'sync-manager/sync-objects',
  syncObject: (id: number) => `sync-manager/sync-objects/${seg(id)}`,
  syncGroups: () => 'sync-manager/sync-groups',
  syncGroup: (id: number) => `sync-manager/sync-groups/${seg(id)}`,
  achievements: () => 'achievements',
  achievement: (id: number) => `achievements/${seg(id)}`,
  vehicleTypes: () => 'vehicles/types',
  vehicleType: (id: number) => `vehicles/types/${seg(id)}`,
  serverSkins: () => 'management/server-skins',
  serverSkin: (id: number) => `management/server-skins/${seg(id)}`,
  serverRadios: () => 'management/server-radios',
  serverRadio: (id: number) => `management/server-radios/${seg(id)}`,
  wantedReasons: () => 'wanted-reasons',
  wantedReason: (id: number) => `wanted-reasons/${seg(id)}`,
} as const;

export const PUBLIC_GAME_API_PATHS: ReadonlySet<string> = new Set(['toplist', 'calendar']);

/** A catalogue of the server-management screens: list and item paths with their schemas. */
export interface CatalogueContract<S extends z.ZodType, I extends z.ZodType> {
  path: string;
  item: S;
  list: z.ZodArray<S>;
  input: I;
}

export const catalogues = {
  achievements: {
    path: 'achievements',
    item: api.Achievement,
    list: api.Achievements,
    input: api.AchievementInput,
  },
  vehicleTypes: {
    path: 'vehicles/types',
    item: api.VehicleType,
    list: api.VehicleTypes,
    input: api.VehicleTypeInput,
  },
  serverSkins: {
    path: 'management/server-skins',
    item: api.ServerSkin,
    list: api.ServerSkins,
    input: api.ServerSkinInput,
  },
  serverRadios: {
    path: 'management/server-radios',
    item: api.RadioStation,
    list: api.RadioStations,
    input: api.RadioStationInput,
  },
  wantedReasons: {
    path: 'wanted-reasons',
    item: api.WantedReason,
    list: api.WantedReasons,
    input: api.WantedReasonInput,
  },
} as const;

export type CatalogueName = keyof typeof catalogues;
