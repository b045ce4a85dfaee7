import { CATALOGUES, type CatalogueKey } from '@nova/domain';

/**
 * The route table of doc 1 §2.1: paths, breadcrumb labels and link helpers, in one place. Access
 * rules come from @nova/domain's ROUTE_POLICY.
 */
export const CONTROL_PANEL = '/control-panel';
const USER = `${CONTROL_PANEL}/user`;
const ADMIN = `${CONTROL_PANEL}/admin`;

export const paths = {
  root: '/',
  home: '/home',
  imprint: '/imprint',
  termsOfUse: '/termsOfUse',
  calendar: '/calendar',
  toplist: '/toplist',
  tickets: '/tickets',
  unauthorized: '/unauthorized',
  controlPanel: CONTROL_PANEL,
  user: USER,
  settings: `${USER}/settings`,
  sync: `${USER}/sync`,
  syncTeamspeak: `${USER}/sync/teamspeak`,
  syncDiscord: `${USER}/sync/discord`,
  syncManager: `${ADMIN}/sync-manager`,
  serverManager: `${ADMIN}/server-manager`,
  auditLog: `${ADMIN}/audit-log`,
} as const;

/** The player pages, under the own profile and under a foreign one (doc 1 §2.1). */
export const PLAYER_PAGES = {
  achievements: { segment: 'achievements', crumb: null },
  vehicles: { segment: 'vehicles', crumb: 'Fahrzeuge' },
  coupons: { segment: 'coupons', crumb: null },
  inventory: { segment: 'inventory', crumb: 'Inventar' },
  licenses: { segment: 'licenses', crumb: 'Lizenzen' },
  bankAccounts: { segment: 'bank-accounts', crumb: 'Bankkonten' },
  weaponSkills: { segment: 'weapon-skills', crumb: 'Waffenskills' },
  skins: { segment: 'skins', crumb: null },
  skills: { segment: 'skills', crumb: 'Fähigkeiten' },
} as const;

export type PlayerPage = keyof typeof PLAYER_PAGES;

export const VEHICLE_DETAIL_CRUMB = 'Fahrzeugdetails';

/** Base of a player's pages: the own profile, or `user/{userId}` for someone else. */
export function profileHref(userId?: string): string {
  return userId ? `${USER}/${encodeURIComponent(userId)}` : USER;
}

export function playerHref(page: PlayerPage, userId?: string): string {
  return `${profileHref(userId)}/${PLAYER_PAGES[page].segment}`;
}

export function vehicleHref(vehicleId: number, userId?: string): string {
  return `${playerHref('vehicles', userId)}/${vehicleId}`;
}

/** The server-manager screens with their sidebar-independent roles (doc 1 §2.1, doc 2 §6). */
/** A Server Management screen, by its catalogue in the registry of @nova/domain. */
export function managerHref(key: CatalogueKey): string {
  return `${paths.serverManager}/${CATALOGUES[key].segment}`;
}

export function loginHref(returnTo: string): string {
  return `/auth/login?returnTo=${encodeURIComponent(returnTo)}`;
}
