/**
 * Sync manager state (specification §3.16, §7). An object belongs to at most one group, so the membership is
 * stored once, on the object; `SyncObject.syncGroup` and `SyncGroup.syncObjects` are both derived.
 */
import type { SyncGroupInput, SyncObjectInput } from '@nova/contracts';
import type { z } from 'zod';
import { SYNC_GROUPS, SYNC_OBJECTS, type SyncGroupRow, type SyncObjectRow } from './data/sync';
import { ValidationError } from './errors';
import { Table } from './table';
import type { SyncGroup, SyncObject } from './types';

type ObjectInput = z.output<typeof SyncObjectInput>;
type GroupInput = z.output<typeof SyncGroupInput>;

export class SyncStore {
  private readonly groups = new Table<SyncGroupRow>(SYNC_GROUPS);
  private readonly objects = new Table<SyncObjectRow>(SYNC_OBJECTS);

  listObjects(): SyncObject[] {
    return this.objects.list().map((row) => this.toObject(row));
  }

  getObject(id: number): SyncObject | undefined {
    const row = this.objects.get(id);
    return row && this.toObject(row);
  }

  createObject(input: ObjectInput): SyncObject {
    return this.toObject(this.objects.create(this.objectRow(input)));
  }

  /** PUT replaces the whole object: a missing `syncGroup` removes it from its group. */
  updateObject(id: number, input: ObjectInput): SyncObject | undefined {
    const row = this.objects.get(id) && this.objects.update(id, this.objectRow(input));
    return row && this.toObject(row);
  }

  deleteObject(id: number): boolean {
    return this.objects.delete(id);
  }

  listGroups(): SyncGroup[] {
    return this.groups.list().map((row) => this.toGroup(row));
  }

  getGroup(id: number): SyncGroup | undefined {
    const row = this.groups.get(id);
    return row && this.toGroup(row);
  }

  createGroup(input: GroupInput): SyncGroup {
    const memberIds = this.memberIds(input);
    const row = this.groups.create({ name: input.name, keycloakName: input.keycloakName ?? null });
    this.setMembers(row.id, memberIds);
    return this.toGroup(row);
  }

  /** The listed objects join this group (leaving any other); objects not listed leave it. */
  updateGroup(id: number, input: GroupInput): SyncGroup | undefined {
    if (!this.groups.get(id)) return undefined;
    const memberIds = this.memberIds(input);
    const row = this.groups.update(id, { name: input.name, keycloakName: input.keycloakName ?? null });
    this.setMembers(id, memberIds);
    return row && this.toGroup(row);
  }

  /** Deleting a group keeps its objects, now without a group. */
  deleteGroup(id: number): boolean {
    if (!this.groups.delete(id)) return false;
    this.setMembers(id, new Set());
    return true;
  }

  private toObject(row: SyncObjectRow): SyncObject {
    const group = row.groupId === null ? undefined : this.groups.get(row.groupId);
    return {
      id: row.id,
      plattform: row.plattform,
      externalId: row.externalId,
      description: row.description,
      syncGroup: group ? { id: group.id, name: group.name } : null,
    };
  }

  private toGroup(row: SyncGroupRow): SyncGroup {
    return {
      id: row.id,
      name: row.name,
      keycloakName: row.keycloakName,
      syncObjects: this.objects
        .list()
        .filter((o) => o.groupId === row.id)
        .map(({ id, plattform, externalId, description }) => ({ id, plattform, externalId, description })),
    };
  }

  /** `syncGroup` by id, or by name when the id is missing; an unknown group is a field error. */
  private objectRow(input: ObjectInput): Omit<SyncObjectRow, 'id'> {
    const ref = input.syncGroup;
    let groupId: number | null = null;
    if (ref) {
      const group =
        ref.id === undefined ? this.groups.list().find((g) => g.name === ref.name) : this.groups.get(ref.id);
      if (!group)
        throw new ValidationError({
          [ref.id === undefined ? 'syncGroup.name' : 'syncGroup.id']: 'Unbekannte Sync Gruppe',
        });
      groupId = group.id;
    }
    return {
      plattform: input.plattform,
      externalId: input.externalId,
      description: input.description,
      groupId,
    };
  }

  private memberIds(input: GroupInput): Set<number> {
    const errors: Record<string, string> = {};
    input.syncObjects.forEach(({ id }, i) => {
      if (!this.objects.get(id)) errors[`syncObjects.${i}.id`] = 'Unbekanntes Sync Objekt';
    });
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
    return new Set(input.syncObjects.map((o) => o.id));
  }

  private setMembers(groupId: number, memberIds: ReadonlySet<number>): void {
    for (const row of this.objects.list()) {
      if (memberIds.has(row.id)) row.groupId = groupId;
      else if (row.groupId === groupId) row.groupId = null;
    }
  }
}
