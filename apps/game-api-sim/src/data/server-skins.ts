/**
 * Server skins of the skin manager (specification §3.19), enough for several 20-row pages. Faction ids: 1 LSPD,
 * 2 FBI, 3 Rettungsdienst (with the fire brigade). Gang
 * ids: 1 Grove Street, 2 Ballas, 3 Vagos, 4 Aztecas, 5 Yakuza. Job ids: 1 Trucker, 2 Taxifahrer,
 * 3 Bauarbeiter, 4 Mechaniker, 5 Pizzabote, 6 Pilot. -1 means "not bound" (specification §3 defaults);
 * expiration is in days (default 10, specification §9.8; only event skins expire). Skin ids are SA-MP skin ids
 * (0–311). The table is kept one skin per line (prettier-ignore) to stay readable.
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
  { ...civ, skinId: 282, gender: 0, faction: 1, wearhat: 1, description: 'LSPD Sheriff', category: 1, season: 0 },
  { ...civ, skinId: 288, gender: 0, faction: 1, wearhat: 1, description: 'LSPD Ranger', category: 1, season: 0 },
  { ...civ, skinId: 163, gender: 0, faction: 2, description: 'FBI Personenschützer', category: 2, season: 0 },
  { ...civ, skinId: 165, gender: 0, faction: 2, description: 'FBI Ermittler', category: 2, season: 0 },
  { ...civ, skinId: 141, gender: 1, faction: 2, description: 'FBI Agentin', category: 2, season: 0 },
  { ...civ, skinId: 275, gender: 0, faction: 3, description: 'Rettungssanitäter (Winterjacke)', category: 1, season: 1 },
  { ...civ, skinId: 276, gender: 0, faction: 3, description: 'Notarzt', category: 1, season: 0 },
  { ...civ, skinId: 277, gender: 0, faction: 3, wearhat: 1, description: 'Feuerwehrmann', category: 1, season: 0 },
  { ...civ, skinId: 279, gender: 0, faction: 3, wearhat: 1, description: 'Feuerwehr Einsatzleiter', category: 1, season: 0 },
  { ...civ, skinId: 107, gender: 0, gang: 1, description: 'Grove Street Dealer', category: 0, season: 0 },
  { ...civ, skinId: 195, gender: 1, gang: 1, description: 'Grove Street Mitglied (weiblich)', category: 0, season: 0 },
  { ...civ, skinId: 103, gender: 0, gang: 2, description: 'Ballas OG', category: 0, season: 0 },
  { ...civ, skinId: 13, gender: 1, gang: 2, description: 'Ballas Mitglied (weiblich)', category: 0, season: 0 },
  { ...civ, skinId: 109, gender: 0, gang: 3, wearhat: 1, description: 'Vagos Soldat', category: 0, season: 0 },
  { ...civ, skinId: 115, gender: 0, gang: 4, wearhat: 1, description: 'Aztecas Soldat', category: 0, season: 0 },
  { ...civ, skinId: 122, gender: 0, gang: 5, description: 'Yakuza Soldat', category: 1, season: 0 },
  { ...civ, skinId: 206, gender: 0, job: 1, wearhat: 1, description: 'Trucker (Karohemd)', category: 0, season: 0 },
  { ...civ, skinId: 261, gender: 0, job: 2, wearhat: 1, description: 'Taxifahrer (Mütze)', category: 0, season: 0 },
  { ...civ, skinId: 27, gender: 0, job: 3, wearhat: 1, description: 'Bauarbeiter (Warnweste)', category: 0, season: 0 },
  { ...civ, skinId: 14, gender: 0, description: 'Hawaiihemd', category: 0, season: 0 },
  { ...civ, skinId: 22, gender: 0, description: 'Trainingsanzug', category: 0, season: 0 },
  { ...civ, skinId: 46, gender: 0, description: 'Sakko mit Hemd', category: 2, season: 0 },
  { ...civ, skinId: 98, gender: 0, description: 'Dreiteiler', category: 2, season: 1 },
  { ...civ, skinId: 101, gender: 0, description: 'Jeansjacke', category: 1, season: 1 },
  { ...civ, skinId: 170, gender: 0, description: 'Poloshirt', category: 1, season: 0 },
  { ...civ, skinId: 223, gender: 0, description: 'Goldkette und Seidenhemd', category: 2, season: 0 },
  { ...civ, skinId: 290, gender: 0, description: 'Designer-Anzug', category: 3, season: 0 },
  { ...civ, skinId: 295, gender: 0, description: 'Smoking', category: 3, season: 1 },
  { ...civ, skinId: 9, gender: 1, description: 'Kostüm', category: 2, season: 0 },
  { ...civ, skinId: 41, gender: 1, description: 'Trainingsanzug (Damen)', category: 0, season: 0 },
  { ...civ, skinId: 69, gender: 1, description: 'Jeans und Lederjacke', category: 1, season: 1 },
  { ...civ, skinId: 76, gender: 1, description: 'Hosenanzug', category: 2, season: 1 },
  { ...civ, skinId: 150, gender: 1, description: 'Businesskleid', category: 2, season: 0 },
  { ...civ, skinId: 214, gender: 1, description: 'Cocktailkleid', category: 3, season: 0 },
  { ...civ, skinId: 216, gender: 1, description: 'Mantel und Schal', category: 2, season: 1 },
  { ...civ, skinId: 167, gender: 0, wearmask: 1, description: 'Hühnerkostüm (Event)', category: 0, season: 0, expire: 1, expiration: 7 },
];

export const SERVER_SKINS: ServerSkin[] = skinRows.map((row, i) => ({
  expire: 0,
  expiration: 10,
  blocked: 0,
  ...row,
  id: i + 1,
}));
