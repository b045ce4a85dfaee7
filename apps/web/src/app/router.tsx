/**
 * The route objects for `useRoutes`, built from @nova/domain's route table (ROUTES, PLAYER_PAGES,
 * the catalogue registry): paths and breadcrumb labels are spelled there, not here. Child paths are
 * absolute (react-router accepts them below a parent whose path they start with). Breadcrumbs come
 * from `matchRoutes` over these objects. Public pages other than the start page and every Control
 * Panel screen load on demand, so the public bundle holds no Control Panel code. Each route carries
 * what else is known about it in its `handle` (decision 051): its chunk (preloading derives from
 * that), and whether the BFF renders it. Access is decided by AccessGate from @nova/domain's policy
 * table.
 */
import type { QueryKey } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { Navigate, matchRoutes, type RouteObject } from 'react-router-dom';
import { documentTitle } from '../components/layout/page-title';
import { NOT_FOUND_TITLE, NotFoundPage, UnauthorizedPage } from '../components/status-pages';
import {
  CATALOGUES,
  ERROR_MESSAGES,
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
const integrations = chunk(() => import('../features/integrations/integrations-page'));
const privacyRequests = chunk(() => import('../features/privacy/privacy-requests-page'));
const webhooks = chunk(() => import('../features/webhooks/webhooks-page'));
const imprint = chunk(() => import('../features/legal/imprint-page'));
const terms = chunk(() => import('../features/legal/terms-page'));
const calendar = chunk(() => import('../features/calendar/calendar-page'));
const toplist = chunk(() => import('../features/toplist/toplist-page'));
const tickets = chunk(() => import('../features/account/tickets-page'));
const settings = chunk(() => import('../features/account/settings-page'));

/** What a route carries beside its path and element (react-router's `handle`). */
export interface RouteHandle {
  /** Breadcrumb label (specification §2.6); also the page's name in the document title unless `title` says. */
  crumb?: string | null;
  /** The page's name in the document title ("… – Nova Legacy", decision 092) where it is not the crumb. */
  title?: string;
  /** A document title that is not "… – Nova Legacy" (the start page). */
  documentTitle?: string;
  /**
   * The queries the screen shows first, keyed as tRPC's hooks key them: asked together with the
   * code on intent (prefetch.ts), so a first visit waits for one round trip, not two (decision 092).
   */
  data?: readonly QueryKey[];
  /** The code of the route's screen: loaded with every matched level's at once (preloadRoute). */
  chunk?: Chunk<unknown>;
  /** Code the screen loads only when the SPA renders it itself (a legal text, components/server-markup). */
  clientChunk?: () => Promise<unknown>;
  /**
   * Rendered by the BFF (decision 036): the source module of `chunk` (for the page's modulepreload
   * links, from the Vite manifest) and the public query the page shows.
   */
  serverRender?: { module: string | null; data: 'toplist' | 'calendar' | null };
}

/** A route whose screen is a component of a code-split module; its handle names the chunk. */
function screen<M>(loader: Chunk<M>, pick: (module: M) => ComponentType, handle: RouteHandle = {}) {
  return { element: load(loader, pick), handle: { ...handle, chunk: loader as Chunk<unknown> } };
}

const handleOf = (route: RouteObject) => (route.handle ?? {}) as RouteHandle;

/**
 * Starts loading the code of every route an address matches, all at once: without this the layout's
 * chunk and the page's chunk would load one after the other. `navigation`: for a navigation inside
 * the SPA, which renders the page's server-rendered parts itself (`clientChunk`).
 */
export function preloadRoute(pathname: string, navigation = false): void {
  const ignore = () => undefined; // a failed preload is retried by the navigation itself
  for (const { route } of matchRoutes(routes, pathname) ?? []) {
    const { chunk: code, clientChunk } = handleOf(route);
    if (code) void code().catch(ignore);
    if (navigation && clientChunk) void clientChunk().catch(ignore);
  }
}

/**
 * The document title of an address (decision 092): the deepest matched route that names its page —
 * a complete `documentTitle`, else its `title` or breadcrumb label followed by the site's name.
 */
export function routeTitleOf(pathname: string): string {
  for (const { route } of (matchRoutes(routes, pathname) ?? []).reverse()) {
    const { documentTitle: complete, title, crumb } = handleOf(route);
    if (complete) return complete;
    if (title ?? crumb) return documentTitle(title ?? crumb);
  }
  return documentTitle(null);
}

/** The queries the screens of an address show first (their routes' `data`). */
export function routeData(pathname: string): QueryKey[] {
  return (matchRoutes(routes, pathname) ?? []).flatMap(({ route }) => handleOf(route).data ?? []);
}

/** A procedure's query without input, keyed as tRPC's React hooks key it. */
const query = (...path: string[]): QueryKey => [path, { type: 'query' }];

/** The pages the BFF renders (decision 036), from the routes that say so. */
export function serverRenderedPages(): Record<string, NonNullable<RouteHandle['serverRender']>> {
  const pages: Record<string, NonNullable<RouteHandle['serverRender']>> = {};
  const walk = (list: RouteObject[]) => {
    for (const route of list) {
      const page = handleOf(route).serverRender;
      if (page && route.path) pages[route.path] = page;
      if (route.children) walk(route.children);
    }
  };
  walk(routes);
  return pages;
}

/** The player screens, identical under the own profile and under `user/{userId}`. */
function playerChildren(): RouteObject[] {
  return [
    { index: true, ...screen(player, (m) => m.ProfilePage) },
    {
      path: PLAYER_PAGES.achievements.segment,
      ...screen(player, (m) => m.AchievementsPage, { title: 'Achievements' }),
    },
    {
      path: PLAYER_PAGES.vehicles.segment,
      handle: { crumb: PLAYER_PAGES.vehicles.crumb },
      children: [
        { index: true, ...screen(player, (m) => m.VehiclesPage) },
        { path: ':vehicleId', ...screen(player, (m) => m.VehiclePage, { crumb: VEHICLE_DETAIL_CRUMB }) },
      ],
    },
    { path: PLAYER_PAGES.coupons.segment, ...screen(player, (m) => m.CouponsPage, { title: 'Coupons' }) },
    {
      path: PLAYER_PAGES.inventory.segment,
      ...screen(player, (m) => m.InventoryPage, { crumb: PLAYER_PAGES.inventory.crumb }),
    },
    {
      path: PLAYER_PAGES.licenses.segment,
      ...screen(player, (m) => m.LicensesPage, { crumb: PLAYER_PAGES.licenses.crumb }),
    },
    {
      path: PLAYER_PAGES.bankAccounts.segment,
      ...screen(player, (m) => m.BankAccountsPage, { crumb: PLAYER_PAGES.bankAccounts.crumb }),
    },
    {
      path: PLAYER_PAGES.weaponSkills.segment,
      ...screen(player, (m) => m.WeaponSkillsPage, { crumb: PLAYER_PAGES.weaponSkills.crumb }),
    },
    { path: PLAYER_PAGES.skins.segment, ...screen(player, (m) => m.SkinsPage, { title: 'Skins' }) },
    {
      path: PLAYER_PAGES.skills.segment,
      ...screen(player, (m) => m.SkillsPage, { crumb: PLAYER_PAGES.skills.crumb }),
    },
  ];
}

export const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    children: [
      { index: true, element: <Navigate to={paths.home} replace /> },
      {
        path: paths.home,
        element: <HomePage />,
        handle: {
          documentTitle: 'Nova Legacy – Reallife-Server für San Andreas',
          serverRender: { module: null, data: null },
        },
      },
      {
        path: paths.imprint,
        ...screen(imprint, (m) => m.ImprintPage, {
          title: 'Impressum',
          clientChunk: () => imprint().then((m) => m.imprintText()),
          serverRender: { module: 'src/features/legal/imprint-page.tsx', data: null },
        }),
      },
      {
        path: paths.termsOfUse,
        ...screen(terms, (m) => m.TermsPage, {
          title: 'Nutzungsbedingungen und Datenschutz',
          clientChunk: () => terms().then((m) => m.termsText()),
          serverRender: { module: 'src/features/legal/terms-page.tsx', data: null },
        }),
      },
      {
        path: paths.calendar,
        ...screen(calendar, (m) => m.CalendarPage, {
          title: 'Fight-Kalender',
          serverRender: { module: 'src/features/calendar/calendar-page.tsx', data: 'calendar' },
        }),
      },
      {
        path: paths.toplist,
        ...screen(toplist, (m) => m.ToplistPage, {
          title: 'Server Toplist',
          serverRender: { module: 'src/features/toplist/toplist-page.tsx', data: 'toplist' },
        }),
      },
      { path: paths.tickets, ...screen(tickets, (m) => m.TicketsPage, { title: 'Tickets' }) },
      {
        path: paths.unauthorized,
        element: <UnauthorizedPage />,
        handle: { title: ERROR_MESSAGES.FORBIDDEN },
      },
      { path: '*', element: <NotFoundPage />, handle: { title: NOT_FOUND_TITLE } },
    ],
  },
  {
    path: paths.controlPanel,
    ...screen(controlPanel, (m) => m.ControlPanelLayout),
    children: [
      { index: true, element: <Navigate to={paths.user} replace /> },
      {
        path: paths.user,
        handle: { crumb: ROUTES.user.crumb },
        children: [
          ...playerChildren(),
          {
            path: paths.settings,
            ...screen(settings, (m) => m.SettingsPage, { crumb: ROUTES.settings.crumb }),
          },
          {
            path: paths.sync,
            handle: { crumb: ROUTES.sync.crumb },
            children: [
              { index: true, ...screen(admin, (m) => m.SyncOverviewPage) },
              {
                path: paths.syncTeamspeak,
                ...screen(admin, (m) => m.TeamspeakSyncPage, { crumb: ROUTES.syncTeamspeak.crumb }),
              },
              {
                path: paths.syncDiscord,
                ...screen(admin, (m) => m.DiscordSyncPage, { crumb: ROUTES.syncDiscord.crumb }),
              },
            ],
          },
        ],
      },
      { path: `${paths.user}/:userId`, handle: { crumb: ROUTES.user.crumb }, children: playerChildren() },
      {
        path: paths.admin,
        children: [
          { index: true, element: <NotFoundPage />, handle: { title: NOT_FOUND_TITLE } },
          {
            path: paths.syncManager,
            ...screen(syncManager, (m) => m.SyncManagerPage, {
              title: 'Sync Management',
              data: [query('syncManager', 'groups', 'list'), query('syncManager', 'objects', 'list')],
            }),
          },
          {
            path: paths.auditLog,
            ...screen(auditLog, (m) => m.AuditLogPage, {
              crumb: ROUTES.auditLog.crumb,
              // The first page without a filter, as the sidebar's link opens it, and the chain's status.
              data: [
                [['audit', 'list'], { input: { page: 1, pageSize: 25 }, type: 'query' }],
                query('audit', 'chain'),
              ],
            }),
          },
          {
            path: paths.integrations,
            ...screen(integrations, (m) => m.IntegrationsPage, {
              crumb: ROUTES.integrations.crumb,
              // Its one list comes with the code (decision 105), like the other admin screens' data.
              data: [query('integrations', 'list')],
            }),
          },
          {
            path: paths.privacyRequests,
            ...screen(privacyRequests, (m) => m.PrivacyRequestsPage, { crumb: ROUTES.privacyRequests.crumb }),
          },
          {
            path: paths.webhooks,
            ...screen(webhooks, (m) => m.WebhooksPage, { crumb: ROUTES.webhooks.crumb }),
          },
          {
            path: paths.serverManager,
            children: [
              {
                index: true,
                ...screen(serverManager, (m) => m.ServerManagerHubPage, { title: 'Server Management' }),
              },
              ...CATALOGUE_KEYS.map((key) => ({
                path: cataloguePath(key),
                ...screen(serverManager, (m) => m.cataloguePage(key), {
                  crumb: CATALOGUES[key].card.title,
                  title: CATALOGUES[key].title,
                  data: [query('catalogue', key, 'list')],
                }),
              })),
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage />, handle: { title: NOT_FOUND_TITLE } },
    ],
  },
];
