/**
 * The one access policy of the product (architecture §5): every tRPC procedure and every SPA route
 * with the roles it needs. Deny by default: a procedure missing here is refused by the BFF.
 * Roles and routes: specification §2.1 and §6.
 */
import { PUBLIC, SIGNED_IN, forMachines, requires, type Access } from './access';
import {
  CATALOGUES,
  CATALOGUE_KEYS,
  CATALOGUE_OPERATIONS,
  type CatalogueKey,
  type CatalogueOperation,
} from './catalogues';
import { ROLES } from './roles';
import { SCOPES } from './scopes';
import { ROUTES, cataloguePath, type CataloguePath } from './routes';
import type { SearchGroupKey } from './search';

/**
 * A catalogue of Server Management is reached below the hub (specification §2.1: the manager routes are
 * children of the server-manager route, whose guard applies to them too), so its screen and every
 * one of its procedures need the hub's role and the catalogue's own role (decision 007).
 */
function catalogueAccess(key: CatalogueKey): Access {
  return requires(ROLES.serverManager, CATALOGUES[key].role);
}

type CatalogueProcedurePath = `catalogue.${CatalogueKey}.${CatalogueOperation}`;

/** Specification §2.34 "Manager screens": a catalogue that cannot create (vehicles) cannot delete either. */
function operationsOf(key: CatalogueKey): readonly CatalogueOperation[] {
  return CATALOGUES[key].canCreate ? CATALOGUE_OPERATIONS : ['list', 'update'];
}

const CATALOGUE_PROCEDURES = Object.fromEntries(
  (Object.keys(CATALOGUES) as CatalogueKey[]).flatMap((key) =>
    operationsOf(key).map((operation) => [
      `catalogue.${key}.${operation}`,
      // Machine clients may read and write a catalogue they hold the roles and the scope of, never
      // delete (decisions 053, 081).
      operation === 'remove'
        ? catalogueAccess(key)
        : forMachines(
            catalogueAccess(key),
            operation === 'list' ? SCOPES.cataloguesRead : SCOPES.cataloguesWrite,
          ),
    ]),
  ),
) as Partial<Record<CatalogueProcedurePath, Access>>;

const CATALOGUE_ROUTES = Object.fromEntries(
  CATALOGUE_KEYS.map((key) => [cataloguePath(key), catalogueAccess(key)]),
) as Record<CataloguePath, Access>;

/**
 * Machine clients (decision 053) get only what an entry grants them with `forMachines`, each with the
 * OAuth scope its token must carry (decision 081): the catalogues' and the sync manager's lists,
 * creates and updates, and the audit log's list (with the roles). Not by default: any player's data,
 * the own-account procedures, deletes (they need a person's recent sign-in), the undo and the chain.
 */
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
  ...CATALOGUE_PROCEDURES,
  // Account synchronisation: always the signed-in player's own accounts (no user id in the input).
  'externalAccounts.status': SIGNED_IN,
  'externalAccounts.linkTeamspeak': SIGNED_IN,
  'externalAccounts.unlink': SIGNED_IN,
  'externalAccounts.sync': SIGNED_IN,
  // Sync manager (specification §2.1, §6): the route's role for reads and writes.
  'syncManager.objects.list': forMachines(requires(ROLES.syncManager), SCOPES.syncRead),
  'syncManager.objects.create': forMachines(requires(ROLES.syncManager), SCOPES.syncWrite),
  'syncManager.objects.update': forMachines(requires(ROLES.syncManager), SCOPES.syncWrite),
  'syncManager.objects.remove': requires(ROLES.syncManager),
  'syncManager.groups.list': forMachines(requires(ROLES.syncManager), SCOPES.syncRead),
  'syncManager.groups.create': forMachines(requires(ROLES.syncManager), SCOPES.syncWrite),
  'syncManager.groups.update': forMachines(requires(ROLES.syncManager), SCOPES.syncWrite),
  'syncManager.groups.remove': requires(ROLES.syncManager),
  'audit.list': forMachines(requires(ROLES.admin), SCOPES.auditRead),
  'audit.chain': requires(ROLES.admin),
  // The undo also needs the editor's own role for the write it makes (checked by the BFF).
  'audit.undo': requires(ROLES.admin),
  // What an undo will do (its change set, decision 105), asked before the confirmation.
  'audit.undoPlan': requires(ROLES.admin),
  // An editor's "Verlauf" (decision 105): also the area's own roles, auditHistoryAccess below.
  'audit.history': requires(ROLES.admin),
  // Legal holds (decision 100): the privacy officer keeps a person's key, with a reason.
  'audit.holds': requires(ROLES.privacy),
  'audit.hold': requires(ROLES.privacy),
  'audit.releaseHold': requires(ROLES.privacy),
  // "Integrationen" (decision 083): the machine clients of the audit log, for whoever reads it.
  'integrations.list': requires(ROLES.admin),
  // Webhooks (decision 097): the page's role; machine clients with `nova.webhooks` manage them too,
  // except deleting (like every delete, a person's).
  'webhooks.list': forMachines(requires(ROLES.webhooks), SCOPES.webhooks),
  'webhooks.create': forMachines(requires(ROLES.webhooks), SCOPES.webhooks),
  'webhooks.rotateSecret': forMachines(requires(ROLES.webhooks), SCOPES.webhooks),
  'webhooks.resume': forMachines(requires(ROLES.webhooks), SCOPES.webhooks),
  'webhooks.deliveries': forMachines(requires(ROLES.webhooks), SCOPES.webhooks),
  'webhooks.resend': forMachines(requires(ROLES.webhooks), SCOPES.webhooks),
  'webhooks.remove': requires(ROLES.webhooks),
  // Every signed-in person may ask; the answer holds only the groups SEARCH_POLICY grants them.
  'search.query': SIGNED_IN,
  'account.sessions': SIGNED_IN,
  'account.endSession': SIGNED_IN,
  'account.endOtherSessions': SIGNED_IN,
  // "Meine Daten" (decisions 101, 102): always the caller's own export and requests.
  'privacy.exportStatus': SIGNED_IN,
  'privacy.startExport': SIGNED_IN,
  'privacy.myRequests': SIGNED_IN,
  'privacy.createRequest': SIGNED_IN,
  // "Datenschutzanfragen": the operator's side, its own role.
  'privacy.requests': requires(ROLES.privacy),
  'privacy.request': requires(ROLES.privacy),
  'privacy.setStatus': requires(ROLES.privacy),
  // Live (decision 106): new audit entries for people who read the audit log (no machine clients);
  // presence for everyone signed in, each row's own access decided by PRESENCE_POLICY.
  'live.audit': requires(ROLES.admin),
  'live.presence': SIGNED_IN,
} as const satisfies Record<string, Access>;

