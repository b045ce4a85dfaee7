/** Specification §3.8 "Inventory item type names"; an unknown type shows "Unbekannt". */
export const UNKNOWN_LABEL = 'Unbekannt';

const ITEM_NAMES: Readonly<Record<number, string>> = {
  0: 'Drinks',
  1: 'Snacks',
  2: 'Kondome',
  3: 'Zigaretten',
  4: 'Feuerzeug',
  5: 'Brechstange',
  6: 'Kanister',
  7: 'Augenbinde',
  8: 'Tränengas',
  9: 'Fahrzeugschlüssel',
  10: 'Gasmaske',
  11: 'Drogenpaket',
  12: 'Schlagring',
  13: 'Golfschläger',
  14: 'Schlagstock',
  15: 'Messer',
  16: 'Baseballschläger',
  17: 'Schaufel',
  18: 'Pool Cue',
  19: 'Katana',
  20: 'Kettensäge',
  21: 'Dildo',
  22: 'Dildo',
  23: 'Vibrator',
  24: 'Vibrator',
  25: 'Blumen',
  26: 'Stock',
  27: '9mm',
  28: '9mm Silenced',
  29: 'Deagle',
  30: 'Shotgun',
  31: 'MP5',
  32: 'AK-47',
  33: 'M4',
  34: 'Country Rifle',
  35: 'Sniper Rifle',
  36: 'Feuerlöscher',
  37: 'Kamera',
  38: 'Fallschirm',
  39: 'Fleisch',
  40: 'Lottoschein',
  41: 'Pfandflaschen',
  42: 'Mobile Videokamera',
  43: 'Mikrofon',
  44: 'Stativ-Videokamera',
  45: 'Angelköder',
  46: 'Angelrute',
  47: 'Skateboard',
  48: 'Tonys Nummer',
  49: 'Glow Burst (White)',
  50: 'Glow Burst (Red)',
  51: 'Glow Burst (Green)',
  52: 'Glow Burst (Purple)',
  53: 'Halo Cross (Purple)',
  54: 'Halo Cross (Yellow)',
  55: 'Starburst Nexus (Purple)',
  56: 'Starburst Nexus (Yellow)',
  57: 'Sphere Glower (White)',
  58: 'Sphere Glower (Red)',
  59: 'Sphere Glower (Green)',
  60: 'Sphere Glower (Blue)',
  61: 'Celestial Globe (White)',
  62: 'Celestial Globe (Red)',
  63: 'Celestial Globe (Green)',
  64: 'Celestial Globe (Blue)',
  65: 'Scaled Prism',
  66: 'Metall',
  67: 'Aluminium',
};

export const INVENTORY_TYPE_MAX = 67;

export function itemName(type: number): string {
  return ITEM_NAMES[type] ?? UNKNOWN_LABEL;
}

export interface InventoryEntry {
  type: number;
  value: number;
}

/** Specification §3.8: entries of the same type are summed; the first appearance fixes the order. */
export function sumInventory(entries: readonly InventoryEntry[]): InventoryEntry[] {
  const sums = new Map<number, number>();
  for (const { type, value } of entries) sums.set(type, (sums.get(type) ?? 0) + value);
  return [...sums].map(([type, value]) => ({ type, value }));
}
