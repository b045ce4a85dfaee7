import { describe, expect, it } from 'vitest';
import { toCalendarView, toToplistView } from './public';
import { avatarSkinOf, toProfileView, toSkillsView, toVehicleView, toWeaponSkillsView } from './player';

describe('player mappings', () => {
  it('takes the faction skin before the active skin; 0 or less means none', () => {
    expect(avatarSkinOf({ faction_skin: 280, activeSkin: { skinId: 7 } })).toBe(280);
    expect(avatarSkinOf({ faction_skin: 0, activeSkin: { skinId: 7 } })).toBe(7);
    expect(avatarSkinOf({ faction_skin: -1, activeSkin: { skinId: 7 } })).toBe(7);
    expect(avatarSkinOf({ faction_skin: null, activeSkin: null })).toBeNull();
    expect(avatarSkinOf({ activeSkin: undefined })).toBeNull();
  });

  it('clamps hunger and thirst to 0–100 % and keeps the experience maximum', () => {
    const view = toProfileView(
      {
        id: 'u',
        username: 'X',
        prestige: 0,
        level: 1,
        money: 0,
        age: 18,
        sex: 1,
        exp: 0,
        hunger: 140,
        thirst: -5,
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
      },
      null,
    );
    expect(view).toMatchObject({
      hunger: 100,
      thirst: 0,
      expMax: 2000,
      gender: 'Weiblich',
      moneyText: '0 $',
    });
  });

  it('marks expert weapon skills from 75, also above 75', () => {
    const view = toWeaponSkillsView({ WEAPONCATEGORY_0: 82, WEAPONCATEGORY_1: 74.5, WEAPONCATEGORY_2: 75 });
    expect(view.map((s) => [s.expert, s.percent])).toEqual([
      [true, 100],
      [false, (74.5 / 75) * 100],
      [true, 100],
    ]);
  });

  it('names skills by id even when the game API sends other names', () => {
    expect(toSkillsView([{ id: 3, level: 1 }])).toEqual([{ id: 3, name: 'Vertuschung', level: 1 }]);
  });

  it('leaves the type empty when the vehicle type is unknown', () => {
    const vehicle = { id: 1, typeId: 999, plate: 'LS-1', fuel: 1, mileage: 2, health: 3 };
    expect(toVehicleView(vehicle, new Map()).type).toBeNull();
  });
});

describe('public mappings', () => {
  it('orders calendar events by time and gives each its day in German time', () => {
    const late = Date.UTC(2026, 11, 31, 23, 30) / 1000; // already 1 January in Berlin
    expect(
      toCalendarView([
        { name: 'B', timestamp: late },
        { name: 'A', timestamp: late - 3600 },
      ]),
    ).toEqual([
      { name: 'A', timestamp: late - 3600, day: '2026-12-31' },
      { name: 'B', timestamp: late, day: '2027-01-01' },
    ]);
  });

  it('ranks each list by its order, keeps every list apart and shows playtime in hours', () => {
    const view = toToplistView({
      players: {
        most_crimes: { player: 'Rico_Brandt', value: 412 },
        most_prestige: { player: 'Lena_Vogt', value: 9 },
        most_login_streak: null,
      },
      list: {
        most_crimes: [
          { player: 'Rico_Brandt', value: 412 },
          { player: 'Jonas_Weber', value: 87 },
          { player: 'Mia_Koch', value: 87 },
        ],
        most_prestige: [{ player: 'Lena_Vogt', value: 9 }],
        most_login_streak: [
          { player: 'Mia_Koch', value: 31 },
          { player: 'Rico_Brandt', value: 12 },
        ],
        most_playtime: [
          { player: 'Jonas_Weber', value: 12_345 },
          { player: 'Lena_Vogt', value: 100 },
        ],
      },
    });
    expect(view).toEqual({
      top: {
        most_crimes: { player: 'Rico_Brandt', value: 412 },
        most_prestige: { player: 'Lena_Vogt', value: 9 },
        most_login_streak: null,
      },
      tables: {
        most_crimes: [
          { rank: 1, player: 'Rico_Brandt', value: 412 },
          { rank: 2, player: 'Jonas_Weber', value: 87 },
          { rank: 3, player: 'Mia_Koch', value: 87 },
        ],
        most_prestige: [{ rank: 1, player: 'Lena_Vogt', value: 9 }],
        most_login_streak: [
          { rank: 1, player: 'Mia_Koch', value: 31 },
          { rank: 2, player: 'Rico_Brandt', value: 12 },
        ],
        most_playtime: [
          { rank: 1, player: 'Jonas_Weber', value: 205.75 },
          { rank: 2, player: 'Lena_Vogt', value: 1.67 },
        ],
      },
    });
  });

  it('keeps an empty toplist empty', () => {
    const empty = {
      players: {},
      list: { most_crimes: [], most_prestige: [], most_login_streak: [], most_playtime: [] },
    };
    expect(toToplistView(empty).top).toEqual({
      most_crimes: null,
      most_prestige: null,
      most_login_streak: null,
    });
  });
});
