/**
 * The route table of specification §2.1, the one place that spells the site's addresses: each route's path,
 * its breadcrumb label and who may open it. The SPA's router, links and sidebar, the access policy
 * (ROUTE_POLICY) and the BFF's redirects all read it. A route without `access` inherits the access of
 * the closest route above it (public at the top).
 */
import { SIGNED_IN, requires, type Access } from './access';
import { CATALOGUES, type CatalogueKey } from './catalogues';
import { ROLES } from './roles';

interface RouteEntry {
  readonly path: string;
  readonly crumb?: string;
  readonly access?: Access;
}

const CONTROL_PANEL = '/control-panel';
const USER = `${CONTROL_PANEL}/user`;
const ADMIN = `${CONTROL_PANEL}/admin`;

export const ROUTES = {
  root: { path: '/' },
  home: { path: '/home' },
  imprint: { path: '/imprint' },
  termsOfUse: { path: '/termsOfUse' },
  calendar: { path: '/calendar' },
  toplist: { path: '/toplist' },
  tickets: { path: '/tickets', access: SIGNED_IN },
  unauthorized: { path: '/unauthorized' },
  controlPanel: { path: CONTROL_PANEL, access: SIGNED_IN },
  user: { path: USER, crumb: 'Profil' },
  settings: { path: `${USER}/settings`, crumb: 'Accounteinstellungen' },
  sync: { path: `${USER}/sync`, crumb: 'Synchronisation' },
  syncTeamspeak: { path: `${USER}/sync/teamspeak`, crumb: 'Teamspeak' },
  syncDiscord: { path: `${USER}/sync/discord`, crumb: 'Discord' },
  admin: { path: ADMIN },
  syncManager: { path: `${ADMIN}/sync-manager`, access: requires(ROLES.syncManager) },
  serverManager: { path: `${ADMIN}/server-manager`, access: requires(ROLES.serverManager) },
  auditLog: { path: `${ADMIN}/audit-log`, crumb: 'Audit-Log', access: requires(ROLES.admin) },
  integrations: { path: `${ADMIN}/integrations`, crumb: 'Integrationen', access: requires(ROLES.admin) },
  privacyRequests: {
    path: `${ADMIN}/privacy-requests`,
    crumb: 'Datenschutzanfragen',
    access: requires(ROLES.privacy),
  },
  webhooks: { path: `${ADMIN}/webhooks`, crumb: 'Webhooks', access: requires(ROLES.webhooks) },
} as const satisfies Record<string, RouteEntry>;

export type RouteName = keyof typeof ROUTES;

/** The player pages, under the own profile and under a foreign one (`user/{userId}/…`). */
export const PLAYER_PAGES = {
  achievements: { segment: 'achievements', crumb: null },
  vehicles: { segment: 'vehicles', crumb: 'Fahrzeuge' },
  coupons: { segment: 'coupons', crumb: null },
  inventory: { segment: 'inventory', crumb: 'Inventar' },
  licenses: { segment: 'licenses', crumb: 'Lizenzen' },
  bankAccounts: { segment: 'bank-accounts', crumb: 'Bankkonten' },
  weaponSkills: { segment: 'weapon-skills', crumb: 'Waffenskills' },
  skins: { segment: 'skins', crumb: null },
  skills: { segment: 'skills', crumb: 'Fähigkeiten' },
} as const;

export type PlayerPage = keyof typeof PLAYER_PAGES;

/** Below a vehicle list: `vehicles/{vehicleId}`. */
export const VEHICLE_DETAIL_CRUMB = 'Fahrzeugdetails';

/** A Server Management screen, below the hub, by its catalogue in the registry. */
export type CataloguePath =
  `${typeof ROUTES.serverManager.path}/${(typeof CATALOGUES)[CatalogueKey]['segment']}`;

export function cataloguePath(key: CatalogueKey): CataloguePath {
  return `${ROUTES.serverManager.path}/${CATALOGUES[key].segment}`;
}

/**
 * Where a sign-out lands: the start page, with a flag that the page reads (and removes from the
 * address) to say "Du wurdest abgemeldet".
 */
export const SIGNED_OUT_FLAG = 'abgemeldet';
export const SIGNED_OUT_LANDING = `${ROUTES.home.path}?${SIGNED_OUT_FLAG}=1`;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The addresses the route table serves a page at (decision 092), as the SPA's router matches them:
 * case-insensitive, a trailing slash allowed, a player's pages below the own profile and below any
 * `user/{userId}`, a vehicle by its number. Everything else is the not-found page, which the BFF
 * answers with 404. (`admin` itself has no page.)
 */
const KNOWN_PATH = (() => {
  const fixed = Object.entries(ROUTES)
    .filter(([name]) => name !== 'admin')
    .map(([, route]) => escapeRegExp(route.path));
  const catalogues = (Object.keys(CATALOGUES) as CatalogueKey[]).map((key) =>
    escapeRegExp(cataloguePath(key)),
  );
  const pages = Object.values(PLAYER_PAGES).map((page) => escapeRegExp(page.segment));
  const player = `${escapeRegExp(USER)}(?:/[^/]+)?(?:/(?:${pages.join('|')})|/${escapeRegExp(PLAYER_PAGES.vehicles.segment)}/\\d+)?`;
  return new RegExp(`^(?:${[...fixed, ...catalogues, player].join('|')})/?$`, 'i');
})();

export function isKnownPath(pathname: string): boolean {
  return KNOWN_PATH.test(pathname);
}
