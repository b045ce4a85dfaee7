/**
 * Who may call which procedure, written by hand from specification §2.1/§6 and decisions 007, 023 and 053,
 * not computed from the policy table under test. Read by the in-process policy test and by the
 * security suite's role matrix over HTTP.
 */

export const HUB = 'web:admin:server-manager';

/** The roles of each signed-in person, as Keycloak sends them. */
export const ROLES_OF = {
  spieler: [],
  beta: ['web:beta'],
  admin: [
    'web:beta',
    'web:admin',
    'web:admin:sync-manager',
    HUB,
    'web:admin:server-manager:achievement',
    'web:admin:server-manager:car',
    'web:admin:server-manager:skin',
    'web:admin:server-manager:radio',
    'web:admin:server-manager:wanted',
  ],
  achiever: ['web:beta', HUB, 'web:admin:server-manager:achievement'],
  driver: ['web:beta', HUB, 'web:admin:server-manager:car'],
  skinner: ['web:beta', HUB, 'web:admin:server-manager:skin'],
  radioer: ['web:beta', HUB, 'web:admin:server-manager:radio'],
  wanteder: ['web:beta', HUB, 'web:admin:server-manager:wanted'],
  /** A catalogue role without the hub's role: the manager routes are children of the hub. */
  carOnly: ['web:admin:server-manager:car'],
  hubOnly: [HUB],
  syncer: ['web:admin:sync-manager'],
  adminOnly: ['web:admin'],
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
  'audit.list': ['admin', 'adminOnly'],
  'audit.chain': ['admin', 'adminOnly'],
  'audit.undo': ['admin', 'adminOnly'],
  'integrations.list': ['admin', 'adminOnly'],
  'syncManager.objects.list': ['admin', 'syncer'],
  'syncManager.objects.create': ['admin', 'syncer'],
  'syncManager.objects.update': ['admin', 'syncer'],
  'syncManager.objects.remove': ['admin', 'syncer'],
  'syncManager.groups.list': ['admin', 'syncer'],
  'syncManager.groups.create': ['admin', 'syncer'],
  'syncManager.groups.update': ['admin', 'syncer'],
  'syncManager.groups.remove': ['admin', 'syncer'],
  // Server Management: the hub's role and the catalogue's own (carOnly and hubOnly are refused).
  'catalogue.achievements.list': ['admin', 'achiever'],
  'catalogue.achievements.create': ['admin', 'achiever'],
  'catalogue.achievements.update': ['admin', 'achiever'],
  'catalogue.achievements.remove': ['admin', 'achiever'],
  'catalogue.vehicleTypes.list': ['admin', 'driver'],
  'catalogue.vehicleTypes.update': ['admin', 'driver'],
  // The router has them, the vehicle catalogue cannot create or delete (specification §2.34): nobody may.
  'catalogue.vehicleTypes.create': [],
  'catalogue.vehicleTypes.remove': [],
  'catalogue.serverSkins.list': ['admin', 'skinner'],
  'catalogue.serverSkins.create': ['admin', 'skinner'],
  'catalogue.serverSkins.update': ['admin', 'skinner'],
  'catalogue.serverSkins.remove': ['admin', 'skinner'],
  'catalogue.serverRadios.list': ['admin', 'radioer'],
  'catalogue.serverRadios.create': ['admin', 'radioer'],
  'catalogue.serverRadios.update': ['admin', 'radioer'],
  'catalogue.serverRadios.remove': ['admin', 'radioer'],
  'catalogue.wantedReasons.list': ['admin', 'wanteder', 'integrator'],
  'catalogue.wantedReasons.create': ['admin', 'wanteder', 'integrator'],
  'catalogue.wantedReasons.update': ['admin', 'wanteder', 'integrator'],
  'catalogue.wantedReasons.remove': ['admin', 'wanteder'],
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
