/**
 * Sync manager seed (specification §3.16, §7): Teamspeak server groups and Discord roles mapped to Keycloak
 * groups. A sync object belongs to at most one sync group; some objects are not mapped yet.
 */
import type { Platform } from '../types';

export interface SyncGroupRow {
  id: number;
  name: string;
  keycloakName: string | null;
}

export interface SyncObjectRow {
  id: number;
  plattform: Platform;
  externalId: string;
  description: string;
  groupId: number | null;
}

export const SYNC_GROUPS: SyncGroupRow[] = [
  { id: 1, name: 'Admin', keycloakName: '/team/admin' },
  { id: 2, name: 'Support', keycloakName: '/team/support' },
  { id: 3, name: 'Polizei', keycloakName: '/fraktionen/polizei' },
  { id: 4, name: 'Medic', keycloakName: '/fraktionen/medic' },
  { id: 5, name: 'Grove Street', keycloakName: '/gangs/grove-street' },
  { id: 6, name: 'Ballas', keycloakName: '/gangs/ballas' },
  { id: 7, name: 'Premium', keycloakName: null },
];

/** Teamspeak server group ids are small numbers; Discord role ids are 18–19 digit snowflakes. */
const rows: [Platform, string, string, number | null][] = [
  ['teamspeak', '6', 'Servergruppe Server Admin', 1],
  ['teamspeak', '9', 'Servergruppe Supporter', 2],
  ['teamspeak', '12', 'Servergruppe Polizei (LSPD)', 3],
  ['teamspeak', '13', 'Servergruppe Rettungsdienst', 4],
  ['teamspeak', '20', 'Servergruppe Grove Street Families', 5],
  ['teamspeak', '21', 'Servergruppe Ballas', 6],
  ['teamspeak', '30', 'Servergruppe Premium', 7],
  ['teamspeak', '31', 'Servergruppe Eventteam', null],
  ['discord', '1187364520918273301', 'Rolle Admin', 1],
  ['discord', '1187364520918273302', 'Rolle Supporter', 2],
  ['discord', '1187364520918273303', 'Rolle LSPD', 3],
  ['discord', '1187364520918273304', 'Rolle Medic', 4],
  ['discord', '1187364520918273305', 'Rolle Grove Street', 5],
  ['discord', '1187364520918273306', 'Rolle Ballas', 6],
  ['discord', '1187364520918273307', 'Rolle Premium', 7],
  ['discord', '1187364520918273308', 'Rolle Verifiziert', null],
];

export const SYNC_OBJECTS: SyncObjectRow[] = rows.map(([plattform, externalId, description, groupId], i) => ({
  id: i + 1,
  plattform,
  externalId,
  description,
  groupId,
}));
