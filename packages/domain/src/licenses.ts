/** Specification §3.9 "License names", by licenseId 0–3. */
export const LICENSE_NAMES = ['Führerschein', 'Motorradschein', 'Flugschein', 'Bootsschein'] as const;

export const LICENSE_STATUS = { present: 'Vorhanden', missing: 'Nicht vorhanden' } as const;

export interface LicenseState {
  licenseId: number;
  name: string;
  owned: boolean;
}

/** All four licenses, each marked as owned when the player's list contains its id. */
export function licenseStates(owned: readonly { licenseId: number }[]): LicenseState[] {
  const ids = new Set(owned.map((l) => l.licenseId));
  return LICENSE_NAMES.map((name, licenseId) => ({ licenseId, name, owned: ids.has(licenseId) }));
}
