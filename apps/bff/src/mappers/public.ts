import type { CalendarEntry, Toplist, ToplistView } from '@nova/contracts';
import { dayKeyOf, minutesToHours } from '@nova/domain';

type Entry = Toplist['list']['most_crimes'][number];

const ranked = (entries: readonly Entry[], value: (v: number) => number = (v) => v) =>
  entries.map((entry, index) => ({ rank: index + 1, player: entry.player, value: value(entry.value) }));

/** Specification §2.11, §9.2: ranks from the order, playtime minutes shown as hours with 2 decimals. */
export function toToplistView(toplist: Toplist): ToplistView {
  const top = (entry: Entry | null | undefined) =>
    entry ? { player: entry.player, value: entry.value } : null;
  return {
    top: {
      most_crimes: top(toplist.players.most_crimes),
      most_prestige: top(toplist.players.most_prestige),
      most_login_streak: top(toplist.players.most_login_streak),
    },
    tables: {
      most_crimes: ranked(toplist.list.most_crimes),
      most_prestige: ranked(toplist.list.most_prestige),
      most_login_streak: ranked(toplist.list.most_login_streak),
      most_playtime: ranked(toplist.list.most_playtime, minutesToHours),
    },
  };
}

/** Fight events in time order, each with its calendar day in the server's time zone. */
export function toCalendarView(entries: readonly CalendarEntry[]) {
  return [...entries]
    .sort((a, b) => a.timestamp - b.timestamp)
    .map((entry) => ({ name: entry.name, timestamp: entry.timestamp, day: dayKeyOf(entry.timestamp) }));
}
