/**
 * The player's game data, `user/{userId}/…` (architecture §4, specification §7). Every valid token may read
 * every player, except the hidden demo player (see `Guards.playerRead`).
 */
import type { AchievementRefTree } from '@nova/contracts';
import type { PlayerData } from '../data/players';
import { notFound } from '../errors';
import type { RouteModule } from './context';

/**
 * Specification §3.6: the player's achievements "may be nested and are flattened". The simulator nests on
 * purpose so clients must flatten: `[{id}, {id}, [{id}, {id}], [[{id}], {id}], …]`.
 */
export function nestAchievements(ids: readonly number[]): AchievementRefTree[] {
  const refs = ids.map((id) => ({ id }));
  const out: AchievementRefTree[] = refs.slice(0, 2);
  for (let i = 2, group = 0; i < refs.length; i += 2, group++) {
    const [first, ...rest] = refs.slice(i, i + 2);
    if (!first) break;
    out.push(group % 2 === 0 ? [first, ...rest] : [[first], ...rest]);
  }
  return out;
}

const views: Record<string, (p: PlayerData) => unknown> = {
  profile: (p) => p.profile,
  skills: (p) => p.skills,
  skins: (p) => p.skins,
  achievements: (p) => nestAchievements(p.achievements),
  coupons: (p) => p.coupons,
  inventory: (p) => p.inventory,
  licenses: (p) => p.licenses,
  'bank-accounts': (p) => p.bankAccounts,
  'weapon-skills': (p) => p.weaponSkills,
};

export const playerRoutes: RouteModule = (app, { store, guards }) => {
  const onRequest = [guards.token, guards.playerRead];
  for (const [path, view] of Object.entries(views)) {
    app.get<{ Params: { userId: string } }>(`/user/:userId/${path}`, { onRequest }, (request) => {
      const player = store.player(request.params.userId);
      if (!player) throw notFound();
      return view(player);
    });
  }

  // Architecture §4: our extension; 404 means "not supported" for this player (the `empty` demo).
  app.get<{ Params: { userId: string } }>('/user/:userId/vehicles', { onRequest }, (request) => {
    const vehicles = store.player(request.params.userId)?.vehicles;
    if (!vehicles) throw notFound();
    return vehicles;
  });
};
