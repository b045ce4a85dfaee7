import { describe, expect, it } from 'vitest';
import {
  accountType,
  bankName,
  couponStatus,
  dayKeyOf,
  decide,
  missingScope,
  scopesOf,
  displayNameOf,
  eventsByDay,
  flattenNested,
  signInMethodOf,
  formatMoney,
  genderLabel,
  hasRole,
  isExpert,
  isTopValuePending,
  itemName,
  licenseStates,
  minutesToHours,
  monthGrid,
  monthTitle,
  movementTotals,
  pageCount,
  pageSlice,
  pageWindow,
  percentOf,
  PROCEDURE_POLICY,
  procedureAccess,
  ROLES,
  routeAccess,
  itemKind,
  placeholderPaths,
  skinVariant,
  ROUTES,
  cataloguePath,
  shiftMonth,
  skillName,
  sumInventory,
  teamspeakNickname,
  webRolesOf,
  yearMonthOf,
  numberInputText,
  parseGermanNumber,
  parseNumberInput,
  vehicleModelName,
} from './index';

describe('sign-in method', () => {
  it("reads Keycloak's acr and the amr methods; nothing known gives null", () => {
    expect(signInMethodOf({ acr: '1' })).toBe('password');
    expect(signInMethodOf({ acr: '0' })).toBe('singleSignOn');
    expect(signInMethodOf({ acr: '2' })).toBe('secondFactor');
    expect(signInMethodOf({ amr: ['pwd'] })).toBe('password');
    expect(signInMethodOf({ acr: '1', amr: ['pwd', 'otp'] })).toBe('secondFactor');
    expect(signInMethodOf({ acr: 'urn:mace:incommon:iap:silver' })).toBeNull();
    expect(signInMethodOf({})).toBeNull();
  });
});

describe('toplist', () => {
  it('turns playtime minutes into hours rounded to two decimals', () => {
    expect(minutesToHours(0)).toBe(0);
    expect(minutesToHours(60)).toBe(1);
    expect(minutesToHours(90)).toBe(1.5);
    expect(minutesToHours(100)).toBe(1.67);
    expect(minutesToHours(1)).toBe(0.02);
    expect(minutesToHours(12_345)).toBe(205.75);
  });

  it('treats a missing, empty or zero top value as still loading', () => {
    expect(isTopValuePending(undefined)).toBe(true);
    expect(isTopValuePending(null)).toBe(true);
    expect(isTopValuePending('')).toBe(true);
    expect(isTopValuePending(0)).toBe(true);
    expect(isTopValuePending(1)).toBe(false);
    expect(isTopValuePending(-3)).toBe(false);
  });
});

describe('coupons', () => {
  it('is available only once now is past the coupon time', () => {
    expect(couponStatus(1000, 1001)).toBe('Verfügbar');
    expect(couponStatus(1000, 1000)).toBe('Nicht verfügbar');
    expect(couponStatus(1000, 999)).toBe('Nicht verfügbar');
  });
});

describe('inventory', () => {
  it('names every type, ranges included, and unknown types "Unbekannt"', () => {
    expect(itemName(0)).toBe('Drinks');
    expect(itemName(21)).toBe('Dildo');
    expect(itemName(22)).toBe('Dildo');
    expect(itemName(24)).toBe('Vibrator');
    expect(itemName(49)).toBe('Glow Burst (White)');
    expect(itemName(52)).toBe('Glow Burst (Purple)');
    expect(itemName(54)).toBe('Halo Cross (Yellow)');
    expect(itemName(60)).toBe('Sphere Glower (Blue)');
    expect(itemName(61)).toBe('Celestial Globe (White)');
    expect(itemName(67)).toBe('Aluminium');
    expect(itemName(68)).toBe('Unbekannt');
    expect(itemName(-1)).toBe('Unbekannt');
    expect(itemName(1.5)).toBe('Unbekannt');
  });

  it('sums entries of the same type and keeps first-seen order', () => {
    expect(
      sumInventory([
        { type: 3, value: 2 },
        { type: 0, value: 1 },
        { type: 3, value: 5 },
      ]),
    ).toEqual([
      { type: 3, value: 7 },
      { type: 0, value: 1 },
    ]);
    expect(sumInventory([])).toEqual([]);
  });
});

