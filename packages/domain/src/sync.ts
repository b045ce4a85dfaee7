/**
 * Account synchronisation and sync manager: the spec's texts (doc 2 §2, §4, §8, kept verbatim,
 * including its typos "Verknüfpte" and "Sync Object wurde gelöscht") and the linkable platforms.
 */
import type { Platform } from './options';

/** Platforms a player can link today; the forum card is shown disabled (doc 2 "Sync overview"). */
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

export const SYNC_MANAGER_TEXTS = {
  tabGroups: 'Sync Groups',
  tabObjects: 'Sync Objects',
  objectsTitle: 'Sync Objects',
  addObject: 'Neues Sync Objekt hinzufügen',
  addGroup: 'Neue Sync Gruppe hinzufügen',
  all: 'All',
  noObjects: 'Keine Sync Objekte vorhanden',
  noGroups: 'Keine Sync Gruppen vorhanden',
  objectsLoadFailed: 'Sync Objekte konnten nicht geladen werden',
  linkedGroupsLoadFailed: 'Verknüfpte Sync Gruppen konnten nicht geladen werden',
  objectUpdated: 'Sync Objekt wurde bearbeitet',
  objectCreated: 'Sync Objekt wurde erstellt',
  objectDeleted: 'Sync Object wurde gelöscht',
  objectUpdateFailed: 'Das Sync Objekt konnte nicht bearbeitet werden.',
  objectCreateFailed: 'Das Sync Objekt konnte nicht erstellt werden.',
  objectDeleteFailed: 'Das Sync Object konnte nicht gelöscht werden.',
  groupsLoadFailed: 'Sync Gruppen konnten nicht geladen werden',
  groupUpdated: 'Sync Gruppe wurde bearbeitet',
  groupCreated: 'Sync Gruppe wurde erstellt',
  groupDeleted: 'Sync Gruppe wurde gelöscht',
  groupUpdateFailed: 'Die Sync Gruppe konnte nicht bearbeitet werden.',
  groupCreateFailed: 'Die Sync Gruppe konnte nicht erstellt werden.',
  groupDeleteFailed: 'Die Sync Gruppe konnte nicht gelöscht werden.',
  columns: {
    plattform: 'Plattform',
    externalId: 'Externe ID',
    description: 'Beschreibung',
    syncGroup: 'Sync Group',
    name: 'Name',
    keycloakName: 'Keycloak Gruppe',
    linkedObjects: 'Verknüpfte Sync Objekte',
  },
  save: 'Speichern',
  remove: 'Löschen',
} as const;