export type ProcedurePath = keyof typeof PROCEDURE_POLICY;

export function procedureAccess(path: string): Access | undefined {
  return Object.hasOwn(PROCEDURE_POLICY, path) ? PROCEDURE_POLICY[path as ProcedurePath] : undefined;
}

/**
 * The search's groups (decision 091), each with the access of the screen its results open: players
 * only for admins (finding anyone's profile is an admin's task), a catalogue's rows with its manager's
 * roles, sync objects and groups with the sync manager's, audit entries with the audit log's. A group
 * missing here is not searched for anyone.
 */
export const SEARCH_POLICY = {
  players: requires(ROLES.admin),
  ...(Object.fromEntries(CATALOGUE_KEYS.map((key) => [key, catalogueAccess(key)])) as Record<
    CatalogueKey,
    Access
  >),
  syncGroups: PROCEDURE_POLICY['syncManager.groups.list'],
  syncObjects: PROCEDURE_POLICY['syncManager.objects.list'],
  audit: PROCEDURE_POLICY['audit.list'],
} as const satisfies Record<SearchGroupKey, Access>;

/** What an edit dialog can be open on, for the presence of other editors (decision 106). */
export type PresenceKind = CatalogueKey | 'syncObjects' | 'syncGroups';

/**
 * Who may see and announce that a row is being edited (decision 106): the people who may edit it,
 * by the access of the row's update procedure. A kind missing here is refused for everyone.
 */
export const PRESENCE_POLICY = {
  ...(Object.fromEntries(CATALOGUE_KEYS.map((key) => [key, catalogueAccess(key)])) as Record<
    CatalogueKey,
    Access
  >),
  syncObjects: requires(ROLES.syncManager),
  syncGroups: requires(ROLES.syncManager),
} as const satisfies Record<PresenceKind, Access>;

export const PRESENCE_KINDS = Object.keys(PRESENCE_POLICY) as [PresenceKind, ...PresenceKind[]];

/**
 * Who may read the audit entries of one row in its editor's "Verlauf" (decision 105): those who may
 * read the audit log and open the row's editor. A catalogue row with its manager's roles, a sync
 * object or group with the sync manager's; any other target type: nobody (deny by default).
 */
export function auditHistoryAccess(targetType: string): Access | undefined {
  const audit = PROCEDURE_POLICY['audit.history'];
  const editor = editorAccessOf(targetType);
  if (!editor || editor.kind !== 'signed-in' || audit.kind !== 'signed-in') return undefined;
  return requires(...new Set([...audit.roles, ...editor.roles]));
}

function editorAccessOf(targetType: string): Access | undefined {
  if (targetType === 'sync.object') return PROCEDURE_POLICY['syncManager.objects.update'];
  if (targetType === 'sync.group') return PROCEDURE_POLICY['syncManager.groups.update'];
  const key = targetType.startsWith('catalogue.') ? targetType.slice('catalogue.'.length) : null;
  return key !== null && (CATALOGUE_KEYS as string[]).includes(key)
    ? catalogueAccess(key as CatalogueKey)
    : undefined;
}

/**
 * Plain HTTP downloads of the BFF (not tRPC procedures, so they can stream): path and access, decided
 * by the same rules as a procedure (deny machines unless granted).
 */
export const DOWNLOADS = {
  /** The audit log as CSV (decision 059), filtered like `audit.list`. */
  auditLogCsv: { path: '/export/audit-log.csv', access: requires(ROLES.admin) },
  /** A person's own data export (decision 101); only the person it was made for gets it. */
  privacyExport: { path: '/export/meine-daten/:id', access: SIGNED_IN },
} as const satisfies Record<string, { path: string; access: Access }>;

/**
 * Route prefixes of specification §2.1 that need more than public access, from the route table and the
 * catalogue registry. The most specific prefix that covers a path applies; paths no prefix covers
 * are public.
 */
export const ROUTE_POLICY: Readonly<Record<string, Access>> = {
  ...Object.fromEntries(
    Object.values(ROUTES).flatMap((route) => ('access' in route ? [[route.path, route.access]] : [])),
  ),
  ...CATALOGUE_ROUTES,
};

export function routeAccess(pathname: string): Access {
  const path = pathname.replace(/\/+$/, '') || '/';
  let best: string | undefined;
  for (const pattern of Object.keys(ROUTE_POLICY)) {
    const covers = path === pattern || path.startsWith(`${pattern}/`);
    if (covers && (!best || pattern.length > best.length)) best = pattern;
  }
  return best === undefined ? PUBLIC : (ROUTE_POLICY[best] ?? PUBLIC);
}
