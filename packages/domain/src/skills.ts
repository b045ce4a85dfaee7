/** Specification §9.3: the ten skill names by id 0–9. */
export const SKILL_NAMES = [
  'Waffendealer',
  'Schloss knacken',
  'Charisma',
  'Vertuschung',
  'Ambitioniert',
  'Langfinger',
  'Achtsamkeit',
  'Detektiv',
  'Entfesselungskünstler',
  'Anwalt',
] as const;

export const SKILL_ID_MAX = SKILL_NAMES.length - 1;

/** The skill's name by id; the id indexes the fixed list (specification §3). */
export function skillName(id: number): string {
  return SKILL_NAMES[id] ?? 'Unbekannt';
}
