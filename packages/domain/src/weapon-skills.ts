import { LIMITS } from './limits';

/** Specification §3.11 "Weapon skills". */
export const WEAPON_CATEGORIES = [
  { key: 'WEAPONCATEGORY_0', name: 'Pistolen' },
  { key: 'WEAPONCATEGORY_1', name: 'Vollautomatische Waffen' },
  { key: 'WEAPONCATEGORY_2', name: 'Jagdwaffen' },
] as const;

export type WeaponCategoryKey = (typeof WEAPON_CATEGORIES)[number]['key'];

export const EXPERT_LABEL = 'Experte';

/** "Experte" when the value is 75 or more (specification §9.7). */
export function isExpert(value: number): boolean {
  return value >= LIMITS.weaponSkillMax;
}

/** Percentage of a bar, clamped to 0–100. */
export function percentOf(value: number, max: number): number {
  if (!Number.isFinite(value) || max <= 0) return 0;
  return Math.min(100, Math.max(0, (value / max) * 100));
}
