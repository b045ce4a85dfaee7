/**
 * The route objects for `useRoutes`, built from @nova/domain's route table (ROUTES, PLAYER_PAGES,
 * the catalogue registry): paths and breadcrumb labels are spelled there, not here. Child paths are
 * absolute (react-router accepts them below a parent whose path they start with). Breadcrumbs come
 * from `matchRoutes` over these objects. Public pages other than the
 * start page and every Control Panel screen load on demand (React.lazy), so the public bundle holds
 * no Control Panel code. Access is decided by AccessGate from @nova/domain's policy table.
 */
import { Navigate, type RouteObject } from 'react-router-dom';
import { NotFoundPage, UnauthorizedPage } from '../components/status-pages';
import {
  CATALOGUES,
  CATALOGUE_KEYS,
  PLAYER_PAGES,
  ROUTES,
  VEHICLE_DETAIL_CRUMB,
  cataloguePath,
} from '@nova/domain';
import { paths } from '../config/paths';
import { HomePage } from '../features/home/home-page';
import { chunk, load, type Chunk } from '../lib/chunks';
import { PublicLayout } from './root-layout';

const controlPanel = chunk(() => import('./control-panel-layout'));
const player = chunk(() => import('./routes/player'));
const admin = chunk(() => import('./routes/admin'));
const serverManager = chunk(() => import('../features/server-manager/routes'));
const syncManager = chunk(() => import('../features/sync-manager/sync-manager-page'));
const auditLog = chunk(() => import('../features/audit/audit-log-page'));
const imprint = chunk(() => import('../features/legal/imprint-page'));
const terms = chunk(() => import('../features/legal/terms-page'));
const calendar = chunk(() => import('../features/calendar/calendar-page'));
const toplist = chunk(() => import('../features/toplist/toplist-page'));
const tickets = chunk(() => import('../features/account/tickets-page'));
const settings = chunk(() => import('../features/account/settings-page'));

/** The public pages' own chunks by address (the start page is in the entry). */
const PUBLIC_CHUNKS: Record<string, Chunk<unknown>> = {
  [paths.imprint]: imprint,
  [paths.termsOfUse]: terms,
  [paths.calendar]: calendar,
  [paths.toplist]: toplist,
  [paths.tickets]: tickets,
};

/**
 * The legal texts' own chunks: loaded for a navigation inside the SPA, not for a page the BFF
 * rendered, which keeps the text's markup (components/server-markup.tsx).
 */
const TEXT_CHUNKS: Record<string, () => Promise<unknown>> = {
  [paths.imprint]: () => imprint().then((m) => m.imprintText()),
  [paths.termsOfUse]: () => terms().then((m) => m.termsText()),
};

/**
 * Starts loading the chunks an address needs, all at once: without this the layout's chunk and the
 * page's chunk would load one after the other. `navigation`: for a navigation inside the SPA (the
 * page's server-rendered parts are not there then).
 */
export function preloadChunksFor(pathname: string, navigation = false): void {
  const ignore = () => undefined; // a failed preload is retried by the navigation itself
  const page = PUBLIC_CHUNKS[pathname];
  if (page) void page().catch(ignore);
  const text = navigation ? TEXT_CHUNKS[pathname] : undefined;
  if (text) void text().catch(ignore);
  if (!pathname.startsWith(paths.controlPanel)) return;
  void controlPanel().catch(ignore);
  if (pathname.startsWith(paths.serverManager)) void serverManager().catch(ignore);
  else if (pathname.startsWith(paths.syncManager)) void syncManager().catch(ignore);
  else if (pathname.startsWith(paths.auditLog)) void auditLog().catch(ignore);
  else if (pathname.startsWith(paths.settings)) void settings().catch(ignore);
  else void (pathname.startsWith(paths.sync) ? admin() : player()).catch(ignore);
}

