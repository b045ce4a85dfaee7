import { PLATFORMS, PLATFORM_LABELS, SYNC_MANAGER_TEXTS as T, type Platform } from '@nova/domain';
import { useForm } from 'react-hook-form';
import { Field, Input, Select } from '../../components/ui/field';
import { MessageRegion, useTimedMessage } from '../../components/ui/timed-message';
import { applyFieldErrors, useSessionLoss } from '../../lib/mutation';
import { isStepUpRequired } from '../../lib/step-up';
import { trpc } from '../../lib/trpc';
import type { SyncObjectRow } from './api';
import { FormFooter } from './form-footer';
import { beginSyncStepUp, sessionDraft, type ObjectValues, type ResumeIntent } from './resume';

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
 * `resumed`: back from the re-authentication a delete asked for, with what the form held then and
 * the delete confirmation open.
 */
export function ObjectForm({
  row,
  resumed,
  resumedIntent = 'remove',
  onDone,
}: {
  row: SyncObjectRow | null;
  resumed?: ObjectValues;
  /** What the dialog was doing when it left for the sign-in. */
  resumedIntent?: ResumeIntent;
  onDone: (text: string) => void;
}) {
  const form = useForm<Values>({
    defaultValues: resumed
      ? { ...resumed, plattform: PLATFORMS.find((p) => p === resumed.plattform) ?? '' }
      : row
        ? { plattform: row.plattform, externalId: row.externalId, description: row.description }
        : { plattform: 'teamspeak', externalId: '', description: '' },
  });
  const failure = useTimedMessage();
  const sessionLost = useSessionLoss();
  const create = trpc.syncManager.objects.create.useMutation();
  const update = trpc.syncManager.objects.update.useMutation();
  const remove = trpc.syncManager.objects.remove.useMutation();
  const busy = create.isPending || update.isPending || remove.isPending;

  const fail = (error: unknown, text: string) => {
    const draft = sessionDraft({
      tab: 'objects',
      id: row?.id ?? null,
      values: form.getValues(),
      intent: 'save',
    });
    if (sessionLost(error, draft)) return;
    const rest = applyFieldErrors(error, FIELDS, form.setError);
    failure.show({ tone: 'error', text: rest?.length ? `${text} ${rest.join(' ')}` : text });
  };

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

  const removeRow = async () => {
    if (!row) return;
    try {
      await remove.mutateAsync({ id: row.id });
      onDone(T.objectDeleted);
    } catch (error) {
      // Decision 022: deleting needs a fresh sign-in; the dialog comes back confirmed-ready.
      if (isStepUpRequired(error)) {
        beginSyncStepUp({ tab: 'objects', id: row.id, values: form.getValues(), intent: 'remove' });
        return;
      }
      fail(error, T.objectDeleteFailed);
    }
  };

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
        resumedDelete={resumed !== undefined && resumedIntent === 'remove'}
      />
    </form>
  );
}
