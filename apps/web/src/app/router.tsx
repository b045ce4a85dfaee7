/**
 * The route table of doc 1 §2.1 (paths, redirects, breadcrumb labels). Public pages other than the
 * start page and every Control Panel screen load on demand, so the public bundle holds no Control
 * Panel code. Access is decided by AccessGate from @nova/domain's policy table.
 */
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { NotFoundPage, UnauthorizedPage } from '../components/status-pages';
import { MANAGER_PAGES, PLAYER_PAGES, VEHICLE_DETAIL_CRUMB, paths } from '../config/paths';
import { HomePage } from '../features/home/home-page';
import { PublicLayout, RootError, RootFallback, RootLayout } from './root-layout';

const player = () => import('./routes/player');
const admin = () => import('./routes/admin');

/** The player screens, identical under the own profile and under `user/{userId}`. */
function playerChildren(): RouteObject[] {
  return [
    { index: true, lazy: async () => ({ Component: (await player()).ProfilePage }) },
    {
      path: PLAYER_PAGES.achievements.segment,
      lazy: async () => ({ Component: (await player()).AchievementsPage }),
    },
    {
      path: PLAYER_PAGES.vehicles.segment,
      handle: { crumb: PLAYER_PAGES.vehicles.crumb },
      children: [
        { index: true, lazy: async () => ({ Component: (await player()).VehiclesPage }) },
        {
          path: ':vehicleId',
          handle: { crumb: VEHICLE_DETAIL_CRUMB },
          lazy: async () => ({ Component: (await player()).VehiclePage }),
        },
      ],
    },
    { path: PLAYER_PAGES.coupons.segment, lazy: async () => ({ Component: (await player()).CouponsPage }) },
    {
      path: PLAYER_PAGES.inventory.segment,
      handle: { crumb: PLAYER_PAGES.inventory.crumb },
      lazy: async () => ({ Component: (await player()).InventoryPage }),
    },
    {
      path: PLAYER_PAGES.licenses.segment,
      handle: { crumb: PLAYER_PAGES.licenses.crumb },
      lazy: async () => ({ Component: (await player()).LicensesPage }),
    },
    {
      path: PLAYER_PAGES.bankAccounts.segment,
      handle: { crumb: PLAYER_PAGES.bankAccounts.crumb },
      lazy: async () => ({ Component: (await player()).BankAccountsPage }),
    },
    {
      path: PLAYER_PAGES.weaponSkills.segment,
      handle: { crumb: PLAYER_PAGES.weaponSkills.crumb },
      lazy: async () => ({ Component: (await player()).WeaponSkillsPage }),
    },
    { path: PLAYER_PAGES.skins.segment, lazy: async () => ({ Component: (await player()).SkinsPage }) },
    {
      path: PLAYER_PAGES.skills.segment,
      handle: { crumb: PLAYER_PAGES.skills.crumb },
      lazy: async () => ({ Component: (await player()).SkillsPage }),
    },
  ];
}

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    HydrateFallback: RootFallback,
    ErrorBoundary: RootError,
    children: [
      {
        Component: PublicLayout,
        children: [
          { index: true, element: <Navigate to={paths.home} replace /> },
          { path: 'home', Component: HomePage },
          {
            path: 'imprint',
            lazy: async () => ({ Component: (await import('../features/legal/imprint-page')).ImprintPage }),
          },
          {
            path: 'termsOfUse',
            lazy: async () => ({ Component: (await import('../features/legal/terms-page')).TermsPage }),
          },
          {
            path: 'calendar',
            lazy: async () => ({
              Component: (await import('../features/calendar/calendar-page')).CalendarPage,
            }),
          },
          {
            path: 'toplist',
            lazy: async () => ({ Component: (await import('../features/toplist/toplist-page')).ToplistPage }),
          },
          {
            path: 'tickets',
            lazy: async () => ({ Component: (await import('../features/account/tickets-page')).TicketsPage }),
          },
          { path: 'unauthorized', Component: UnauthorizedPage },
          { path: '*', Component: NotFoundPage },
        ],
      },
      {
        path: 'control-panel',
        lazy: async () => ({ Component: (await import('./control-panel-layout')).ControlPanelLayout }),
        children: [
          { index: true, element: <Navigate to={paths.user} replace /> },
          {
            path: 'user',
            handle: { crumb: 'Profil' },
            children: [
              ...playerChildren(),
              {
                path: 'settings',
                handle: { crumb: 'Accounteinstellungen' },
                lazy: async () => ({
                  Component: (await import('../features/account/settings-page')).SettingsPage,
                }),
              },
              {
                path: 'sync',
                handle: { crumb: 'Synchronisation' },
                children: [
                  { index: true, lazy: async () => ({ Component: (await admin()).SyncOverviewPage }) },
                  { path: 'teamspeak', lazy: async () => ({ Component: (await admin()).TeamspeakSyncPage }) },
                  { path: 'discord', lazy: async () => ({ Component: (await admin()).DiscordSyncPage }) },
                ],
              },
            ],
          },
          {
            path: 'user/:userId',
            handle: { crumb: 'Profil' },
            children: playerChildren(),
          },
          {
            path: 'admin',
            children: [
              { path: 'sync-manager', lazy: async () => ({ Component: (await admin()).SyncManagerPage }) },
              {
                path: 'server-manager',
                children: [
                  { index: true, lazy: async () => ({ Component: (await admin()).ServerManagerPage }) },
                  ...Object.values(MANAGER_PAGES).map((page) => ({
                    path: page.segment,
                    lazy: async () => ({ Component: (await admin()).managerPage(page.segment) }),
                  })),
                ],
              },
            ],
          },
          { path: '*', Component: NotFoundPage },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
