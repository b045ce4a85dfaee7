/**
 * Sync manager rules that need the game API's data (specification §4): no two objects with the same
 * platform and external id, no two groups with the same name (case-insensitive, NFC), and a sync
 * object in one group only, so a group that takes an object from another changes that group too.
 * The formats of single fields are the input schema's (@nova/contracts sync.ts), except the Keycloak
 * group's: it is checked here, where the stored value is known, and only when the write changes it.
 */
import { keycloakGroupProblem } from '@nova/contracts';
import { fieldError } from '../kinds/errors';
import type { SyncGroupRow, SyncObjectRow } from './sync-manager';
import type { RelatedChange } from '../audit/audited';

export const DUPLICATE_EXTERNAL_ID = (description: string) =>
  `Diese externe ID ist auf dieser Plattform schon vergeben („${description}“).`;
export const DUPLICATE_GROUP_NAME = 'Eine Sync Gruppe mit diesem Namen gibt es schon.';

const sameName = (a: string, b: string) =>
  a.normalize('NFC').trim().toLocaleLowerCase('de') === b.normalize('NFC').trim().toLocaleLowerCase('de');

/**
 * Refuses an object whose platform and external id another object (not `id`) of the list already
 * has; an object's write changes no other target.
 */
export function checkObject(
  objects: readonly SyncObjectRow[],
  values: { plattform: string; externalId: string },
  id: number | null,
): RelatedChange[] {
  const taken = objects.find(
    (o) =>
      o.id !== id && o.plattform === values.plattform && o.externalId.trim() === values.externalId.trim(),
  );
  if (taken) throw fieldError('externalId', DUPLICATE_EXTERNAL_ID(taken.description));
  return [];
}

/** A Keycloak group as compared: absent, null and blank alike, texts in NFC. */
const keycloakOf = (value: string | null | undefined) => (value ?? '').normalize('NFC').trim();

/**
 * Refuses a Keycloak group that is no group name or path (`keycloakGroupProblem`) when it is new or
 * differs from the one the game API holds for group `id`: a value stored before today's rule does
 * not block a save that leaves it as it is (ticking an object, a rename).
 */
function checkKeycloakGroup(
  groups: readonly SyncGroupRow[],
  value: string | null | undefined,
  id: number | null,
): void {
  const wanted = keycloakOf(value);
  if (wanted === '') return;
  const stored = id === null ? undefined : groups.find((g) => g.id === id);
  if (stored && keycloakOf(stored.keycloakName) === wanted) return;
  const problem = keycloakGroupProblem(wanted);
  if (problem) throw fieldError('keycloakName', problem);
}

/**
 * Refuses a group name another group (not `id`) of the list has, and a changed Keycloak group that is
 * no group name or path; returns the other groups the write
 * takes objects from, each with its state before and after, for the audit (one record per group).
 */
export function checkGroup(
  groups: readonly SyncGroupRow[],
  values: { name: string; keycloakName?: string | null | undefined; syncObjects: { id: number }[] },
  id: number | null,
): RelatedChange[] {
  if (groups.some((g) => g.id !== id && sameName(g.name, values.name))) {
    throw fieldError('name', DUPLICATE_GROUP_NAME);
  }
  checkKeycloakGroup(groups, values.keycloakName, id);
  const taken = new Set(values.syncObjects.map((o) => o.id));
  return groups
    .filter((g) => g.id !== id && g.syncObjects.some((o) => taken.has(o.id)))
    .map((g: SyncGroupRow) => ({
      action: 'syncManager.groups.update',
      target: { type: 'sync.group', id: g.id },
      before: g,
      after: { ...g, syncObjects: g.syncObjects.filter((o) => !taken.has(o.id)) },
      detail: `Sync Objekte an „${values.name}“ abgegeben`,
    }));
}
