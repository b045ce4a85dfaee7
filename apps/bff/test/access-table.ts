/**
 * Who may call which procedure, written by hand from specification §2.1/§6 and decisions 007, 023 and 053,
 * not computed from the policy table under test. Read by the in-process policy test and by the
 * security suite's role matrix over HTTP.
 */

import { ALL_ROLES, CATALOGUES, CATALOGUE_KEYS } from '@nova/domain';

export const HUB = 'web:admin:server-manager';

/**
 * Per catalogue of the registry, a person holding its role (and the hub's): `<key>Manager`. The roles
 * come from the registry, whose role of each catalogue `catalogue.test.ts` checks by hand; who may call
 * what stays written out in ALLOWED below.
 */
const CATALOGUE_MANAGERS = recordOf(
  CATALOGUE_KEYS.map((key) => [`${key}Manager` as const, ['web:beta', HUB, CATALOGUES[key].role]]),
);

/** Object.fromEntries that keeps the keys' type. */
function recordOf<K extends string, V>(entries: readonly (readonly [K, V])[]): Record<K, V> {
  return Object.fromEntries(entries) as Record<K, V>;
}

/** The roles of each signed-in person, as Keycloak sends them. */
export const ROLES_OF = {
  spieler: [],
  beta: ['web:beta'],
  /** Every web role there is: a new role reaches the admin without an edit here. */
  admin: ALL_ROLES,
  ...CATALOGUE_MANAGERS,
  /** A catalogue role without the hub's role: the manager routes are children of the hub. */
  carOnly: ['web:admin:server-manager:car'],
  hubOnly: [HUB],
  syncer: ['web:admin:sync-manager'],
  adminOnly: ['web:admin'],
  /** "Datenschutzanfragen" only (decision 102). */
  privacyOfficer: ['web:admin:privacy'],
} as const satisfies Record<string, readonly string[]>;

export type Person = keyof typeof ROLES_OF;
export const PEOPLE = Object.keys(ROLES_OF) as Person[];

/** The integrator's service account: a machine client, only what the policy grants machines by name. */
export const INTEGRATOR_ROLES = [HUB, 'web:admin:server-manager:wanted'];
/** Every scope a machine client can hold (decision 081): the roles above still limit it. */
export const INTEGRATOR_SCOPES = [
  'nova.catalogues.read',
  'nova.catalogues.write',
  'nova.sync.read',
  'nova.sync.write',
  'nova.audit.read',
];

export type Caller = 'anonymous' | Person | 'integrator';
export const CALLERS: Caller[] = ['anonymous', ...PEOPLE, 'integrator'];

const SIGNED_IN = PEOPLE;
const EVERYONE = CALLERS;

