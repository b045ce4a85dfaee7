/**
 * Which neutral picture stands in for a missing image (one picture for everything made the
 * demo look like a wireframe). Items by their kind, vehicles by their vehicle type's class
 * (`vehtype`), skins and avatars by one of a few clothing variants. The pictures themselves are drawn
 * by scripts/make-placeholders.mjs under `images/placeholders/…`; the operator's real images under
 * ASSET_BASE_URL replace all of them.
 */

export const ITEM_KINDS = [
  'drink',
  'food',
  'tool',
  'key',
  'gear',
  'drug',
  'melee',
  'pistol',
  'rifle',
  'media',
  'paper',
  'firework',
  'material',
  'misc',
] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];

/** Inventory item types (specification §3.8) by kind; a type not listed is `misc`. */
const KIND_OF_TYPE: Readonly<Record<number, ItemKind>> = {
  0: 'drink',
  41: 'drink',
  1: 'food',
  39: 'food',
  5: 'tool',
  6: 'tool',
  17: 'tool',
  36: 'tool',
  38: 'tool',
  45: 'tool',
  46: 'tool',
  47: 'tool',
  9: 'key',
  7: 'gear',
  8: 'gear',
  10: 'gear',
  11: 'drug',
  12: 'melee',
  13: 'melee',
  14: 'melee',
  15: 'melee',
  16: 'melee',
  18: 'melee',
  19: 'melee',
  20: 'melee',
  26: 'melee',
  27: 'pistol',
  28: 'pistol',
  29: 'pistol',
  30: 'rifle',
  31: 'rifle',
  32: 'rifle',
  33: 'rifle',
  34: 'rifle',
  35: 'rifle',
  37: 'media',
  42: 'media',
  43: 'media',
  44: 'media',
  40: 'paper',
  48: 'paper',
  66: 'material',
  67: 'material',
};

export function itemKind(type: number): ItemKind {
  if (type >= 49 && type <= 65) return 'firework';
  return KIND_OF_TYPE[type] ?? 'misc';
}

/** Vehicle classes: the vehicle type's `vehtype` 0 Pkw … 9 Ferngesteuert (see the simulator). */
export const VEHICLE_CLASS_COUNT = 10;

/** The class picture for a `vehtype`, or null when it is none of the known classes. */
export function vehicleClass(vehtype: number | null | undefined): number | null {
  return typeof vehtype === 'number' &&
    Number.isInteger(vehtype) &&
    vehtype >= 0 &&
    vehtype < VEHICLE_CLASS_COUNT
    ? vehtype
    : null;
}

/** Clothing variants of the skin and avatar pictures. */
export const SKIN_VARIANT_COUNT = 12;

export function skinVariant(skinId: number): number {
  const id = Math.trunc(Math.abs(skinId));
  return Number.isFinite(id) ? id % SKIN_VARIANT_COUNT : 0;
}

/** Paths below the image base (`images/` by default). */
export const placeholderPaths = {
  item: (type: number) => `placeholders/items/${itemKind(type)}.png`,
  vehicle: (vehtype: number | null | undefined) => {
    const klass = vehicleClass(vehtype);
    return klass === null ? 'placeholders/vehicle.jpg' : `placeholders/vehicles/${klass}.jpg`;
  },
  skin: (skinId: number) => `placeholders/skins/${skinVariant(skinId)}.png`,
  avatar: (skinId: number) => `placeholders/avatars/${skinVariant(skinId)}.png`,
} as const;
