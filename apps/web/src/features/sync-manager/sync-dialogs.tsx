import type { UseFormReturn } from 'react-hook-form';
import { PLATFORMS, PLATFORM_LABELS, SYNC_MANAGER_TEXTS as T, type Platform } from '@nova/domain';
import { Checkbox, Field, Input, Select } from '../../components/ui/field';
import type { WriteEditor } from '../../components/write-dialog/editor';
import { WriteDialog } from '../../components/write-dialog/write-dialog';
import type { WriteDialogState } from '../../lib/write-dialog';
import { useReloadLists, useSyncWrites, type SyncGroupRow, type SyncObjectRow } from './api';
import { LoadFailure } from './load-failure';
import type { GroupValues, ObjectValues } from './values';

/*
 * The two tabs' add/edit dialogs, a chunk of their own (the dialog and react-hook-form): the tables
 * show without them, and they load while the page is idle or when one first opens (decision 042).
 * Saving, deleting and what can go wrong on the way are the write dialog's (decision 045).
 */

const objectLabel = (object: { description: string; plattform: string }) =>
  `${object.description} [${object.plattform}]`;

/**
 * The sync object modal (specification §4.7, §5.4, §8.6): create mode starts with plattform teamspeak and empty
 * texts, edit mode with a copy of the row. The object's group is sent back unchanged, because PUT
 * replaces the whole object (specification §7).
 */
