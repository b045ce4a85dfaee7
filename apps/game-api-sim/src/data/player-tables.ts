/**
 * Lookup tables of the player generator: SA-MP skin ids, factions, inventory items with plausible
 * quantities, coupon names.
 */

export type Sex = 0 | 1;

/** Civilian skins (SA-MP skin ids 1–311) by sex, for the active skin and owned skins. */
export const CIVILIAN_SKINS: Record<Sex, readonly number[]> = {
  0: [
    2, 7, 14, 15, 17, 19, 20, 21, 22, 23, 24, 25, 26, 28, 29, 30, 46, 47, 48, 60, 72, 98, 101, 170, 177, 180,
    184, 185, 186, 187, 188, 217, 223, 240, 250, 258, 259, 289, 290, 291, 292, 293, 294, 295, 296, 297, 299,
    303,
  ],
  1: [
    9, 11, 12, 13, 31, 40, 41, 55, 56, 69, 76, 91, 93, 141, 148, 150, 169, 172, 190, 191, 192, 193, 211, 214,
    216, 219, 224, 225, 226, 233, 263, 298,
  ],
};

export interface Faction {
  kind: 'state' | 'gang';
  skins: Record<Sex, readonly number[]>;
}
/** LSPD, FBI, Rettungsdienst, Grove Street, Ballas, Vagos, Aztecas, Yakuza. */
export const FACTIONS: readonly Faction[] = [
  { kind: 'state', skins: { 0: [280, 281, 282, 283, 284, 288], 1: [306, 307] } },
  { kind: 'state', skins: { 0: [286], 1: [141] } },
  { kind: 'state', skins: { 0: [274, 275, 276], 1: [308] } },
  { kind: 'gang', skins: { 0: [105, 106, 107], 1: [195] } },
  { kind: 'gang', skins: { 0: [102, 103, 104], 1: [13] } },
  { kind: 'gang', skins: { 0: [108, 109, 110], 1: [190] } },
  { kind: 'gang', skins: { 0: [114, 115, 116], 1: [298] } },
  { kind: 'gang', skins: { 0: [121, 122, 123], 1: [169] } },
];

/** Common inventory types with a plausible quantity range each (specification §3.8 item types). */
export const INVENTORY_KINDS: readonly [type: number, min: number, max: number][] = [
  [0, 1, 10],
  [1, 1, 10],
  [3, 1, 40],
  [4, 1, 2],
  [6, 1, 3],
  [9, 1, 4],
  [11, 1, 5],
  [15, 1, 1],
  [16, 1, 1],
  [25, 1, 3],
  [27, 1, 1],
  [29, 1, 1],
  [30, 1, 1],
  [37, 1, 1],
  [39, 1, 8],
  [40, 1, 5],
  [41, 1, 60],
  [45, 5, 80],
  [46, 1, 1],
  [47, 1, 1],
  [66, 1, 250],
  [67, 1, 250],
];
/** A type the spec does not name: the screens must show "Unbekannt" for it. */
export const UNKNOWN_INVENTORY_TYPE = 99;

export const COUPON_NAMES = [
  'Willkommensbonus',
  'Premium-Woche',
  'Doppelte Erfahrung',
  'Tankgutschein',
  'Gratis Autowäsche',
  'Skin-Gutschein',
  'Namensänderung',
  'Geburtstagsbonus',
  'Hausrabatt 10 %',
  'VIP-Tag',
  'Führerschein-Rabatt',
  'Oster-Special',
] as const;
