import { holdsAll, type Role } from './roles';
import type { Scope } from './scopes';

/**
 * Who may call a procedure or open a route (architecture §5). A machine client (an integrator's
 * service account, decision 053) passes a signed-in entry only where the entry grants machines by
 * name (`forMachines`), with the OAuth scope the entry names (decision 081); everywhere else it is
 * refused whatever roles and scopes it holds.
 */
export type Access =
  | { readonly kind: 'public' }
  | {
      readonly kind: 'signed-in';
      readonly roles: readonly Role[];
      readonly machines?: true;
      /** The scope a machine client's token needs here (people's tokens and sessions need none). */
      readonly scope?: Scope;
    };

export const PUBLIC: Access = { kind: 'public' };
export const SIGNED_IN: Access = { kind: 'signed-in', roles: [] };
export function requires(...roles: Role[]): Access {
  return { kind: 'signed-in', roles };
}
/** The same access, granted to machine clients whose token carries `scope` (they still need the roles). */
export function forMachines(access: Access, scope: Scope): Access {
  return access.kind === 'public' ? access : { ...access, machines: true, scope };
}

/** Who calls, as far as the policy needs to know. */
export interface PolicyPrincipal {
  roles: readonly string[];
  machine?: boolean;
  /** The OAuth scopes of a bearer token (`scope` claim). */
  scopes?: readonly string[];
}

export type Decision = 'allow' | 'unauthenticated' | 'forbidden';

/**
 * Deny by default: no access entry is a refusal. `principal` is null when nobody is signed in;
 * `machine` is true only for a caller positively identified as a machine client.
 */
export function decide(access: Access | undefined, principal: PolicyPrincipal | null): Decision {
  if (!access) return 'forbidden';
  if (access.kind === 'public') return 'allow';
  if (!principal) return 'unauthenticated';
  if (principal.machine === true) {
    if (access.machines !== true || access.scope === undefined) return 'forbidden';
    if (missingScope(access, principal) !== null) return 'forbidden';
  }
  return holdsAll(principal.roles, access.roles) ? 'allow' : 'forbidden';
}

/**
 * The scope a machine client's token lacks for an entry granted to machines, so that the refusal can
 * name it; null when none is missing, or the caller is no machine client, or the entry is not theirs.
 */
export function missingScope(access: Access | undefined, principal: PolicyPrincipal | null): Scope | null {
  if (access?.kind !== 'signed-in' || principal?.machine !== true || access.machines !== true) return null;
  if (access.scope === undefined) return null;
  return (principal.scopes ?? []).includes(access.scope) ? null : access.scope;
}
