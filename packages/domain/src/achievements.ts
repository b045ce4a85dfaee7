/** Specification §3.6: the player's achievements may come as nested lists; they are flattened. */
export type Nested<T> = T | readonly Nested<T>[];

export function flattenNested<T>(items: readonly Nested<T>[]): T[] {
  const out: T[] = [];
  const walk = (item: Nested<T>): void => {
    if (Array.isArray(item)) for (const inner of item as readonly Nested<T>[]) walk(inner);
    else out.push(item as T);
  };
  for (const item of items) walk(item);
  return out;
}

export const ACHIEVEMENT_FILTERS = [
  { value: 'all', label: 'Alle' },
  { value: 'completed', label: 'Erreicht' },
  { value: 'not-completed', label: 'Nicht erreicht' },
] as const;

export type AchievementFilter = (typeof ACHIEVEMENT_FILTERS)[number]['value'];

export const ACHIEVEMENT_BADGE = { completed: 'Erreicht', open: 'Nicht erreicht' } as const;
