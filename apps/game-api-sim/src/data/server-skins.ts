/**
 * Server skins of the skin manager (doc 2 §3). Faction ids: 1 LSPD, 2 FBI, 3 Rettungsdienst. Gang
 * ids: 1 Grove Street, 2 Ballas, 3 Vagos, 4 Aztecas, 5 Yakuza. Job ids: 1 Trucker, 2 Taxifahrer,
 * 3 Bauarbeiter, 4 Mechaniker, 5 Pizzabote, 6 Pilot. -1 means "not bound" (doc 2 §3 defaults);
 * expiration is in days. The table is kept one skin per line (prettier-ignore) to stay readable.
 */
import type { ServerSkin } from '../types';

type SkinRow = Omit<ServerSkin, 'id' | 'expiration' | 'blocked' | 'expire'> &
  Partial<Pick<ServerSkin, 'expiration' | 'blocked' | 'expire'>>;
const civ = { job: -1, faction: -1, gang: -1, wearhat: 0, wearmask: 0 } as const;

// prettier-ignore
const skinRows: SkinRow[] = [
  { ...civ, skinId: 280, gender: 0, faction: 1, wearhat: 1, description: 'LSPD Streifenpolizist', category: 1, season: 0 },
  { ...civ, skinId: 281, gender: 0, faction: 1, wearhat: 1, description: 'LSPD Motorradstreife', category: 1, season: 0 },
  { ...civ, skinId: 306, gender: 1, faction: 1, wearhat: 1, description: 'LSPD Polizistin', category: 1, season: 0 },
  { ...civ, skinId: 285, gender: 0, faction: 1, wearhat: 1, wearmask: 1, description: 'SWAT Einsatzkraft', category: 1, season: 0 },
  { ...civ, skinId: 286, gender: 0, faction: 2, description: 'FBI Agent', category: 1, season: 0 },
  { ...civ, skinId: 274, gender: 0, faction: 3, description: 'Rettungssanitäter', category: 1, season: 0 },
  { ...civ, skinId: 308, gender: 1, faction: 3, description: 'Notärztin', category: 1, season: 0 },
  { ...civ, skinId: 105, gender: 0, gang: 1, description: 'Grove Street Mitglied', category: 0, season: 0 },
  { ...civ, skinId: 106, gender: 0, gang: 1, description: 'Grove Street OG', category: 0, season: 0 },
  { ...civ, skinId: 102, gender: 0, gang: 2, description: 'Ballas Soldat', category: 0, season: 0 },
  { ...civ, skinId: 108, gender: 0, gang: 3, wearhat: 1, description: 'Vagos Mitglied', category: 0, season: 0 },
  { ...civ, skinId: 114, gender: 0, gang: 4, wearhat: 1, description: 'Aztecas Mitglied', category: 0, season: 0 },
  { ...civ, skinId: 121, gender: 0, gang: 5, description: 'Yakuza Kumicho', category: 2, season: 0 },
  { ...civ, skinId: 133, gender: 0, job: 1, wearhat: 1, description: 'Trucker', category: 0, season: 0 },
  { ...civ, skinId: 255, gender: 0, job: 2, description: 'Taxifahrer', category: 1, season: 0 },
  { ...civ, skinId: 260, gender: 0, job: 3, wearhat: 1, description: 'Bauarbeiter', category: 0, season: 0 },
  { ...civ, skinId: 50, gender: 0, job: 4, description: 'Mechaniker-Overall', category: 0, season: 0 },
  { ...civ, skinId: 155, gender: 0, job: 5, wearhat: 1, description: 'Pizzabote', category: 0, season: 0 },
  { ...civ, skinId: 61, gender: 0, job: 6, wearhat: 1, description: 'Pilotenuniform', category: 1, season: 0 },
  { ...civ, skinId: 2, gender: 0, description: 'Freizeitlook', category: 0, season: 0 },
  { ...civ, skinId: 7, gender: 0, description: 'Lederjacke', category: 1, season: 1 },
  { ...civ, skinId: 29, gender: 0, description: 'Kapuzenpullover', category: 0, season: 1 },
  { ...civ, skinId: 59, gender: 0, description: 'Geschäftsmann', category: 2, season: 0 },
  { ...civ, skinId: 240, gender: 0, description: 'Maßanzug', category: 2, season: 0 },
  { ...civ, skinId: 294, gender: 0, description: 'Prestige-Anzug', category: 3, season: 0, expire: 1, expiration: 30 },
  { ...civ, skinId: 12, gender: 1, description: 'Sommerkleid', category: 1, season: 0 },
  { ...civ, skinId: 40, gender: 1, description: 'Abendkleid', category: 2, season: 0 },
  { ...civ, skinId: 91, gender: 1, description: 'Designer-Outfit', category: 3, season: 0 },
  { ...civ, skinId: 93, gender: 1, description: 'Jeans und Top', category: 1, season: 0 },
  { ...civ, skinId: 193, gender: 1, description: 'Winterjacke', category: 1, season: 1 },
  { ...civ, skinId: 264, gender: 0, wearmask: 1, description: 'Halloween-Clown (Event)', category: 0, season: 1, expire: 1, expiration: 7 },
  { ...civ, skinId: 0, gender: 0, description: 'Carl Johnson (gesperrt)', category: 3, season: 0, blocked: 1 },
];

export const SERVER_SKINS: ServerSkin[] = skinRows.map((row, i) => ({
  expire: 0,
  expiration: 10,
  blocked: 0,
  ...row,
  id: i + 1,
}));
