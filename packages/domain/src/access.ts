import { holdsAll, type Role } from './roles';

/**
 * Who may call a procedure or open a route (architecture §5). A machine client (an integrator's
 * service account, decision 053) passes a signed-in entry only where the entry grants machines by
 * name (`forMachines`); everywhere else it is refused whatever roles it holds.
 */
export type Access =
  | { readonly kind: 'public' }
  | { readonly kind: 'signed-in'; readonly roles: readonly Role[]; readonly machines?: true };

export const PUBLIC: Access = { kind: 'public' };
export const SIGNED_IN: Access = { kind: 'signed-in', roles: [] };
export function requires(...roles: Role[]): Access {
  return { kind: 'signed-in', roles };
}
/** The same access, granted to machine clients too (they still need the roles). */
export function forMachines(access: Access): Access {
  return access.kind === 'public' ? access : { ...access, machines: true };
}

export type Decision = 'allow' | 'unauthenticated' | 'forbidden';

/**
 * Deny by default: no access entry is a refusal. `principal` is null when nobody is signed in;
 * `machine` is true only for a caller positively identified as a machine client.
 */
export function decide(
  access: Access | undefined,
  principal: { roles: readonly string[]; machine?: boolean } | null,
): Decision {
  if (!access) return 'forbidden';
  if (access.kind === 'public') return 'allow';
  if (!principal) return 'unauthenticated';
  if (principal.machine === true && access.machines !== true) return 'forbidden';
  return holdsAll(principal.roles, access.roles) ? 'allow' : 'forbidden';
}
