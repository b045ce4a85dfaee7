import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { routes } from './router';

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
  it('has a screen for every address of doc 1 §2.1 (written out by hand)', () => {
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
    }
  });

  it('shows the not-found page elsewhere, also where the spec has no screen', () => {
    for (const path of ['/gibt-es-nicht', '/control-panel/nichts', '/control-panel/user/0b6f-77/settings']) {
      expect(match(path).notFound, path).toBe(true);
    }
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
  });
});
