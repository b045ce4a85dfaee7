import { PLAYER_PAGES, ROUTES, type PlayerPage } from '@nova/domain';

/**
 * Link helpers over @nova/domain's route table (ROUTES, PLAYER_PAGES), which is the one place that
 * spells the addresses, their breadcrumb labels and their access.
 */
type Paths = { readonly [Name in keyof typeof ROUTES]: (typeof ROUTES)[Name]['path'] };

export const paths = Object.fromEntries(
  Object.entries(ROUTES).map(([name, route]) => [name, route.path]),
) as Paths;

/** Base of a player's pages: the own profile, or `user/{userId}` for someone else. */
export function profileHref(userId?: string): string {
  return userId ? `${paths.user}/${encodeURIComponent(userId)}` : paths.user;
}

export function playerHref(page: PlayerPage, userId?: string): string {
  return `${profileHref(userId)}/${PLAYER_PAGES[page].segment}`;
}

export function vehicleHref(vehicleId: number, userId?: string): string {
  return `${playerHref('vehicles', userId)}/${vehicleId}`;
}

export function loginHref(returnTo: string): string {
  return `/auth/login?returnTo=${encodeURIComponent(returnTo)}`;
}
