/** German number formatting used across screens. */
const integer = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 0 });
const decimal2 = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 2 });

/** Specification §2.18 "Player profile": money without decimals, followed by " $". */
export function formatMoney(value: number): string {
  return `${integer.format(value)} $`;
}

export function formatNumber(value: number): string {
  return decimal2.format(value);
}

/** Display name: the first customname entry, else the username (specification §3). */
export function displayNameOf(username: string, customname?: readonly string[]): string {
  const first = customname?.[0]?.trim();
  return first ? first : username;
}

const grouped = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 6 });

/**
 * A number as a form field shows it: the way a German reader writes it, decimal comma and thousands
 * dots ("38.000", "1.250.000,75"); the field shows it so when it opens and again when it is left.
 */
export function numberInputText(value: number): string {
  return grouped.format(value);
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

/**
 * What a German user types into a number field: German text first ("1.500" is fifteen hundred,
 * "1.500,50", "1500", "12,5"); in a field with decimals a lone dot without a comma ("12.5", the
 * number pad's key on many keyboards) is the decimal point. Undefined for anything else.
 */
export function parseNumberInput(text: string, decimals: boolean): number | undefined {
  const german = parseGermanNumber(text);
  if (german !== undefined) return german;
  const trimmed = text.trim();
  if (!decimals || !/^-?\d+\.\d+$/.test(trimmed)) return undefined;
  return Number(trimmed);
}
