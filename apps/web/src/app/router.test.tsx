import { matchRoutes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { isKnownPath } from '@nova/domain';
import type { Me } from '@nova/contracts';
import { QueryClient } from '@tanstack/react-query';
import { publicQueries } from '../lib/query-client';
import { prefetchRouteData } from './prefetch';
import {
  preloadRoute,
  routeData,
  routeTitleOf,
  routes,
  serverRenderedPages,
  type RouteHandle,
} from './router';

/** The matched route objects' paths and breadcrumb labels for an address. */
function match(pathname: string) {
  const matches = matchRoutes(routes, pathname) ?? [];
  return {
    notFound: matches.some(({ route }) => route.path === '*'),
    crumbs: matches.flatMap(({ route }) => {
      const crumb = (route.handle as { crumb?: string | null } | undefined)?.crumb;
      return crumb ? [crumb] : [];
    }),
  };
}

describe('router', () => {
  it('has a screen for every address of specification §2.1 (written out by hand)', () => {
    for (const path of [
      '/',
      '/home',
      '/imprint',
      '/termsOfUse',
      '/calendar',
      '/toplist',
      '/tickets',
      '/unauthorized',
      '/control-panel',
      '/control-panel/user',
      '/control-panel/user/settings',
      '/control-panel/user/achievements',
      '/control-panel/user/vehicles',
      '/control-panel/user/vehicles/12',
      '/control-panel/user/coupons',
      '/control-panel/user/inventory',
      '/control-panel/user/licenses',
      '/control-panel/user/bank-accounts',
      '/control-panel/user/weapon-skills',
      '/control-panel/user/skins',
      '/control-panel/user/skills',
      '/control-panel/user/sync',
      '/control-panel/user/sync/teamspeak',
      '/control-panel/user/sync/discord',
      '/control-panel/user/0b6f-77/skills',
      '/control-panel/admin/sync-manager',
      '/control-panel/admin/server-manager',
      '/control-panel/admin/server-manager/achievement-manager',
      '/control-panel/admin/server-manager/vehicle-manager',
      '/control-panel/admin/server-manager/skin-manager',
      '/control-panel/admin/server-manager/radio-manager',
      '/control-panel/admin/server-manager/wanted-manager',
      '/control-panel/admin/audit-log',
    ]) {
      expect(match(path).notFound, path).toBe(false);
      // The BFF answers it with 200 (decision 092).
      expect(isKnownPath(path), path).toBe(true);
    }
  });

  it('shows the not-found page elsewhere, also where the spec has no screen', () => {
    for (const path of ['/gibt-es-nicht', '/control-panel/nichts', '/control-panel/user/0b6f-77/settings']) {
      expect(match(path).notFound, path).toBe(true);
      // The BFF answers it with 404 (decision 092).
      expect(isKnownPath(path), path).toBe(false);
    }
    // No page at the admin section itself; a vehicle is named by its number.
    expect(isKnownPath('/control-panel/admin')).toBe(false);
    expect(isKnownPath('/control-panel/user/vehicles/abc')).toBe(false);
  });

  it('gives every page its own title from the route table (decision 092)', () => {
    const titles = Object.fromEntries(
      [
        '/home',
        '/imprint',
        '/calendar',
        '/toplist',
        '/gibt-es-nicht',
        '/control-panel/user',
        '/control-panel/user/settings',
        '/control-panel/user/achievements',
        '/control-panel/user/vehicles/12',
        '/control-panel/user/0b6f-77/skins',
        '/control-panel/user/sync/discord',
        '/control-panel/admin',
        '/control-panel/admin/sync-manager',
        '/control-panel/admin/server-manager',
        '/control-panel/admin/server-manager/radio-manager',
        '/control-panel/admin/audit-log',
      ].map((path) => [path, routeTitleOf(path)]),
    );
    expect(titles).toEqual({
      '/home': 'Nova Legacy – Reallife-Server für San Andreas',
      '/imprint': 'Impressum – Nova Legacy',
      '/calendar': 'Fight-Kalender – Nova Legacy',
      '/toplist': 'Server Toplist – Nova Legacy',
      '/gibt-es-nicht': 'Seite nicht gefunden – Nova Legacy',
      '/control-panel/user': 'Profil – Nova Legacy',
      '/control-panel/user/settings': 'Accounteinstellungen – Nova Legacy',
      '/control-panel/user/achievements': 'Achievements – Nova Legacy',
      '/control-panel/user/vehicles/12': 'Fahrzeugdetails – Nova Legacy',
      '/control-panel/user/0b6f-77/skins': 'Skins – Nova Legacy',
      '/control-panel/user/sync/discord': 'Discord – Nova Legacy',
      '/control-panel/admin': 'Seite nicht gefunden – Nova Legacy',
      '/control-panel/admin/sync-manager': 'Sync Management – Nova Legacy',
      '/control-panel/admin/server-manager': 'Server Management – Nova Legacy',
      '/control-panel/admin/server-manager/radio-manager': 'Radiosender verwalten – Nova Legacy',
      '/control-panel/admin/audit-log': 'Audit-Log – Nova Legacy',
    });
  });

  it('labels the breadcrumbs as the spec does', () => {
    expect(match('/control-panel/user/settings').crumbs).toEqual(['Profil', 'Accounteinstellungen']);
    expect(match('/control-panel/user/vehicles/12').crumbs).toEqual([
      'Profil',
      'Fahrzeuge',
      'Fahrzeugdetails',
    ]);
    // The wizards have a crumb of their own, so "Synchronisation" leads back to the overview.
    expect(match('/control-panel/user/sync').crumbs).toEqual(['Profil', 'Synchronisation']);
    expect(match('/control-panel/user/sync/teamspeak').crumbs).toEqual([
      'Profil',
      'Synchronisation',
      'Teamspeak',
    ]);
    expect(match('/control-panel/user/sync/discord').crumbs).toEqual([
      'Profil',
      'Synchronisation',
      'Discord',
    ]);
    expect(match('/control-panel/user/0b6f-77/bank-accounts').crumbs).toEqual(['Profil', 'Bankkonten']);
    expect(match('/control-panel/admin/audit-log').crumbs).toEqual(['Audit-Log']);
    expect(match('/control-panel/admin/integrations').crumbs).toEqual(['Integrationen']);
    expect(match('/control-panel/admin/webhooks').crumbs).toEqual(['Webhooks']);
  });
});

/** The chunks of the routes an address matches, innermost last. */
function chunksOf(pathname: string) {
  return (matchRoutes(routes, pathname) ?? []).flatMap(({ route }) => {
    const chunk = (route.handle as RouteHandle | undefined)?.chunk;
    return chunk ? [chunk] : [];
  });
}

describe('what the routes carry (decision 051)', () => {
  it('names the pages the BFF renders, with their chunk and data (written out by hand)', () => {
    expect(serverRenderedPages()).toEqual({
      '/home': { module: null, data: null },
      '/imprint': { module: 'src/features/legal/imprint-page.tsx', data: null },
      '/termsOfUse': { module: 'src/features/legal/terms-page.tsx', data: null },
      '/calendar': { module: 'src/features/calendar/calendar-page.tsx', data: 'calendar' },
      '/toplist': { module: 'src/features/toplist/toplist-page.tsx', data: 'toplist' },
    });
  });

  it("names each server-rendered page's module as its chunk loads it", async () => {
    for (const [path, { module }] of Object.entries(serverRenderedPages())) {
      const chunk = chunksOf(path).at(-1);
      if (module === null) {
        expect(chunk, path).toBeUndefined();
        continue;
      }
      const named: unknown = await import(/* @vite-ignore */ `/${module}`);
      expect(await chunk?.(), path).toBe(named);
    }
  });

  it('preloads the chunks of every route an address matches at once, and no others', async () => {
    const [layout, auditLog] = chunksOf('/control-panel/admin/audit-log');
    const [profile] = chunksOf('/control-panel/user').slice(1);
    expect(layout?.loaded).toBeUndefined();
    preloadRoute('/control-panel/admin/audit-log');
    await vi.waitFor(() => expect(layout?.loaded && auditLog?.loaded).toBeTruthy(), { timeout: 15_000 });
    expect(profile?.loaded).toBeUndefined();
    const [tickets] = chunksOf('/tickets');
    expect(tickets?.loaded).toBeUndefined();
    preloadRoute('/tickets');
    await vi.waitFor(() => expect(tickets?.loaded).toBeTruthy(), { timeout: 15_000 });
  });
});

describe('data with the route (decision 092)', () => {
  it('names the queries each admin screen shows first, keyed as tRPC keys them', () => {
    expect(routeData('/control-panel/admin/sync-manager')).toEqual([
      [['syncManager', 'groups', 'list'], { type: 'query' }],
      [['syncManager', 'objects', 'list'], { type: 'query' }],
    ]);
    expect(routeData('/control-panel/admin/server-manager/radio-manager')).toEqual([
      [['catalogue', 'serverRadios', 'list'], { type: 'query' }],
    ]);
    expect(routeData('/control-panel/admin/audit-log')).toEqual([
      [['audit', 'list'], { input: { page: 1, pageSize: 25 }, type: 'query' }],
      [['audit', 'chain'], { type: 'query' }],
    ]);
    expect(routeData('/home')).toEqual([]);
  });

  it('asks them on intent only for those who may open the screen', async () => {
    const asked: unknown[] = [];
    const clientFor = (roles: string[]) => {
      const client = new QueryClient({
        defaultOptions: {
          queries: {
            queryFn: ({ queryKey }) => {
              asked.push(queryKey);
              return [];
            },
          },
        },
      });
      const me: Me = { signedIn: true, id: 'u-1', username: 'admin', displayName: 'Admin_Nova', roles };
      client.setQueryData(publicQueries.me.queryKey, me);
      return client;
    };
    prefetchRouteData(clientFor(['web:beta']), '/control-panel/admin/sync-manager');
    expect(asked).toEqual([]);
    const admin = clientFor(['web:admin:sync-manager']);
    prefetchRouteData(admin, '/control-panel/admin/sync-manager');
    await vi.waitFor(() => expect(asked).toHaveLength(2));
    // Fresh data is not asked again.
    prefetchRouteData(admin, '/control-panel/admin/sync-manager');
    await Promise.resolve();
    expect(asked).toHaveLength(2);
  });
});