describe('achievements', () => {
  it('flattens nested lists of any depth', () => {
    expect(flattenNested([{ id: 1 }, [{ id: 2 }, [{ id: 3 }]], []])).toEqual([
      { id: 1 },
      { id: 2 },
      { id: 3 },
    ]);
    expect(flattenNested([])).toEqual([]);
  });
});

describe('calendar', () => {
  it('builds six Monday-first weeks around the month', () => {
    const grid = monthGrid({ year: 2026, month: 11 }); // 1 Nov 2026 is a Sunday
    expect(grid).toHaveLength(6);
    expect(grid.every((w) => w.length === 7)).toBe(true);
    expect(grid[0]?.[0]).toEqual({ key: '2026-10-26', day: 26, inMonth: false });
    expect(grid[0]?.[6]).toEqual({ key: '2026-11-01', day: 1, inMonth: true });
    expect(grid[5]?.[6]?.key).toBe('2026-12-06');
  });

  it('starts on the first when the month begins on a Monday', () => {
    const grid = monthGrid({ year: 2026, month: 6 }); // 1 Jun 2026 is a Monday
    expect(grid[0]?.[0]).toEqual({ key: '2026-06-01', day: 1, inMonth: true });
  });

  it('handles February of leap years and year boundaries', () => {
    const feb = monthGrid({ year: 2028, month: 2 })
      .flat()
      .filter((d) => d.inMonth);
    expect(feb).toHaveLength(29);
    expect(shiftMonth({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
    expect(shiftMonth({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
    expect(shiftMonth({ year: 2026, month: 5 }, -17)).toEqual({ year: 2024, month: 12 });
    expect(monthTitle({ year: 2026, month: 3 })).toBe('März 2026');
  });

  it('places events on their day in German time, sorted by time', () => {
    // 2026-11-21T23:30:00Z is already 22 November in Berlin (UTC+1).
    const late = Date.UTC(2026, 10, 21, 23, 30) / 1000;
    const early = Date.UTC(2026, 10, 22, 8, 0) / 1000;
    expect(dayKeyOf(late)).toBe('2026-11-22');
    const byDay = eventsByDay([
      { name: 'B', timestamp: early },
      { name: 'A', timestamp: late },
    ]);
    expect(byDay.get('2026-11-22')?.map((e) => e.name)).toEqual(['A', 'B']);
    expect(yearMonthOf(new Date(Date.UTC(2026, 11, 31, 23, 30)))).toEqual({ year: 2027, month: 1 });
  });
});

describe('teamspeak nickname', () => {
  it('takes the first and last three characters of the id around the username', () => {
    expect(teamspeakNickname('4f2a9c1e-0000-4000-8000-00000000b7d2', 'Max')).toBe('4f2Max7d2');
    expect(teamspeakNickname('ab', 'Max')).toBe('abMaxab');
  });
});

describe('pagination', () => {
  it('counts pages, at least one', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(20)).toBe(1);
    expect(pageCount(21)).toBe(2);
  });

  it('shows at most ten buttons around the current page', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 30)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(pageWindow(15, 30)).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    expect(pageWindow(30, 30)).toEqual([21, 22, 23, 24, 25, 26, 27, 28, 29, 30]);
    expect(pageWindow(99, 12)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(pageWindow(0, 0)).toEqual([1]);
  });

  it('slices a page of twenty', () => {
    const items = Array.from({ length: 45 }, (_, i) => i);
    expect(pageSlice(items, 1)).toHaveLength(20);
    expect(pageSlice(items, 3)).toEqual([40, 41, 42, 43, 44]);
    expect(pageSlice(items, 4)).toEqual([]);
  });
});

describe('movement', () => {
  it('sums ground, water, driving and air in units of 10000', () => {
    expect(
      movementTotals({
        dist_walking: 10_000,
        dist_running: 5_000,
        dist_sprinting: 5_000,
        dist_crouching: 1_234,
        dist_swimming: 2_500,
        dist_underwater: 2_500,
        dist_driving: 123_456,
        dist_air: 0,
      }),
    ).toEqual({ ground: 2.12, water: 0.5, driving: 12.35, air: 0 });
  });
});

describe('labels', () => {
  it('maps skills, licenses, banks, genders and weapon skills', () => {
    expect(skillName(0)).toBe('Waffendealer');
    expect(skillName(8)).toBe('Entfesselungskünstler');
    expect(skillName(9)).toBe('Anwalt');
    expect(skillName(10)).toBe('Unbekannt');
    expect(licenseStates([{ licenseId: 2 }])).toEqual([
      { licenseId: 0, name: 'Führerschein', owned: false },
      { licenseId: 1, name: 'Motorradschein', owned: false },
      { licenseId: 2, name: 'Flugschein', owned: true },
      { licenseId: 3, name: 'Bootsschein', owned: false },
    ]);
    expect(bankName(3)).toBe('Las Venturas Royal Bank');
    expect(bankName(5)).toBe('Bayside Maritime Bank');
    expect(accountType(1)).toBe('Sparkonto');
    expect(accountType(4)).toBe('Bankkonto');
    expect(genderLabel(0)).toBe('Männlich');
    expect(genderLabel(1)).toBe('Weiblich');
    expect(isExpert(74.9)).toBe(false);
    expect(isExpert(75)).toBe(true);
    expect(isExpert(120)).toBe(true);
    expect(percentOf(150, 75)).toBe(100);
    expect(percentOf(-5, 100)).toBe(0);
    expect(percentOf(Number.NaN, 100)).toBe(0);
  });

  it('formats money without decimals followed by " $"', () => {
    expect(formatMoney(0)).toBe('0 $');
    expect(formatMoney(1234567.89)).toBe('1.234.568 $');
    expect(formatMoney(-250)).toBe('-250 $');
  });

  it('takes the first customname as display name, else the username', () => {
    expect(displayNameOf('max', ['Max Mustermann', 'x'])).toBe('Max Mustermann');
    expect(displayNameOf('max', [])).toBe('max');
    expect(displayNameOf('max', ['  '])).toBe('max');
    expect(displayNameOf('max')).toBe('max');
  });
});

describe('roles', () => {
  const claims = {
    realm_access: { roles: ['web:beta', 'offline_access'] },
    resource_access: { nova: { roles: ['web:admin'] }, other: { roles: ['web:admin:sync-manager'] } },
  };

  it('checks the client role first, then the realm role', () => {
    expect(hasRole(claims, 'web:admin', 'nova')).toBe(true);
    expect(hasRole(claims, 'web:beta', 'nova')).toBe(true);
    expect(hasRole(claims, 'web:admin:sync-manager', 'nova')).toBe(false);
    expect(hasRole({}, 'web:beta', 'nova')).toBe(false);
    expect(webRolesOf(claims, 'nova')).toEqual(['web:beta', 'web:admin']);
  });
});

describe('policy', () => {
  it('denies procedures that are not in the table', () => {
    expect(procedureAccess('player.profile')).toBeDefined();
    expect(procedureAccess('toString')).toBeUndefined();
    expect(decide(undefined, { roles: Object.values(ROLES) })).toBe('forbidden');
  });

  it('separates public, signed-in and role-bound access', () => {
    expect(decide(PROCEDURE_POLICY['toplist.get'], null)).toBe('allow');
    expect(decide(PROCEDURE_POLICY['player.profile'], null)).toBe('unauthenticated');
    expect(decide(PROCEDURE_POLICY['player.profile'], { roles: [] })).toBe('allow');
  });

  it('gives machine clients only what an entry grants them by name (decision 053)', () => {
    const all = Object.values(ROLES);
    const scopes = [
      'nova.catalogues.read',
      'nova.catalogues.write',
      'nova.sync.read',
      'nova.sync.write',
      'nova.audit.read',
    ];
    const machine = { roles: all, machine: true, scopes };
    expect(decide(PROCEDURE_POLICY['toplist.get'], machine)).toBe('allow');
    expect(decide(PROCEDURE_POLICY['catalogue.wantedReasons.update'], machine)).toBe('allow');
    expect(decide(PROCEDURE_POLICY['syncManager.objects.create'], machine)).toBe('allow');
    expect(decide(PROCEDURE_POLICY['catalogue.wantedReasons.remove'], machine)).toBe('forbidden');
    expect(decide(PROCEDURE_POLICY['syncManager.groups.remove'], machine)).toBe('forbidden');
    expect(decide(PROCEDURE_POLICY['player.bankAccounts'], machine)).toBe('forbidden');
    expect(decide(PROCEDURE_POLICY['audit.list'], machine)).toBe('allow');
    expect(decide(PROCEDURE_POLICY['audit.undo'], machine)).toBe('forbidden');
    expect(decide(PROCEDURE_POLICY['audit.chain'], machine)).toBe('forbidden');
    expect(decide(PROCEDURE_POLICY['account.sessions'], machine)).toBe('forbidden');
    // Still with the roles: a machine without them is refused.
    expect(
      decide(PROCEDURE_POLICY['catalogue.wantedReasons.update'], { roles: [], machine: true, scopes }),
    ).toBe('forbidden');
    expect(decide(PROCEDURE_POLICY['player.bankAccounts'], { roles: all, machine: false })).toBe('allow');
  });

  it('needs the scope each machine-granted entry names, and names the missing one (decision 081)', () => {
    const all = Object.values(ROLES);
    const needs: [string, string][] = [
      ['catalogue.wantedReasons.list', 'nova.catalogues.read'],
      ['catalogue.vehicleTypes.list', 'nova.catalogues.read'],
      ['catalogue.wantedReasons.create', 'nova.catalogues.write'],
      ['catalogue.serverRadios.update', 'nova.catalogues.write'],
      ['syncManager.objects.list', 'nova.sync.read'],
      ['syncManager.groups.list', 'nova.sync.read'],
      ['syncManager.objects.create', 'nova.sync.write'],
      ['syncManager.groups.update', 'nova.sync.write'],
      ['audit.list', 'nova.audit.read'],
    ];
    for (const [path, scope] of needs) {
      const access = PROCEDURE_POLICY[path as keyof typeof PROCEDURE_POLICY];
      const without = { roles: all, machine: true, scopes: ['profile', 'email'] };
      expect([path, decide(access, without), missingScope(access, without)]).toEqual([
        path,
        'forbidden',
        scope,
      ]);
      const withIt = { roles: all, machine: true, scopes: ['profile', scope] };
      expect([path, decide(access, withIt), missingScope(access, withIt)]).toEqual([path, 'allow', null]);
      // A person's token and a session need no scope: their roles decide.
      expect([path, decide(access, { roles: all })]).toEqual([path, 'allow']);
    }
    // Public procedures need none either.
    expect(decide(PROCEDURE_POLICY['toplist.get'], { roles: [], machine: true, scopes: [] })).toBe('allow');
  });

  it('reads the scope claim as Keycloak writes it', () => {
    expect(scopesOf('profile nova.sync.read  email')).toEqual(['profile', 'nova.sync.read', 'email']);
    expect(scopesOf(undefined)).toEqual([]);
    expect(scopesOf(['nova.sync.read'])).toEqual([]);
  });

  it('gives every route of specification §2.1 the access the spec names (expectations by hand)', () => {
    const signedIn = { kind: 'signed-in', roles: [] };
    const hub = 'web:admin:server-manager';
    const expected: [string, unknown][] = [
      ['/', { kind: 'public' }],
      ['/home', { kind: 'public' }],
      ['/imprint', { kind: 'public' }],
      ['/termsOfUse', { kind: 'public' }],
      ['/calendar', { kind: 'public' }],
      ['/toplist', { kind: 'public' }],
      ['/unauthorized', { kind: 'public' }],
      ['/irgendwas', { kind: 'public' }],
      ['/tickets', signedIn],
      ['/control-panel', signedIn],
      ['/control-panel/user', signedIn],
      ['/control-panel/user/settings', signedIn],
      ['/control-panel/user/bank-accounts', signedIn],
      ['/control-panel/user/sync/discord', signedIn],
      ['/control-panel/user/abc-123/vehicles/7', signedIn],
      ['/control-panel/admin/sync-manager', { kind: 'signed-in', roles: ['web:admin:sync-manager'] }],
      ['/control-panel/admin/server-manager', { kind: 'signed-in', roles: [hub] }],
      [
        '/control-panel/admin/server-manager/achievement-manager',
        { kind: 'signed-in', roles: [hub, `${hub}:achievement`] },
      ],
      [
        '/control-panel/admin/server-manager/vehicle-manager',
        { kind: 'signed-in', roles: [hub, `${hub}:car`] },
      ],
      [
        '/control-panel/admin/server-manager/skin-manager',
        { kind: 'signed-in', roles: [hub, `${hub}:skin`] },
      ],
      [
        '/control-panel/admin/server-manager/radio-manager',
        { kind: 'signed-in', roles: [hub, `${hub}:radio`] },
      ],
      [
        '/control-panel/admin/server-manager/wanted-manager',
        { kind: 'signed-in', roles: [hub, `${hub}:wanted`] },
      ],
      ['/control-panel/admin/audit-log', { kind: 'signed-in', roles: ['web:admin'] }],
    ];
    for (const [path, access] of expected) expect(routeAccess(path), path).toEqual(access);
  });

  it('spells each address once in the route table', () => {
    expect(ROUTES.settings.path).toBe('/control-panel/user/settings');
    expect(ROUTES.syncDiscord.path).toBe('/control-panel/user/sync/discord');
    expect(cataloguePath('vehicleTypes')).toBe('/control-panel/admin/server-manager/vehicle-manager');
    const all = Object.values(ROUTES).map((route) => route.path);
    expect(new Set(all).size).toBe(all.length);
  });

  it('applies the most specific route prefix', () => {
    expect(routeAccess('/home')).toEqual({ kind: 'public' });
    expect(routeAccess('/control-panel/user/inventory')).toEqual({ kind: 'signed-in', roles: [] });
    expect(routeAccess('/control-panel-x')).toEqual({ kind: 'public' });
    expect(routeAccess('/control-panel/admin/server-manager/skin-manager/')).toEqual({
      kind: 'signed-in',
      roles: ['web:admin:server-manager', 'web:admin:server-manager:skin'],
    });
    expect(decide(routeAccess('/control-panel/admin/sync-manager'), { roles: ['web:beta'] })).toBe(
      'forbidden',
    );
    expect(decide(routeAccess('/tickets'), null)).toBe('unauthenticated');
  });
});

describe('placeholder pictures', () => {
  it('gives items their kind, vehicles their class and skins a variant (by hand)', () => {
    expect(itemKind(0)).toBe('drink');
    expect(itemKind(29)).toBe('pistol');
    expect(itemKind(33)).toBe('rifle');
    expect(itemKind(50)).toBe('firework');
    expect(itemKind(9)).toBe('key');
    expect(itemKind(999)).toBe('misc');
    expect(placeholderPaths.item(15)).toBe('placeholders/items/melee.png');
    expect(placeholderPaths.vehicle(3)).toBe('placeholders/vehicles/3.jpg');
    expect(placeholderPaths.vehicle(10)).toBe('placeholders/vehicle.jpg');
    expect(placeholderPaths.vehicle(null)).toBe('placeholders/vehicle.jpg');
    expect(placeholderPaths.skin(25)).toBe('placeholders/skins/1.png');
    expect(placeholderPaths.avatar(0)).toBe('placeholders/avatars/0.png');
    expect(skinVariant(Number.NaN)).toBe(0);
  });
});

describe('German numbers (decision 061)', () => {
  it('reads a decimal comma and thousands dots in their places, never a decimal dot', () => {
    expect(parseGermanNumber('12,5')).toBe(12.5);
    expect(parseGermanNumber(' -1 ')).toBe(-1);
    expect(parseGermanNumber('1.000')).toBe(1000);
    expect(parseGermanNumber('1.250.000,75')).toBe(1_250_000.75);
    expect(parseGermanNumber('12.5')).toBeUndefined();
    expect(parseGermanNumber('1.00')).toBeUndefined();
    expect(parseGermanNumber('1,2,3')).toBeUndefined();
    expect(parseGermanNumber('')).toBeUndefined();
  });

  it('writes a form value as a German reader does: decimal comma, thousands dots', () => {
    expect(numberInputText(12.5)).toBe('12,5');
    expect(numberInputText(38000)).toBe('38.000');
    expect(numberInputText(1500)).toBe('1.500');
    expect(numberInputText(-1)).toBe('-1');
  });

  it('reads what a German user types into a number field', () => {
    expect(parseNumberInput('1.500', false)).toBe(1500);
    expect(parseNumberInput('1.500,50', true)).toBe(1500.5);
    expect(parseNumberInput('1500', false)).toBe(1500);
    expect(parseNumberInput('12.5', true)).toBe(12.5);
    expect(parseNumberInput('12.5', false)).toBeUndefined();
    expect(parseNumberInput('1.2.3', true)).toBeUndefined();
    expect(parseNumberInput('abc', true)).toBeUndefined();
  });
});

describe('vehicle model names', () => {
  it('names the game models 400–611 and nothing else', () => {
    expect(vehicleModelName(400)).toBe('Landstalker');
    expect(vehicleModelName(411)).toBe('Infernus');
    expect(vehicleModelName(611)).toBe('Utility Trailer');
    expect(vehicleModelName(399)).toBeNull();
    expect(vehicleModelName(612)).toBeNull();
  });
});
