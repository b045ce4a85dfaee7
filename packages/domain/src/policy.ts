/**
 * The one access policy of the product (ARCHITECTURE §5): every tRPC procedure and every SPA route
 * with the roles it needs. Deny by default: a procedure missing here is refused by the BFF.
 * Roles and routes: doc 1 §2.1 and §6.
 */
import { ROLES, holdsAll, type Role } from './roles';

export type Access =
  { readonly kind: 'public' } | { readonly kind: 'signed-in'; readonly roles: readonly Role[] };

export const PUBLIC: Access = { kind: 'public' };
export const SIGNED_IN: Access = { kind: 'signed-in', roles: [] };
export function requires(...roles: Role[]): Access {
  return { kind: 'signed-in', roles };
}

export const PROCEDURE_POLICY = {
  'session.me': PUBLIC,
  'toplist.get': PUBLIC,
  'calendar.list': PUBLIC,
  'player.user': SIGNED_IN,
  'player.profile': SIGNED_IN,
  'player.achievements': SIGNED_IN,
  'player.coupons': SIGNED_IN,
  'player.inventory': SIGNED_IN,
  'player.licenses': SIGNED_IN,
  'player.bankAccounts': SIGNED_IN,
  'player.weaponSkills': SIGNED_IN,
  'player.skins': SIGNED_IN,
  'player.skills': SIGNED_IN,
  'player.vehicles': SIGNED_IN,
  'player.vehicle': SIGNED_IN,
} as const satisfies Record<string, Access>;

export type ProcedurePath = keyof typeof PROCEDURE_POLICY;

export function procedureAccess(path: string): Access | undefined {
  return Object.hasOwn(PROCEDURE_POLICY, path) ? PROCEDURE_POLICY[path as ProcedurePath] : undefined;
}

/**
 * Route prefixes of doc 1 §2.1 that need more than public access. The most specific prefix that
 * covers a path applies; paths no prefix covers are public.
 */
export const ROUTE_POLICY = {
  '/tickets': SIGNED_IN,
  '/control-panel': SIGNED_IN,
  '/control-panel/admin/sync-manager': requires(ROLES.syncManager),
  '/control-panel/admin/server-manager': requires(ROLES.serverManager),
  '/control-panel/admin/server-manager/achievement-manager': requires(ROLES.achievementManager),
  '/control-panel/admin/server-manager/vehicle-manager': requires(ROLES.carManager),
  '/control-panel/admin/server-manager/skin-manager': requires(ROLES.skinManager),
  '/control-panel/admin/server-manager/radio-manager': requires(ROLES.radioManager),
  '/control-panel/admin/server-manager/wanted-manager': requires(ROLES.wantedManager),
} as const satisfies Record<string, Access>;

export type RoutePattern = keyof typeof ROUTE_POLICY;

export function routeAccess(pathname: string): Access {
  const path = pathname.replace(/\/+$/, '') || '/';
  let best: RoutePattern | undefined;
  for (const pattern of Object.keys(ROUTE_POLICY) as RoutePattern[]) {
    const covers = path === pattern || path.startsWith(`${pattern}/`);
    if (covers && (!best || pattern.length > best.length)) best = pattern;
  }
  return best ? ROUTE_POLICY[best] : PUBLIC;
}

export type Decision = 'allow' | 'unauthenticated' | 'forbidden';

/** `principal` is null when nobody is signed in. */
export function decide(access: Access | undefined, principal: { roles: readonly string[] } | null): Decision {
  if (!access) return 'forbidden';
  if (access.kind === 'public') return 'allow';
  if (!principal) return 'unauthenticated';
  return holdsAll(principal.roles, access.roles) ? 'allow' : 'forbidden';
}
