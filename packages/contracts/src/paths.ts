/**
 * The game API's path table (architecture §4). Paths are relative to GAME_API_URL; every dynamic
 * segment is percent-encoded. `public` marks the calls made without the user's bearer token.
 */
import { CATALOGUES, type CatalogueKey } from '@nova/domain';

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
  /** A Server Management catalogue (registry in @nova/domain) and one of its rows. */
  catalogue: (key: CatalogueKey) => CATALOGUES[key].apiPath,
  catalogueItem: (key: CatalogueKey, id: number) => `${CATALOGUES[key].apiPath}/${seg(id)}`,
} as const;

export const PUBLIC_GAME_API_PATHS: ReadonlySet<string> = new Set(['toplist', 'calendar']);
