import { SYNC_MANAGER_TEXTS as T } from '@nova/domain';
import { useForm } from 'react-hook-form';
import { Checkbox, Field, Input } from '../../components/ui/field';
import { MessageRegion } from '../../components/ui/timed-message';
import { trpc } from '../../lib/trpc';
import type { SyncGroupRow, SyncObjectRow } from './api';
import { useSyncFormActions, type Resumed } from './dialog-state';
import { FormFooter } from './form-footer';
import type { GroupValues as Values } from './resume';
/** Errors about single memberships (`syncObjects.0.id`) are shown above the buttons. */
const FIELDS = ['name', 'keycloakName'] as const;

/**
 * The sync group modal (doc 2 §2, §4, §5, §8): Name (required), Keycloak Gruppe (optional) and a
 * checkbox list of all sync objects shown as "description [platform]". `resumed`: back from the
 * sign-in with what the form held then; after a delete's re-authentication the confirmation is open.
 */
export function GroupForm({
  row,
  objects,
  resumed,
  onDone,
}: {
  row: SyncGroupRow | null;
  objects: SyncObjectRow[];
  resumed?: Resumed<Values>;
  onDone: (text: string) => void;
}) {
  const form = useForm<Values>({
    defaultValues: resumed?.values ?? {
      name: row?.name ?? '',
      keycloakName: row?.keycloakName ?? '',
      members: row?.syncObjects.map((o) => String(o.id)) ?? [],
    },
  });
  const { failure, fail, removeWith } = useSyncFormActions('groups', row?.id ?? null, form, FIELDS);
  const create = trpc.syncManager.groups.create.useMutation();
  const update = trpc.syncManager.groups.update.useMutation();
  const remove = trpc.syncManager.groups.remove.useMutation();
  const busy = create.isPending || update.isPending || remove.isPending;

  const submit = form.handleSubmit(async ({ name, keycloakName, members }) => {
    failure.clear();
    const values = {
      name,
      keycloakName: keycloakName.trim() === '' ? null : keycloakName,
      syncObjects: members.map((id) => ({ id: Number(id) })),
    };
    try {
      if (row) {
        await update.mutateAsync({ id: row.id, values });
        onDone(T.groupUpdated);
      } else {
        await create.mutateAsync({ values });
        onDone(T.groupCreated);
      }
    } catch (error) {
      fail(error, row ? T.groupUpdateFailed : T.groupCreateFailed);
    }
  });

  const removeRow = () =>
    removeWith(
      (id) => remove.mutateAsync({ id }),
      { deleted: T.groupDeleted, failed: T.groupDeleteFailed },
      onDone,
    );

  const { errors } = form.formState;
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
      <Field label={T.columns.name} error={errors.name?.message}>
        {(props) => <Input {...props} {...form.register('name')} required autoComplete="off" />}
      </Field>
      <Field label={T.columns.keycloakName} error={errors.keycloakName?.message}>
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
              label={`${object.description} [${object.plattform}]`}
              {...form.register('members')}
            />
          ))}
        </div>
      </fieldset>
      <MessageRegion message={failure.message} />
      <FormFooter
        editing={row !== null}
        busy={busy}
        what="Diese Sync Gruppe"
        onRemove={removeRow}
        resumedDelete={resumed?.intent === 'remove'}
      />
    </form>
  );
}
