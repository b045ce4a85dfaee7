/** Option lists of the generic forms and entities (specification §3). */
export interface Option<V extends number | string = number> {
  value: V;
  label: string;
}

export const GENDERS: readonly Option[] = [
  { value: 0, label: 'Männlich' },
  { value: 1, label: 'Weiblich' },
];

export const YES_NO: readonly Option[] = [
  { value: 0, label: 'Nein' },
  { value: 1, label: 'Ja' },
];

export const PLATFORMS = ['discord', 'teamspeak', 'forum'] as const;
export type Platform = (typeof PLATFORMS)[number];

export const PLATFORM_LABELS: Readonly<Record<Platform, string>> = {
  teamspeak: 'Teamspeak',
  discord: 'Discord',
  forum: 'Forum',
};

export const SKIN_CATEGORIES: readonly Option[] = [
  { value: 0, label: 'Second Hand' },
  { value: 1, label: 'Durchschnittsbekleidung' },
  { value: 2, label: 'Luxusmode' },
  { value: 3, label: 'Prestige' },
];

export const SEASONS: readonly Option[] = [
  { value: 0, label: 'Sommer' },
  { value: 1, label: 'Winter' },
];

/**
 * Codes of the vehicle type the spec leaves open (specification §3 lists only "all numbers"), as the game
 * API simulator defines them: the vehicle's class (`vehtype`) and its fuel (`tankclass`).
 */
export const VEHICLE_CLASSES: readonly Option[] = [
  { value: 0, label: 'Pkw' },
  { value: 1, label: 'Motorrad' },
  { value: 2, label: 'Nutzfahrzeug' },
  { value: 3, label: 'Boot' },
  { value: 4, label: 'Helikopter' },
  { value: 5, label: 'Anhänger' },
  { value: 6, label: 'Flugzeug' },
  { value: 7, label: 'Fahrrad' },
  { value: 8, label: 'Zug' },
  { value: 9, label: 'Ferngesteuert' },
];

export const FUEL_KINDS: readonly Option[] = [
  { value: 0, label: 'Benzin' },
  { value: 1, label: 'Diesel' },
  { value: 2, label: 'Kerosin' },
];

/** Specification §3.19, §9.8: defaults of a new server skin. */
export const SKIN_DEFAULTS = {
  job: -1,
  faction: -1,
  gang: -1,
  expiration: 10,
  description: 'Unknown',
} as const;

export function optionLabel(options: readonly Option[], value: number): string {
  return options.find((o) => o.value === value)?.label ?? 'Unbekannt';
}

export function genderLabel(sex: number): string {
  return optionLabel(GENDERS, sex);
}