export function ObjectDialog({
  dialog,
  onDone,
}: {
  dialog: WriteDialogState<SyncObjectRow, ObjectValues>;
  onDone: (text: string) => void;
}) {
  const calls = useSyncWrites().objects;
  const reload = useReloadLists();
  const editor: WriteEditor<SyncObjectRow, ObjectValues> = {
    texts: {
      createTitle: T.addObject,
      editTitle: 'Sync Objekt bearbeiten',
      createSubmit: T.save,
      created: T.objectCreated,
      updated: T.objectUpdated,
      removed: T.objectDeleted,
      createFailed: T.objectCreateFailed,
      updateFailed: T.objectUpdateFailed,
      removeFailed: T.objectDeleteFailed,
      removeQuestion: () => 'Dieses Sync Objekt wirklich löschen?',
    },
    fields: [
      { name: 'plattform', label: T.columns.plattform },
      { name: 'externalId', label: T.columns.externalId },
      { name: 'description', label: T.columns.description },
    ],
    valuesOf: (row) =>
      row
        ? { plattform: row.plattform, externalId: row.externalId, description: row.description }
        : { plattform: 'teamspeak', externalId: '', description: '' },
    // The BFF checks the platform; an empty choice reaches it as a missing value.
    payloadOf: (values, row) => ({
      ...values,
      plattform: values.plattform as Platform,
      ...(row ? { syncGroup: row.syncGroup ?? null } : {}),
    }),
    show: (name, values) => {
      const value = values[name as keyof ObjectValues];
      if (name === 'plattform')
        return PLATFORMS.find((p) => p === value) ? PLATFORM_LABELS[value as Platform] : '–';
      return value === '' ? '–' : value;
    },
    canRemove: true,
    calls,
    invalidate: reload,
    auditTarget: 'sync.object',
    presence: 'syncObjects',
  };
  return (
    <WriteDialog dialog={dialog} editor={editor} onDone={onDone}>
      {(form) => {
        const { errors } = form.formState;
        return (
          <>
            <Field label={T.columns.plattform} error={errors.plattform?.message}>
              {(props) => (
                <Select {...props} {...form.register('plattform')} required>
                  {PLATFORMS.map((p) => (
                    <option key={p} value={p}>
                      {PLATFORM_LABELS[p]}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field label={T.columns.externalId} error={errors.externalId?.message}>
              {(props) => <Input {...props} {...form.register('externalId')} required autoComplete="off" />}
            </Field>
            <Field label={T.columns.description} error={errors.description?.message}>
              {(props) => <Input {...props} {...form.register('description')} required autoComplete="off" />}
            </Field>
          </>
        );
      }}
    </WriteDialog>
  );
}

/** The group an object belongs to now (specification §4: one at most), by id or, without one, by name. */
function belongsTo(object: SyncObjectRow, group: SyncGroupRow | null): boolean {
  const current = object.syncGroup;
  if (!current || !group) return false;
  return current.id !== undefined ? current.id === group.id : current.name === group.name;
}

/**
 * What ticking or unticking an object does: it shows the group the object belongs to now, and
 * that saving moves it (specification §4.7: a sync object belongs to one group).
 */
function membershipNote(object: SyncObjectRow, group: SyncGroupRow | null, checked: boolean): string {
  const current = object.syncGroup;
  if (belongsTo(object, group)) {
    return checked ? 'Gehört zu dieser Gruppe' : 'Gehört zu dieser Gruppe – wird daraus entfernt';
  }
  if (!current) return 'Gehört zu keiner Gruppe';
  return checked
    ? `Gehört zu „${current.name}“ – wird aus „${current.name}“ entfernt`
    : `Gehört zu „${current.name}“`;
}

/**
 * The sync group modal (specification §2.32, §4.7, §5.4, §8.6): Name (required), Keycloak Gruppe (optional) and a
 * checkbox list of all sync objects shown as "description [platform]", each with the group it
 * belongs to now. Errors about single memberships (`syncObjects.0.id`) are shown above the buttons.
 */
export function GroupDialog({
  dialog,
  objects,
  objectsFailed,
  onRetryObjects,
  onDone,
}: {
  dialog: WriteDialogState<SyncGroupRow, GroupValues>;
  objects: SyncObjectRow[];
  /** The objects a group links could not be loaded: the form cannot be shown. */
  objectsFailed: boolean;
  onRetryObjects: () => void;
  onDone: (text: string) => void;
}) {
  const calls = useSyncWrites().groups;
  const reload = useReloadLists();
  const editor = groupEditor(calls, reload, objects);
  return (
    <WriteDialog
      dialog={dialog}
      editor={editor}
      onDone={onDone}
      unavailable={
        objectsFailed ? <LoadFailure text={T.objectsLoadFailed} onRetry={onRetryObjects} /> : undefined
      }
      removeNote={(row) =>
        row.syncObjects.length > 0 && (
          <p className="mb-3">
            Danach gehören diese Sync Objekte keiner Gruppe mehr an:{' '}
            {row.syncObjects.map(objectLabel).join(', ')}. Beim Rückgängigmachen kommen sie wieder in die
            Gruppe.
          </p>
        )
      }
    >
      {(form, row) => groupFields(form, row, objects)}
    </WriteDialog>
  );
}

function groupEditor(
  calls: WriteEditor<SyncGroupRow, GroupValues>['calls'],
  reload: () => Promise<unknown>,
  objects: SyncObjectRow[],
): WriteEditor<SyncGroupRow, GroupValues> {
  return {
    texts: {
      createTitle: T.addGroup,
      editTitle: 'Sync Gruppe bearbeiten',
      createSubmit: T.save,
      created: T.groupCreated,
      updated: T.groupUpdated,
      removed: T.groupDeleted,
      createFailed: T.groupCreateFailed,
      updateFailed: T.groupUpdateFailed,
      removeFailed: T.groupDeleteFailed,
      removeQuestion: () => 'Diese Sync Gruppe wirklich löschen?',
    },
    fields: [
      { name: 'name', label: T.columns.name },
      { name: 'keycloakName', label: T.columns.keycloakName },
      { name: 'members', label: T.columns.linkedObjects },
    ],
    valuesOf: (row) => ({
      name: row?.name ?? '',
      keycloakName: row?.keycloakName ?? '',
      members: row?.syncObjects.map((o) => String(o.id)).sort() ?? [],
    }),
    payloadOf: ({ name, keycloakName, members }) => ({
      name,
      keycloakName: keycloakName.trim() === '' ? null : keycloakName,
      syncObjects: members.map((id) => ({ id: Number(id) })),
    }),
    show: (name, values) => {
      if (name !== 'members') {
        const text = values[name as 'name' | 'keycloakName'];
        return text === '' ? '–' : text;
      }
      const labels = values.members.map((id) => {
        const object = objects.find((o) => String(o.id) === id);
        return object ? objectLabel(object) : `#${id}`;
      });
      return labels.length > 0 ? labels.sort().join(', ') : '–';
    },
    canRemove: true,
    calls,
    invalidate: reload,
    auditTarget: 'sync.group',
    presence: 'syncGroups',
  };
}

/** Keycloak's group mapper names a group either way; the BFF checks a changed value only. */
const KEYCLOAK_HINT = 'Gruppenname (z. B. pruefteam) oder Pfad (z. B. /team/admin); leer für keine.';

/** The group's fields; a plain function, not a component, so `watch` re-renders it with the form. */
function groupFields(form: UseFormReturn<GroupValues>, row: SyncGroupRow | null, objects: SyncObjectRow[]) {
  const { errors } = form.formState;
  const checked = form.watch('members');
  return (
    <>
      <Field label={T.columns.name} error={errors.name?.message}>
        {(props) => <Input {...props} {...form.register('name')} required autoComplete="off" />}
      </Field>
      <Field label={T.columns.keycloakName} hint={KEYCLOAK_HINT} error={errors.keycloakName?.message}>
        {(props) => <Input {...props} {...form.register('keycloakName')} autoComplete="off" />}
      </Field>
      <fieldset className="space-y-2">
        <legend className="mb-1 text-sm font-medium">{T.columns.linkedObjects}</legend>
        <div className="max-h-64 space-y-1 overflow-y-auto rounded-lg border border-slate-200 p-2 dark:border-slate-700">
          {objects.length === 0 && <p className="text-sm">{T.noObjects}</p>}
          {objects.map((object) => (
            <Checkbox
              key={object.id}
              value={String(object.id)}
              label={objectLabel(object)}
              note={membershipNote(object, row, checked.includes(String(object.id)))}
              {...form.register('members')}
            />
          ))}
        </div>
      </fieldset>
    </>
  );
}
