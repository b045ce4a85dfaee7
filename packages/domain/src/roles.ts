/**
 * Roles of the web application (specification §6.2) and the role check: the client role first, then the realm
 * role (specification §6, architecture §5).
 */
export const ROLES = {
  beta: 'web:beta',
  admin: 'web:admin',
  syncManager: 'web:admin:sync-manager',
  /** "Datenschutzanfragen" (decision 102). */
  privacy: 'web:admin:privacy',
  serverManager: 'web:admin:server-manager',
  achievementManager: 'web:admin:server-manager:achievement',
  carManager: 'web:admin:server-manager:car',
  skinManager: 'web:admin:server-manager:skin',
  radioManager: 'web:admin:server-manager:radio',
  wantedManager: 'web:admin:server-manager:wanted',
  /** Webhook subscriptions (decision 097). */
  webhooks: 'web:admin:webhooks',
} as const;

export type Role = (typeof ROLES)[keyof typeof ROLES];

export const ALL_ROLES: readonly Role[] = Object.values(ROLES);

export function isRole(value: string): value is Role {
  return (ALL_ROLES as readonly string[]).includes(value);
}

/** The parts of a Keycloak access token that carry roles. */
export interface RoleClaims {
  realm_access?: { roles?: readonly string[] } | undefined;
  resource_access?: Record<string, { roles?: readonly string[] } | undefined> | undefined;
}

/** Specification §6.2: a role check tests the client role first, then the realm role. */
export function hasRole(claims: RoleClaims, role: string, clientId: string): boolean {
  const clientRoles = claims.resource_access?.[clientId]?.roles ?? [];
  if (clientRoles.includes(role)) return true;
  return (claims.realm_access?.roles ?? []).includes(role);
}

/** The web roles a token grants, in the order of {@link ALL_ROLES}. */
export function webRolesOf(claims: RoleClaims, clientId: string): Role[] {
  return ALL_ROLES.filter((role) => hasRole(claims, role, clientId));
}

/** Specification §5.1: the user must hold every listed role; an empty list allows everyone signed in. */
export function holdsAll(held: readonly string[], required: readonly string[]): boolean {
  return required.every((role) => held.includes(role));
}
