import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { callerFor, principal } from '../../test/caller';
import { startMockGameApi, type MockGameApi } from '../../test/mock-game-api';

const ME = 'me-123';
const OTHER = 'other-456';
const NOW = Date.UTC(2026, 10, 22, 12, 0);

const profile = (id: string) => ({
  id,
  username: 'Jonas_Weber',
  prestige: 3,
  level: 12,
  money: 15_320.7,
  age: 24,
  sex: 0,
  exp: 1530,
  hunger: 80,
  thirst: 64.4,
  faction_skin: 0,
  activeSkin: { skinId: 101 },
  movementStats: {
    dist_walking: 100_000,
    dist_running: 50_000,
    dist_sprinting: 25_000,
    dist_crouching: 0,
    dist_swimming: 10_000,
    dist_underwater: 0,
    dist_driving: 1_234_567,
    dist_air: 0,
  },
});

/** One valid answer per per-player path (for both ids). */
function seed(api: MockGameApi, id: string) {
  api.on('GET', `user/${id}`, {
    body: { id, username: 'jonas', attributes: { customname: ['Jonas_Weber'] } },
  });
  api.on('GET', `user/${id}/profile`, { body: profile(id) });
  api.on('GET', `user/${id}/achievements`, { body: [{ id: 1 }, [{ id: 3 }, [{ id: 99 }]]] });
  api.on('GET', `user/${id}/coupons`, {
    body: [
      { name: 'Willkommensbonus', time: NOW - 1000 },
      { name: 'Premium-Woche', time: NOW + 86_400_000 },
    ],
  });
  api.on('GET', `user/${id}/inventory`, {
    body: [
      { type: 3, value: 2 },
      { type: 99, value: 1 },
      { type: 3, value: 5 },
    ],
  });
  api.on('GET', `user/${id}/licenses`, { body: [{ licenseId: 0 }, { licenseId: 3 }] });
  api.on('GET', `user/${id}/bank-accounts`, {
    body: [
      { bankId: 0, balance: 2500.5, disabled: false },
      { bankId: 5, balance: -10, disabled: true },
    ],
  });
  api.on('GET', `user/${id}/weapon-skills`, {
    body: { WEAPONCATEGORY_0: 75, WEAPONCATEGORY_1: 30, WEAPONCATEGORY_2: 0 },
  });
  api.on('GET', `user/${id}/skins`, { body: [{ skinId: 101 }, { skinId: 7 }] });
  api.on('GET', `user/${id}/skills`, {
    body: [
      { id: 9, name: 'ignored', level: 2 },
      { id: 0, name: 'ignored', level: 5 },
    ],
  });
  api.on('GET', `user/${id}/vehicles`, {
    body: [{ id: 11, typeId: 411, plate: 'LS-4711', fuel: 80, mileage: 1234, health: 950 }],
  });
}

const vehicleType = {
  id: 411,
  trailer: 0,
  level: 5,
  tankvolume: 60,
  tankconsumption: 12,
  canelectric: 0,
  cangas: 1,
  tankclass: 1,
  vehvalue: 250_000,
  vehtype: 0,
  trunkvolume: 20,
  enginestart: 1,
};

