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