/** Every procedure of the router with the callers it allows. */
export const ALLOWED: Record<string, readonly Caller[]> = {
  'session.me': EVERYONE,
  'toplist.get': EVERYONE,
  'calendar.list': EVERYONE,
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
  'externalAccounts.status': SIGNED_IN,
  'externalAccounts.linkTeamspeak': SIGNED_IN,
  'externalAccounts.unlink': SIGNED_IN,
  'externalAccounts.sync': SIGNED_IN,
  'search.query': SIGNED_IN,
  'account.sessions': SIGNED_IN,
  'account.endSession': SIGNED_IN,
  'account.endOtherSessions': SIGNED_IN,
  // "Meine Daten": every signed-in person, their own only (decision 101).
  'privacy.exportStatus': SIGNED_IN,
  'privacy.startExport': SIGNED_IN,
  'privacy.myRequests': SIGNED_IN,
  'privacy.createRequest': SIGNED_IN,
  // "Datenschutzanfragen": its own role, not web:admin's (decision 102).
  'privacy.requests': ['admin', 'privacyOfficer'],
  'privacy.request': ['admin', 'privacyOfficer'],
  'privacy.setStatus': ['admin', 'privacyOfficer'],
  'audit.list': ['admin', 'adminOnly'],
  'audit.chain': ['admin', 'adminOnly'],
  'audit.undo': ['admin', 'adminOnly'],
  // The row's area is checked with the input (auditHistoryAccess), after the policy's web:admin.
  'audit.history': ['admin', 'adminOnly'],
  'audit.undoPlan': ['admin', 'adminOnly'],
  'audit.holds': ['admin', 'privacyOfficer'],
  'audit.hold': ['admin', 'privacyOfficer'],
  'audit.releaseHold': ['admin', 'privacyOfficer'],
  'integrations.list': ['admin', 'adminOnly'],
  // Live (decision 106): the audit stream for who reads the audit log; presence for everyone signed
  // in at the procedure, then each row's own access (live.test.ts).
  'live.audit': ['admin', 'adminOnly'],
  'live.presence': SIGNED_IN,
  // Webhooks (decision 097): their own role, which only the admin holds here.
  'webhooks.list': ['admin'],
  'webhooks.create': ['admin'],
  'webhooks.remove': ['admin'],
  'webhooks.rotateSecret': ['admin'],
  'webhooks.resume': ['admin'],
  'webhooks.deliveries': ['admin'],
  'webhooks.resend': ['admin'],
  'syncManager.objects.list': ['admin', 'syncer'],
  'syncManager.objects.create': ['admin', 'syncer'],
  'syncManager.objects.update': ['admin', 'syncer'],
  'syncManager.objects.remove': ['admin', 'syncer'],
  'syncManager.groups.list': ['admin', 'syncer'],
  'syncManager.groups.create': ['admin', 'syncer'],
  'syncManager.groups.update': ['admin', 'syncer'],
  'syncManager.groups.remove': ['admin', 'syncer'],
  // Server Management: the hub's role and the catalogue's own (carOnly and hubOnly are refused).
  'catalogue.achievements.list': ['admin', 'achievementsManager'],
  'catalogue.achievements.create': ['admin', 'achievementsManager'],
  'catalogue.achievements.update': ['admin', 'achievementsManager'],
  'catalogue.achievements.remove': ['admin', 'achievementsManager'],
  'catalogue.vehicleTypes.list': ['admin', 'vehicleTypesManager'],
  'catalogue.vehicleTypes.update': ['admin', 'vehicleTypesManager'],
  // The router has them, the vehicle catalogue cannot create or delete (specification §2.34): nobody may.
  'catalogue.vehicleTypes.create': [],
  'catalogue.vehicleTypes.remove': [],
  'catalogue.serverSkins.list': ['admin', 'serverSkinsManager'],
  'catalogue.serverSkins.create': ['admin', 'serverSkinsManager'],
  'catalogue.serverSkins.update': ['admin', 'serverSkinsManager'],
  'catalogue.serverSkins.remove': ['admin', 'serverSkinsManager'],
  'catalogue.serverRadios.list': ['admin', 'serverRadiosManager'],
  'catalogue.serverRadios.create': ['admin', 'serverRadiosManager'],
  'catalogue.serverRadios.update': ['admin', 'serverRadiosManager'],
  'catalogue.serverRadios.remove': ['admin', 'serverRadiosManager'],
  'catalogue.wantedReasons.list': ['admin', 'wantedReasonsManager', 'integrator'],
  'catalogue.wantedReasons.create': ['admin', 'wantedReasonsManager', 'integrator'],
  'catalogue.wantedReasons.update': ['admin', 'wantedReasonsManager', 'integrator'],
  'catalogue.wantedReasons.remove': ['admin', 'wantedReasonsManager'],
};

export type Verdict = 'allow' | 'unauthenticated' | 'forbidden';

/**
 * What the access check answers `who` for `path`: a procedure nobody may call is refused outright,
 * before asking who calls (deny by default), so anonymous callers get "forbidden" there too.
 */
export function expectedVerdict(path: string, who: Caller): Verdict {
  const allowed = ALLOWED[path] ?? [];
  if (allowed.includes(who)) return 'allow';
  return who === 'anonymous' && allowed.length > 0 ? 'unauthenticated' : 'forbidden';
}
