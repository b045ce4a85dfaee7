/** German number formatting used across screens. */
const integer = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 0 });
const decimal2 = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 2 });

/** Doc 2 "Player profile": money without decimals, followed by " $". */
export function formatMoney(value: number): string {
  return `${integer.format(value)} $`;
}

export function formatNumber(value: number): string {
  return decimal2.format(value);
}

/** Display name: the first customname entry, else the username (doc 1 §3). */
export function displayNameOf(username: string, customname?: readonly string[]): string {
  const first = customname?.[0]?.trim();
  return first ? first : username;
}

const plain = new Intl.NumberFormat('de-DE', { useGrouping: false, maximumFractionDigits: 6 });

/**
 * A number as a form field shows it: German decimal comma, no thousands dots (they would get in the
 * way while typing); the tables show the same number with them (`formatNumber`).
 */
export function numberInputText(value: number): string {
  return plain.format(value);
}

/**
 * A number typed the German way ("12,5", "-1", "1.000,5" with thousands dots in their places);
 * undefined for anything else, including "12.5" (a dot is never a decimal point in German).
 */
export function parseGermanNumber(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^-?(\d+|\d{1,3}(\.\d{3})+)(,\d+)?$/.test(trimmed)) return undefined;
  const value = Number(trimmed.replaceAll('.', '').replace(',', '.'));
  return Number.isFinite(value) ? value : undefined;
}
