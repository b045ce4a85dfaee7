/**
 * Account synchronisation: the spec's texts (specification §2, §4, kept verbatim) and the linkable platforms.
 * The sync manager's texts are in sync-manager.ts, so neither screen's code carries the other's.
 */
import type { Platform } from './options';

/** Platforms a player can link today; the forum card is shown disabled (specification §2.28 "Sync overview"). */
export const LINKABLE_PLATFORMS = ['teamspeak', 'discord'] as const satisfies readonly Platform[];
export type LinkablePlatform = (typeof LINKABLE_PLATFORMS)[number];

export const SYNC_TEXTS = {
  overviewTitle: 'Account Synchronisation',
  setUp: 'Account einrichten',
  linked: 'Verbunden',
  notLinked: 'Nicht verbunden',
  forumNotYetAvailable: 'Die Verknüpfung mit dem Forum ist noch nicht verfügbar.',
  steps: ['Download', 'Authentifizierung', 'Sync'],
  next: 'Weiter',
  startAuthentication: 'Authentifizierung starten',
  identityPlaceholder: 'Teamspeak Identität',
  connect: 'Verbinden',
  disconnect: 'Verbindung trennen',
  startSync: 'Synchronisation starten',
  statusNotLinked: 'Aktueller Status: Nicht verbunden',
  statusLinked: (id: string) => `Aktueller Status: Verbunden (ID: ${id})`,
  syncSuccess: 'Synchronisation erfolgreich abgeschlossen',
  identityNotFound:
    'Deine Identität konnte nicht festgestellt werden. Bitte überprüfe deinen Nickname und deine Identität.',
  failed: 'Etwas ist schiefgelaufen',
  /** Beyond the spec: an external id that another player has linked already (game API 409). */
  alreadyLinked: 'Dieses Konto ist bereits mit einem anderen Spieler verknüpft.',
  unlinked: {
    teamspeak: 'Die Verbindung zu deinem Teamspeak Account wurde aufgehoben',
    discord: 'Die Verbindung zu deinem Discord Konto wurde aufgehoben',
  },
  /** Beyond the spec: a link that worked, a Discord authorisation cancelled or closed, the name. */
  linkedSuccess: {
    teamspeak: 'Dein Teamspeak Account wurde verbunden',
    discord: 'Dein Discord Konto wurde verbunden',
  },
  discordCancelled: 'Die Discord-Autorisierung wurde abgebrochen. Es wurde nichts verknüpft.',
  discordName: (name: string) => `Discord-Name: ${name}`,
  /** Production without a Discord OAuth configuration. */
  discordUnavailable:
    'Die Verknüpfung mit Discord ist auf diesem Server derzeit nicht eingerichtet. Bitte wende dich an das Team.',
} as const;
