import { PLATFORMS, PLATFORM_LABELS, SYNC_MANAGER_TEXTS as T, type Platform } from '@nova/domain';
import { useForm } from 'react-hook-form';
import { Field, Input, Select } from '../../components/ui/field';
import { MessageRegion } from '../../components/ui/timed-message';
import { trpc } from '../../lib/trpc';
import type { SyncObjectRow } from './api';
import { useSyncFormActions, type Resumed } from './dialog-state';
import { FormFooter } from './form-footer';
import type { ObjectValues } from './resume';

interface Values {
  plattform: Platform | '';
  externalId: string;
  description: string;
}
const FIELDS = ['plattform', 'externalId', 'description'] as const;

/**
 * The sync object modal (doc 2 §4, §5, §8): create mode starts with plattform teamspeak and empty
 * texts, edit mode with a copy of the row. Checked by the BFF (German messages under the fields); the
 * object's group is sent back unchanged, because PUT replaces the whole object (doc 2 §7).
 * `resumed`: back from the sign-in with what the form held then; after a delete's re-authentication
 * the delete confirmation is open.
 */
export function ObjectForm({
  row,
  resumed,
  onDone,
}: {
  row: SyncObjectRow | null;
  resumed?: Resumed<ObjectValues>;
  onDone: (text: string) => void;
}) {
  const left = resumed?.values;
  const form = useForm<Values>({
    defaultValues: left
      ? { ...left, plattform: PLATFORMS.find((p) => p === left.plattform) ?? '' }
      : row
        ? { plattform: row.plattform, externalId: row.externalId, description: row.description }
        : { plattform: 'teamspeak', externalId: '', description: '' },
  });
  const { failure, fail, removeWith } = useSyncFormActions('objects', row?.id ?? null, form, FIELDS);
  const create = trpc.syncManager.objects.create.useMutation();
  const update = trpc.syncManager.objects.update.useMutation();
  const remove = trpc.syncManager.objects.remove.useMutation();
  const busy = create.isPending || update.isPending || remove.isPending;

  const submit = form.handleSubmit(async (values) => {
    failure.clear();
    // The BFF checks the platform; an empty choice reaches it as a missing value.
    const body = { ...values, plattform: values.plattform as Platform };
    try {
      if (row) {
        await update.mutateAsync({ id: row.id, values: { ...body, syncGroup: row.syncGroup ?? null } });
        onDone(T.objectUpdated);
      } else {
        await create.mutateAsync({ values: body });
        onDone(T.objectCreated);
      }
    } catch (error) {
      fail(error, row ? T.objectUpdateFailed : T.objectCreateFailed);
    }
  });

  const removeRow = () =>
    removeWith(
      (id) => remove.mutateAsync({ id }),
      { deleted: T.objectDeleted, failed: T.objectDeleteFailed },
      onDone,
    );

  const { errors } = form.formState;
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
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
      <MessageRegion message={failure.message} />
      <FormFooter
        editing={row !== null}
        busy={busy}
        what="Dieses Sync Objekt"
        onRemove={removeRow}
        resumedDelete={resumed?.intent === 'remove'}
      />
    </form>
  );
}
