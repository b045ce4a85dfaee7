import { describe, expect, it } from 'vitest';
import {
  catalogues,
  gameApiPaths,
  PlayerAchievements,
  PlayerInput,
  PlayerProfile,
  SyncGroupInput,
  SyncObjectInput,
  Toplist,
  UserCreate,
  UserId,
  VehicleInput,
} from './index';

describe('game API contract', () => {
  it('percent-encodes every dynamic path segment', () => {
    expect(gameApiPaths.profile('a/b?c')).toBe('user/a%2Fb%3Fc/profile');
    expect(gameApiPaths.externalAccount('u', 5)).toBe('user/u/external-accounts/5');
    expect(catalogues.serverSkins.path).toBe('management/server-skins');
  });

  it('accepts nested player achievements and refuses other shapes', () => {
    expect(PlayerAchievements.safeParse([{ id: 1 }, [{ id: 2 }, [{ id: 3 }]]]).success).toBe(true);
    expect(PlayerAchievements.safeParse([{ id: 'x' }]).success).toBe(false);
    expect(PlayerAchievements.safeParse({ id: 1 }).success).toBe(false);
  });

  it('allows missing top players but requires the four lists', () => {
    const lists = { most_crimes: [], most_prestige: [], most_login_streak: [], most_playtime: [] };
    expect(Toplist.safeParse({ players: {}, list: lists }).success).toBe(true);
    expect(Toplist.safeParse({ players: {}, list: { ...lists, most_playtime: undefined } }).success).toBe(
      false,
    );
  });

  it('requires the profile fields the screens show', () => {
    expect(PlayerProfile.safeParse({ id: 'u', username: 'x' }).success).toBe(false);
  });

  it('refuses user ids that could leave their path segment', () => {
    for (const bad of ['', '../x', 'a/b', 'a b', 'x'.repeat(65)])
      expect(UserId.safeParse(bad).success).toBe(false);
    expect(UserId.safeParse('3f6c2a1e-8b4d-4c2e-9a7f-5d1e0c9b7a21').success).toBe(true);
  });

  it('gives German messages for invalid sync objects', () => {
    const result = SyncObjectInput.safeParse({ plattform: 'icq', externalId: ' ', description: '' });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(messages).toEqual([
      'plattform: Bitte wähle eine Plattform',
      'externalId: Pflichtfeld',
      'description: Pflichtfeld',
    ]);
  });
});

describe('procedure inputs', () => {
  it('means the signed-in player without input or id', () => {
    expect(PlayerInput.parse(undefined)).toEqual({});
    expect(PlayerInput.parse({ userId: 'abc' })).toEqual({ userId: 'abc' });
    expect(VehicleInput.safeParse({ vehicleId: -1 }).success).toBe(false);
  });
});

describe('names refuse control and bidi characters', () => {
  const MESSAGE = 'Darf keine Steuerzeichen oder Zeichen zur Textrichtung (z. B. U+202E) enthalten.';
  const names: [string, (name: string) => { success: boolean; error?: { issues: { message: string }[] } }][] =
    [
      [
        'a wanted reason',
        (name) => catalogues.wantedReasons.input.safeParse({ reason_name: name, points: 1, is_static: 0 }),
      ],
      ['a sync group', (name) => SyncGroupInput.safeParse({ name, syncObjects: [] })],
      [
        'a sync object',
        (name) => SyncObjectInput.safeParse({ plattform: 'discord', externalId: '1', description: name }),
      ],
      ['a player', (name) => UserCreate.safeParse({ username: name })],
    ];

  it.each(names)('%s: U+202E, U+2066, U+200F, U+061C, a line break and BEL are refused', (_kind, parse) => {
    for (const name of [
      'Max\u202Etxt.exe',
      'Max\u2066Muster',
      'Max\u200FMuster',
      'Max\u061CMuster',
      'Max\nMuster',
      'Max\u0007Muster',
    ]) {
      const result = parse(name);
      expect(result.success, JSON.stringify(name)).toBe(false);
      expect(result.error?.issues.map((issue) => issue.message)).toContain(MESSAGE);
    }
  });

  it.each(names)('%s: umlauts, other scripts and emoji are names', (_kind, parse) => {
    for (const name of ['Jürgen Weiß', 'محمد', 'Łukasz 🚓']) expect(parse(name).success, name).toBe(true);
  });
});
