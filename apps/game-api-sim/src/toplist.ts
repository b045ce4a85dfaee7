/**
 * The public toplist (specification §2.11, §3.3; architecture §4), computed from the players' current data:
 * the ten best per list, best first; `players` holds the first of each list. Playtime is in minutes
 * (the screens divide by 60).
 */
import type { Toplist, ToplistEntry } from '@nova/contracts';
import type { PlayerData } from './data/players';

export const TOPLIST_SIZE = 10;

function top(players: readonly PlayerData[], value: (p: PlayerData) => number): ToplistEntry[] {
  return players
    .map((p) => ({ player: p.profile.username, value: value(p) }))
    .filter((entry) => entry.value > 0)
    .sort((a, b) => b.value - a.value || a.player.localeCompare(b.player))
    .slice(0, TOPLIST_SIZE);
}

export function computeToplist(players: readonly PlayerData[]): Toplist {
  const list = {
    most_crimes: top(players, (p) => p.stats.crimes),
    most_prestige: top(players, (p) => p.profile.prestige),
    most_login_streak: top(players, (p) => p.stats.loginStreak),
    most_playtime: top(players, (p) => p.stats.playtimeMinutes),
  };
  return {
    players: {
      most_crimes: list.most_crimes[0] ?? null,
      most_prestige: list.most_prestige[0] ?? null,
      most_login_streak: list.most_login_streak[0] ?? null,
    },
    list,
  };
}
