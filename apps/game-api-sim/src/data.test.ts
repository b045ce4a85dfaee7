/** The demo-data facts other packages and the end-to-end tests rely on, and determinism. */
import * as api from '@nova/contracts';
import { gameApiPaths } from '@nova/contracts';
import { DEMO_ACCOUNTS } from '@nova/demo';
import { CALENDAR_TIME_ZONE, INVENTORY_TYPE_MAX, SKILL_NAMES, flattenNested } from '@nova/domain';
import { describe, expect, it } from 'vitest';
import { createGameApiSim } from './app';
import { NOW, IDS, call, createTestSim, stubVerifier } from './test-support';

const app = createTestSim();
const get = async <S = unknown>(path: string, token = 'spieler'): Promise<S> =>
  (await call(app, 'GET', path, { token })).json as S;

describe('players', () => {
  it('has about sixty players, the demo accounts among them, with unique names', async () => {
    const users = api.Users.parse(await get(gameApiPaths.users()));
    expect(users.length).toBe(60);
    for (const account of Object.values(DEMO_ACCOUNTS)) expect(users.map((u) => u.id)).toContain(account.id);
    expect(new Set(users.map((u) => u.username.toLowerCase())).size).toBe(users.length);
    const rpNames = users.map((u) => u.attributes?.customname?.[0] ?? '');
    expect(new Set(rpNames).size).toBe(users.length);
    expect(rpNames.every((name) => /^\p{Lu}[\p{L}]+_\p{Lu}[\p{L}]+$/u.test(name))).toBe(true);
    const others = users.filter((u) => !Object.values(IDS).includes(u.id as never));
    expect(others.every((u) => u.username === u.username.toLowerCase() && u.username.length >= 3)).toBe(true);
  });

  it('gives spieler data in every list, several vehicles and an inventory that needs summing', async () => {
    const id = IDS.spieler;
    const profile = api.PlayerProfile.parse(await get(gameApiPaths.profile(id)));
    expect(profile.username).toBe('Jonas_Weber');
    for (const path of [
      gameApiPaths.skills(id),
      gameApiPaths.skins(id),
      gameApiPaths.playerAchievements(id),
      gameApiPaths.coupons(id),
      gameApiPaths.inventory(id),
      gameApiPaths.licenses(id),
      gameApiPaths.bankAccounts(id),
    ]) {
      expect((await get<unknown[]>(path)).length, path).toBeGreaterThan(0);
    }
    expect((await get<unknown[]>(gameApiPaths.vehicles(id))).length).toBeGreaterThanOrEqual(3);
    const inventory = api.Inventory.parse(await get(gameApiPaths.inventory(id)));
    const types = inventory.map((i) => i.type);
    expect(new Set(types).size).toBeLessThan(types.length);
    expect(types.some((t) => t > INVENTORY_TYPE_MAX)).toBe(true);
    const coupons = api.Coupons.parse(await get(gameApiPaths.coupons(id)));
    expect(coupons.some((c) => c.time < NOW) && coupons.some((c) => c.time > NOW)).toBe(true);
    const banks = api.BankAccounts.parse(await get(gameApiPaths.bankAccounts(id)));
    expect(banks.some((b) => b.disabled) && banks.some((b) => !b.disabled)).toBe(true);
    expect(api.WeaponSkills.parse(await get(gameApiPaths.weaponSkills(id))).WEAPONCATEGORY_0).toBe(75);
  });

  it('names skills from the domain list and references existing catalogue entries', async () => {
    const achievementIds = new Set(api.Achievements.parse(await get('achievements')).map((a) => a.id));
    const typeIds = new Set(api.VehicleTypes.parse(await get('vehicles/types')).map((t) => t.id));
    const users = api.Users.parse(await get(gameApiPaths.users()));
    for (const { id } of users.filter((u) => u.id !== IDS.hidden)) {
      for (const skill of api.Skills.parse(await get(gameApiPaths.skills(id)))) {
        expect(skill.name).toBe(SKILL_NAMES[skill.id]);
        expect(skill.level).toBeGreaterThanOrEqual(0);
        expect(skill.level).toBeLessThanOrEqual(10);
      }
      const nested = api.PlayerAchievements.parse(await get(gameApiPaths.playerAchievements(id)));
      for (const ref of flattenNested<{ id: number }>(nested)) expect(achievementIds.has(ref.id)).toBe(true);
      const vehicles = await call(app, 'GET', gameApiPaths.vehicles(id), { token: 'spieler' });
      if (vehicles.status === 200) {
        for (const v of api.Vehicles.parse(vehicles.json)) {
          expect(typeIds.has(v.typeId)).toBe(true);
          expect(v.plate).toMatch(/^(LS|SF|LV)-\d{4}$/);
        }
      }
      const skills = api.WeaponSkills.parse(await get(gameApiPaths.weaponSkills(id)));
      expect(Object.values(skills).filter((v) => v > 75).length).toBeLessThanOrEqual(1);
    }
  });

  it('nests some achievements in inner arrays', async () => {
    const list = await get<unknown[]>(gameApiPaths.playerAchievements(IDS.spieler));
    expect(list.some(Array.isArray)).toBe(true);
    expect(list.some((entry) => Array.isArray(entry) && entry.some(Array.isArray))).toBe(true);
  });

  it('gives beta no vehicles and admin one weapon skill above the maximum', async () => {
    expect(await get(gameApiPaths.vehicles(IDS.beta))).toEqual([]);
    const admin = api.WeaponSkills.parse(await get(gameApiPaths.weaponSkills(IDS.admin)));
    expect(Object.values(admin).filter((v) => v > 75)).toHaveLength(1);
  });

  it('gives the empty player starting values, empty lists and unsupported vehicles', async () => {
    const id = IDS.empty;
    expect(await get(gameApiPaths.profile(id))).toEqual({
      id,
      username: 'Neuling_Neu',
      prestige: 0,
      level: 1,
      money: 0,
      age: 18,
      sex: 0,
      exp: 0,
      hunger: 100,
      thirst: 100,
      faction_skin: 0,
      activeSkin: null,
      movementStats: {
        dist_walking: 0,
        dist_running: 0,
        dist_sprinting: 0,
        dist_crouching: 0,
        dist_swimming: 0,
        dist_underwater: 0,
        dist_driving: 0,
        dist_air: 0,
      },
    });
    for (const path of [
      gameApiPaths.skills(id),
      gameApiPaths.skins(id),
      gameApiPaths.playerAchievements(id),
      gameApiPaths.coupons(id),
      gameApiPaths.inventory(id),
      gameApiPaths.licenses(id),
      gameApiPaths.bankAccounts(id),
      gameApiPaths.externalAccounts(id),
    ]) {
      expect(await get(path), path).toEqual([]);
    }
    expect(await get(gameApiPaths.weaponSkills(id))).toEqual({
      WEAPONCATEGORY_0: 0,
      WEAPONCATEGORY_1: 0,
      WEAPONCATEGORY_2: 0,
    });
    expect(await call(app, 'GET', gameApiPaths.vehicles(id), { token: 'spieler' })).toMatchObject({
      status: 404,
    });
  });

  it('gives the hidden player normal data', async () => {
    const profile = api.PlayerProfile.parse(await get(gameApiPaths.profile(IDS.hidden), 'hidden'));
    expect(profile.level).toBeGreaterThan(0);
    expect((await get<unknown[]>(gameApiPaths.inventory(IDS.hidden), 'hidden')).length).toBeGreaterThan(0);
  });
});

