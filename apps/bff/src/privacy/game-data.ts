/**
 * What an erasure leaves to the operator (decision 102): the game API holds the player's game data,
 * and the contract offers no erasure of it, so the request lists each place with what to delete.
 */
import { gameApiPaths as paths } from '@nova/contracts';
import type { GameDataToDelete } from './requests';

export function gameDataToDelete(userId: string): GameDataToDelete[] {
  return [
    { where: paths.user(userId), what: 'Spielerkonto mit Anzeigenamen (customname)' },
    { where: paths.profile(userId), what: 'Spielerprofil mit Werten und Bewegungsstatistik' },
    { where: paths.playerAchievements(userId), what: 'erreichte Erfolge' },
    { where: paths.vehicles(userId), what: 'Fahrzeuge mit Kennzeichen' },
    { where: paths.coupons(userId), what: 'Gutscheine' },
    { where: paths.inventory(userId), what: 'Inventar' },
    { where: paths.licenses(userId), what: 'Lizenzen' },
    { where: paths.bankAccounts(userId), what: 'Bankkonten und Kontostände' },
    { where: paths.weaponSkills(userId), what: 'Waffenskills' },
    { where: paths.skins(userId), what: 'Skins' },
    { where: paths.skills(userId), what: 'Fähigkeiten' },
    { where: paths.externalAccounts(userId), what: 'verknüpfte Teamspeak- und Discord-Konten' },
  ];
}