describe('player procedures', () => {
  let api: MockGameApi;
  const me = () => callerFor(principal(ME), api.url, { now: () => NOW });

  beforeAll(async () => {
    api = await startMockGameApi();
  });
  afterAll(() => api.close());
  beforeEach(() => {
    api.reset();
    seed(api, ME);
    seed(api, OTHER);
    api.on('GET', 'achievements', {
      body: [
        { id: 1, exp: 50, name: 'Erste Schritte', description: 'Logge dich ein', money: 500 },
        { id: 2, exp: 100, name: 'Millionär', description: 'Besitze 1.000.000 $', money: 0 },
        { id: 3, exp: 10, name: 'Führerschein', description: 'Bestehe die Prüfung', money: 0 },
      ],
    });
    api.on('GET', 'vehicles/types', { body: [vehicleType] });
    api.on('GET', 'vehicles/types/411', { body: vehicleType });
  });

  it('uses the signed-in player when no id is given, and relays the access token', async () => {
    await me().player.profile({});
    expect(api.requests.at(-1)).toEqual({
      method: 'GET',
      path: `user/${ME}/profile`,
      authorization: 'Bearer user-token',
      cookie: undefined,
      body: '',
    });
    await me().player.profile(undefined);
    expect(api.requests.at(-1)?.path).toBe(`user/${ME}/profile`);
  });

  it('uses the given id for a foreign profile', async () => {
    await me().player.coupons({ userId: OTHER });
    expect(api.requests.at(-1)?.path).toBe(`user/${OTHER}/coupons`);
  });

  it('maps the profile: money, gender, percentages, avatar, movement; no admin link without web:admin', async () => {
    expect(await me().player.profile({})).toEqual({
      id: ME,
      username: 'Jonas_Weber',
      prestige: 3,
      level: 12,
      moneyText: '15.321 $',
      age: 24,
      gender: 'Männlich',
      exp: 1530,
      expMax: 2000,
      hunger: 80,
      thirst: 64,
      avatarSkinId: 101,
      movement: { ground: 17.5, water: 1, driving: 123.46, air: 0 },
      adminUrl: null,
    });
  });

  it('gives holders of web:admin the identity provider page of the viewed user', async () => {
    const admin = callerFor(principal(ME, ['web:admin']), api.url);
    expect((await admin.player.profile({ userId: OTHER })).adminUrl).toBe(
      `http://localhost:8080/admin/nova/console/#/nova/users/${OTHER}/settings`,
    );
  });

  it('tells whether the viewed user is the signed-in one', async () => {
    expect(await me().player.user({})).toEqual({
      id: ME,
      username: 'jonas',
      displayName: 'Jonas_Weber',
      own: true,
    });
    expect((await me().player.user({ userId: OTHER })).own).toBe(false);
  });

  it('joins achievements with the catalogue, flattening nested lists', async () => {
    const result = await me().player.achievements({});
    expect(result.achieved).toBe(2);
    expect(result.total).toBe(3);
    expect(result.items.map((a) => [a.id, a.achieved])).toEqual([
      [1, true],
      [2, false],
      [3, true],
    ]);
  });

  it('derives coupon status from the time', async () => {
    expect(await me().player.coupons({})).toEqual([
      { name: 'Willkommensbonus', time: NOW - 1000, available: true, status: 'Verfügbar' },
      { name: 'Premium-Woche', time: NOW + 86_400_000, available: false, status: 'Nicht verfügbar' },
    ]);
  });

  it('sums the inventory by type and names unknown types "Unbekannt"', async () => {
    expect(await me().player.inventory({})).toEqual([
      { type: 3, name: 'Zigaretten', quantity: 7 },
      { type: 99, name: 'Unbekannt', quantity: 1 },
    ]);
  });

  it('lists all four licenses with their status', async () => {
    const licenses = await me().player.licenses({});
    expect(licenses.map((l) => [l.name, l.status])).toEqual([
      ['Führerschein', 'Vorhanden'],
      ['Motorradschein', 'Nicht vorhanden'],
      ['Flugschein', 'Nicht vorhanden'],
      ['Bootsschein', 'Vorhanden'],
    ]);
  });

  it('names banks and account types by id', async () => {
    expect(await me().player.bankAccounts({})).toEqual([
      {
        bankId: 0,
        bank: 'Los Santos Metropolitan Bank',
        accountType: 'Girokonto',
        balanceText: '2.501 $',
        disabled: false,
        status: 'Aktiv',
      },
      {
        bankId: 5,
        bank: 'Bayside Maritime Bank',
        accountType: 'Bankkonto',
        balanceText: '-10 $',
        disabled: true,
        status: 'Gesperrt',
      },
    ]);
  });

  it('marks weapon skills of 75 as expert', async () => {
    const skills = await me().player.weaponSkills({});
    expect(skills.map((s) => [s.name, s.value, s.expert, s.percent])).toEqual([
      ['Pistolen', 75, true, 100],
      ['Vollautomatische Waffen', 30, false, 40],
      ['Jagdwaffen', 0, false, 0],
    ]);
  });

  it('names skills by id from the fixed list, in id order', async () => {
    expect(await me().player.skills({})).toEqual([
      { id: 0, name: 'Waffendealer', level: 5 },
      { id: 9, name: 'Anwalt', level: 2 },
    ]);
  });

  it('lists skins', async () => {
    expect(await me().player.skins({})).toEqual([
      { skinId: 101, name: 'Skin 101' },
      { skinId: 7, name: 'Skin 7' },
    ]);
  });

  it('joins vehicles with their types', async () => {
    expect(await me().player.vehicles({})).toEqual({
      supported: true,
      items: [
        { id: 11, typeId: 411, plate: 'LS-4711', fuel: 80, mileage: 1234, health: 950, type: vehicleType },
      ],
    });
  });

  it('treats a 404 for vehicles as "not supported", and still shows vehicles when types fail', async () => {
    api.on('GET', `user/${ME}/vehicles`, { status: 404 });
    expect(await me().player.vehicles({})).toEqual({ supported: false, items: [] });
    seed(api, ME);
    api.on('GET', 'vehicles/types', { status: 500 });
    expect((await me().player.vehicles({})).items[0]?.type).toBeNull();
  });

  it('shows one vehicle by id, and NOT_FOUND for an unknown one', async () => {
    expect((await me().player.vehicle({ vehicleId: 11 })).type?.id).toBe(411);
    await expect(me().player.vehicle({ vehicleId: 12 })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  const procedures = [
    ['profile', 'profile'],
    ['coupons', 'coupons'],
    ['inventory', 'inventory'],
    ['licenses', 'licenses'],
    ['bankAccounts', 'bank-accounts'],
    ['weaponSkills', 'weapon-skills'],
    ['skins', 'skins'],
    ['skills', 'skills'],
    ['achievements', 'achievements'],
  ] as const;

  describe.each(procedures)('%s on a failing game API', (procedure, segment) => {
    const call = () => me().player[procedure]({ userId: OTHER });

    it.each([
      [401, 'BAD_GATEWAY'],
      [403, 'FORBIDDEN'],
      [404, 'NOT_FOUND'],
      [500, 'BAD_GATEWAY'],
    ])('a %s becomes %s', async (status, code) => {
      api.on('GET', `user/${OTHER}/${segment}`, { status });
      await expect(call()).rejects.toSatisfy((e) => e instanceof TRPCError && e.code === code);
    });

    it('a contract violation becomes BAD_GATEWAY', async () => {
      api.on('GET', `user/${OTHER}/${segment}`, { body: { unexpected: true, list: 'nope' } });
      await expect(call()).rejects.toSatisfy((e) => e instanceof TRPCError && e.code === 'BAD_GATEWAY');
    });
  });

  it('fetches independent game API calls in parallel', async () => {
    // Each of the two calls is answered only once both have arrived: sequential calls would time out.
    let arrived = 0;
    let release: () => void = () => undefined;
    const both = new Promise<void>((resolve) => (release = resolve));
    const gated = (body: unknown) => () => {
      if (++arrived === 2) release();
      return { body, delayMs: 0, until: both };
    };
    api.on('GET', 'achievements', gated([]));
    api.on('GET', `user/${ME}/achievements`, gated([]));
    await expect(me().player.achievements({})).resolves.toMatchObject({ total: 0 });
    expect(arrived).toBe(2);
  });

  it('refuses an id that is not a plain id (no path tricks)', async () => {
    await expect(me().player.profile({ userId: '../achievements' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    await expect(me().player.profile({ userId: 'a/b' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(api.requests).toHaveLength(0);
  });
});
