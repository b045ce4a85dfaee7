/**
 * OAuth scopes of machine clients (decision 081): what an integrator's token may be used for. The
 * identity provider grants them per client (Keycloak client scopes, deploy/keycloak/nova-realm.json);
 * the policy table names the scope each machine-granted procedure needs. Deny by default: a machine
 * token without the scope is refused, whatever roles its service account holds.
 */
export const SCOPES = {
  cataloguesRead: 'nova.catalogues.read',
  cataloguesWrite: 'nova.catalogues.write',
  syncRead: 'nova.sync.read',
  syncWrite: 'nova.sync.write',
  auditRead: 'nova.audit.read',
  /** Webhook subscriptions (decision 097): list, create, rotate, resume, the delivery log, resend. */
  webhooks: 'nova.webhooks',
} as const;

export type Scope = (typeof SCOPES)[keyof typeof SCOPES];

export const ALL_SCOPES: readonly Scope[] = Object.values(SCOPES);

/** German descriptions, shown by the identity provider's consent and the reference page. */
export const SCOPE_DESCRIPTIONS: Readonly<Record<Scope, string>> = {
  'nova.catalogues.read': 'Kataloge der Serververwaltung lesen',
  'nova.catalogues.write': 'Zeilen der Kataloge anlegen und ändern',
  'nova.sync.read': 'Sync-Objekte und Sync-Gruppen lesen',
  'nova.sync.write': 'Sync-Objekte und Sync-Gruppen anlegen und ändern',
  'nova.audit.read': 'Das Protokoll lesen',
  'nova.webhooks': 'Webhooks verwalten',
};

/** The scopes of a token's `scope` claim (space-separated, RFC 6749 §3.3). */
export function scopesOf(claim: unknown): string[] {
  return typeof claim === 'string' ? claim.split(' ').filter((scope) => scope !== '') : [];
}
