/**
 * The Control Panel's search (decision 091): one box for players, catalogue rows, sync objects and
 * groups and audit entries. The groups in the order they are shown, their German headings and the
 * limits of the input and the answer. Who sees which group: SEARCH_POLICY (policy.ts).
 */
import { CATALOGUES, CATALOGUE_KEYS } from './catalogues';

export const SEARCH_GROUP_KEYS = [
  'players',
  ...CATALOGUE_KEYS,
  'syncGroups',
  'syncObjects',
  'audit',
] as const;

export type SearchGroupKey = (typeof SEARCH_GROUP_KEYS)[number];

export function searchGroupLabel(key: SearchGroupKey): string {
  if (key === 'players') return 'Spieler';
  if (key === 'syncGroups') return 'Sync Gruppen';
  if (key === 'syncObjects') return 'Sync Objekte';
  if (key === 'audit') return 'Audit-Log';
  return CATALOGUES[key].card.title;
}

export const SEARCH_LIMITS = {
  /** Longest search text (characters after trimming). */
  textLength: 100,
  /** Results per group; the group says when there are more. */
  perGroup: 5,
  /** How long the BFF keeps a caller's user list of the game API (`GET user`). */
  userListTtlMs: 30_000,
  /** Users kept in that cache across all callers; a longer list is not cached. */
  userListMaxUsers: 100_000,
} as const;

/**
 * A text matches when each of its words is part of one of the candidate's names (case-insensitive)
 * or is one of its `exact` values (a number: "12" finds row 12, not 112).
 */
export function searchMatches(
  words: readonly string[],
  names: readonly (string | null | undefined)[],
  exact: readonly string[] = [],
): boolean {
  const haystack = names
    .filter((name): name is string => typeof name === 'string' && name !== '')
    .map((name) => name.toLocaleLowerCase('de-DE'));
  return words.every((word) => exact.includes(word) || haystack.some((name) => name.includes(word)));
}

/** The words of a search text, lower-cased (at most ten: more narrow nothing a person types). */
export function searchWords(text: string): string[] {
  return text.normalize('NFC').toLocaleLowerCase('de-DE').split(/\s+/u).filter(Boolean).slice(0, 10);
}
