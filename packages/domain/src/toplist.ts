/** Specification §2.11 and §9.2: the toplist's headings and the playtime rule. */
export const TOPLIST_CATEGORIES = [
  {
    key: 'most_crimes',
    title: 'Meisten Verbrechen',
    cardLabel: 'Verbrechen',
    column: 'Verbrechen',
  },
  {
    key: 'most_prestige',
    title: 'Höchstes Prestige',
    cardLabel: 'Prestige',
    column: 'Prestigelevel',
  },
  {
    key: 'most_login_streak',
    title: 'Höchster Loginstreak',
    cardLabel: 'Loginstreak',
    column: 'Loginstreak',
  },
  {
    key: 'most_playtime',
    title: 'Meiste Spielzeit',
    cardLabel: null,
    column: 'Spielzeit in Stunden',
  },
] as const;

export type ToplistCategoryKey = (typeof TOPLIST_CATEGORIES)[number]['key'];
export type ToplistCardKey = Exclude<ToplistCategoryKey, 'most_playtime'>;

export const TOPLIST_COLUMNS = { rank: 'Platzierung', player: 'Spielername' } as const;

/** Playtime minutes → hours, rounded to 2 decimals (specification §9.2). */
export function minutesToHours(minutes: number): number {
  return Math.round((minutes / 60) * 100) / 100;
}

/** Specification §2.11: a top card is loading while its value is missing, empty or zero. */
export function isTopValuePending(value: number | string | null | undefined): boolean {
  return value === null || value === undefined || value === '' || value === 0;
}
