/** Specification §3.10 "Banks and account types (by bankId, same index)". */
export const BANK_NAMES = [
  'Los Santos Metropolitan Bank',
  'Los Santos Union Bank',
  'San Fierro Capital Bank',
  'Las Venturas Royal Bank',
  'Palomino Horizon Bank',
  'Bayside Maritime Bank',
] as const;

/** Account types exist for bankId 0–3 only; the spec does not name them for 4 and 5. */
export const ACCOUNT_TYPES = ['Girokonto', 'Sparkonto', 'Langzeitkonto', 'Auktionskonto'] as const;

export const ACCOUNT_TYPE_FALLBACK = 'Bankkonto';

export const ACCOUNT_STATUS = { active: 'Aktiv', disabled: 'Gesperrt' } as const;

export function bankName(bankId: number): string {
  return BANK_NAMES[bankId] ?? 'Unbekannte Bank';
}

export function accountType(bankId: number): string {
  return ACCOUNT_TYPES[bankId] ?? ACCOUNT_TYPE_FALLBACK;
}