/** The player screens, identical under the own profile and under `user/{userId}`. */
function playerChildren(): RouteObject[] {
  return [
    { index: true, element: load(player, (m) => m.ProfilePage) },
    { path: PLAYER_PAGES.achievements.segment, element: load(player, (m) => m.AchievementsPage) },
    {
      path: PLAYER_PAGES.vehicles.segment,
      handle: { crumb: PLAYER_PAGES.vehicles.crumb },
      children: [
        { index: true, element: load(player, (m) => m.VehiclesPage) },
        {
          path: ':vehicleId',
          handle: { crumb: VEHICLE_DETAIL_CRUMB },
          element: load(player, (m) => m.VehiclePage),
        },
      ],
    },
    { path: PLAYER_PAGES.coupons.segment, element: load(player, (m) => m.CouponsPage) },
    {
      path: PLAYER_PAGES.inventory.segment,
      handle: { crumb: PLAYER_PAGES.inventory.crumb },
      element: load(player, (m) => m.InventoryPage),
    },
    {
      path: PLAYER_PAGES.licenses.segment,
      handle: { crumb: PLAYER_PAGES.licenses.crumb },
      element: load(player, (m) => m.LicensesPage),
    },
    {
      path: PLAYER_PAGES.bankAccounts.segment,
      handle: { crumb: PLAYER_PAGES.bankAccounts.crumb },
      element: load(player, (m) => m.BankAccountsPage),
    },
    {
      path: PLAYER_PAGES.weaponSkills.segment,
      handle: { crumb: PLAYER_PAGES.weaponSkills.crumb },
      element: load(player, (m) => m.WeaponSkillsPage),
    },
    { path: PLAYER_PAGES.skins.segment, element: load(player, (m) => m.SkinsPage) },
    {
      path: PLAYER_PAGES.skills.segment,
      handle: { crumb: PLAYER_PAGES.skills.crumb },
      element: load(player, (m) => m.SkillsPage),
    },
  ];
}

export const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    children: [
      { index: true, element: <Navigate to={paths.home} replace /> },
      { path: paths.home, element: <HomePage /> },
      {
        path: paths.imprint,
        element: load(imprint, (m) => m.ImprintPage),
      },
      {
        path: paths.termsOfUse,
        element: load(terms, (m) => m.TermsPage),
      },
      {
        path: paths.calendar,
        element: load(calendar, (m) => m.CalendarPage),
      },
      {
        path: paths.toplist,
        element: load(toplist, (m) => m.ToplistPage),
      },
      {
        path: paths.tickets,
        element: load(tickets, (m) => m.TicketsPage),
      },
      { path: paths.unauthorized, element: <UnauthorizedPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  {
    path: paths.controlPanel,
    element: load(controlPanel, (m) => m.ControlPanelLayout),
    children: [
      { index: true, element: <Navigate to={paths.user} replace /> },
      {
        path: paths.user,
        handle: { crumb: ROUTES.user.crumb },
        children: [
          ...playerChildren(),
          {
            path: paths.settings,
            handle: { crumb: ROUTES.settings.crumb },
            element: load(settings, (m) => m.SettingsPage),
          },
          {
            path: paths.sync,
            handle: { crumb: ROUTES.sync.crumb },
            children: [
              { index: true, element: load(admin, (m) => m.SyncOverviewPage) },
              {
                path: paths.syncTeamspeak,
                handle: { crumb: ROUTES.syncTeamspeak.crumb },
                element: load(admin, (m) => m.TeamspeakSyncPage),
              },
              {
                path: paths.syncDiscord,
                handle: { crumb: ROUTES.syncDiscord.crumb },
                element: load(admin, (m) => m.DiscordSyncPage),
              },
            ],
          },
        ],
      },
      { path: `${paths.user}/:userId`, handle: { crumb: ROUTES.user.crumb }, children: playerChildren() },
      {
        path: paths.admin,
        children: [
          { index: true, element: <NotFoundPage /> },
          { path: paths.syncManager, element: load(syncManager, (m) => m.SyncManagerPage) },
          {
            path: paths.auditLog,
            handle: { crumb: ROUTES.auditLog.crumb },
            element: load(auditLog, (m) => m.AuditLogPage),
          },
          {
            path: paths.serverManager,
            children: [
              { index: true, element: load(serverManager, (m) => m.ServerManagerHubPage) },
              ...CATALOGUE_KEYS.map((key) => ({
                path: cataloguePath(key),
                handle: { crumb: CATALOGUES[key].card.title },
                element: load(serverManager, (m) => m.cataloguePage(key)),
              })),
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
