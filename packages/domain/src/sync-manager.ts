/**
 * The sync manager's texts (specification §8.6, kept verbatim, including the spec's typos "Verknüfpte" and
 * "Sync Object wurde gelöscht"). Apart from the account synchronisation's (sync.ts), so neither
 * screen's code carries the other's.
 */
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