describe('toplist', () => {
  it('lists the ten best of each category, best first; players are the first entries', async () => {
    const toplist = api.Toplist.parse(await get(gameApiPaths.toplist()));
    for (const [key, list] of Object.entries(toplist.list)) {
      expect(list, key).toHaveLength(10);
      const values = list.map((e) => e.value);
      expect(values, key).toEqual([...values].sort((a, b) => b - a));
      expect(values.every(Number.isInteger)).toBe(true);
    }
    expect(toplist.players.most_crimes).toEqual(toplist.list.most_crimes[0]);
    expect(toplist.players.most_prestige).toEqual(toplist.list.most_prestige[0]);
    expect(toplist.players.most_login_streak).toEqual(toplist.list.most_login_streak[0]);
    // Playtime in minutes: the best players have played hundreds of hours.
    expect(toplist.list.most_playtime[0]?.value ?? 0).toBeGreaterThan(60 * 200);
  });
});

describe('calendar', () => {
  const hourIn = (seconds: number) =>
    Number(
      new Intl.DateTimeFormat('en-GB', {
        timeZone: CALENDAR_TIME_ZONE,
        hour: 'numeric',
        hourCycle: 'h23',
      }).format(seconds * 1000),
    );

  it('covers two months before to three months after now, 2–5 evening events a week', async () => {
    const events = api.Calendar.parse(await get(gameApiPaths.calendar()));
    const first = events[0]?.timestamp ?? 0;
    const last = events.at(-1)?.timestamp ?? 0;
    const day = 86_400;
    expect(first).toBeGreaterThanOrEqual(Date.UTC(2026, 0, 15, 11) / 1000);
    expect(first).toBeLessThan(Date.UTC(2026, 0, 15, 11) / 1000 + 8 * day);
    expect(last).toBeLessThanOrEqual(Date.UTC(2026, 5, 15, 11) / 1000);
    expect(last).toBeGreaterThan(Date.UTC(2026, 5, 15, 11) / 1000 - 8 * day);
    expect(events.length).toBeGreaterThanOrEqual(2 * 21);
    expect(events.length).toBeLessThanOrEqual(5 * 23);
    for (const e of events) {
      expect(Number.isInteger(e.timestamp)).toBe(true);
      expect(hourIn(e.timestamp)).toBeGreaterThanOrEqual(18);
      expect(hourIn(e.timestamp)).toBeLessThanOrEqual(22);
      expect(e.name.length).toBeGreaterThan(5);
    }
    expect(events.map((e) => e.timestamp)).toEqual([...events.map((e) => e.timestamp)].sort((a, b) => a - b));
  });

  it('follows now: a later now moves the window and keeps the events of the overlapping weeks', async () => {
    const later = createGameApiSim({ verifyToken: stubVerifier, now: () => NOW + 7 * 86_400_000 });
    const a = api.Calendar.parse(await get(gameApiPaths.calendar()));
    const b = api.Calendar.parse((await call(later, 'GET', gameApiPaths.calendar())).json);
    const mid = NOW / 1000;
    const around = (list: typeof a) => list.filter((e) => Math.abs(e.timestamp - mid) < 14 * 86_400);
    expect(around(b)).toEqual(around(a));
  });
});

describe('determinism', () => {
  const snapshot = async (sim: ReturnType<typeof createTestSim>) => {
    const paths = [
      gameApiPaths.users(),
      gameApiPaths.toplist(),
      gameApiPaths.calendar(),
      gameApiPaths.profile(IDS.spieler),
      gameApiPaths.inventory(IDS.admin),
      gameApiPaths.vehicles(IDS.spieler),
      gameApiPaths.coupons(IDS.beta),
      gameApiPaths.externalAccounts(IDS.admin),
    ];
    return Promise.all(paths.map(async (path) => (await call(sim, 'GET', path, { token: 'spieler' })).json));
  };

  it('answers the same data for the same seed', async () => {
    expect(await snapshot(createTestSim(99))).toEqual(await snapshot(createTestSim(99)));
    expect(await snapshot(createTestSim())).toEqual(await snapshot(app));
  });

  it('answers different data for another seed, with the same demo account ids', async () => {
    const [usersA] = (await snapshot(createTestSim(1))) as [api.User[]];
    const [usersB] = (await snapshot(createTestSim(2))) as [api.User[]];
    expect(usersA).not.toEqual(usersB);
    expect(usersA.slice(0, 5)).toEqual(usersB.slice(0, 5));
  });
});
