import { describe, expect, it } from 'vitest';
import {
  catalogues,
  gameApiPaths,
  PlayerAchievements,
  PlayerInput,
  PlayerProfile,
  SyncObjectInput,
  Toplist,
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
