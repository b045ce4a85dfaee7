import { holdsAll, type Role } from './roles';

/** Who may call a procedure or open a route (ARCHITECTURE §5). */
export type Access =
  { readonly kind: 'public' } | { readonly kind: 'signed-in'; readonly roles: readonly Role[] };

export const PUBLIC: Access = { kind: 'public' };
export const SIGNED_IN: Access = { kind: 'signed-in', roles: [] };
export function requires(...roles: Role[]): Access {
  return { kind: 'signed-in', roles };
}

export type Decision = 'allow' | 'unauthenticated' | 'forbidden';

/** Deny by default: no access entry is a refusal. `principal` is null when nobody is signed in. */
export function decide(access: Access | undefined, principal: { roles: readonly string[] } | null): Decision {
  if (!access) return 'forbidden';
  if (access.kind === 'public') return 'allow';
  if (!principal) return 'unauthenticated';
  return holdsAll(principal.roles, access.roles) ? 'allow' : 'forbidden';
}
