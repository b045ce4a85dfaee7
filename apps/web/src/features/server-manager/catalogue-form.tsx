import {
  catalogueMessages,
  editableFields,
  type Catalogue,
  type CatalogueField,
  type CatalogueKey,
} from '@nova/domain';
import { useMemo, useState } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { Button } from '../../components/ui/button';
import { Field, Input, Select } from '../../components/ui/field';
import { MessageRegion, useTimedMessage } from '../../components/ui/timed-message';
import { applyFieldErrors, useSessionLoss } from '../../lib/mutation';
import { beginStepUp, isStepUpRequired } from '../../lib/step-up';
import { useCatalogueApi } from './catalogue-api';
import { draftScope, type CatalogueDraft, type FormMode, type Outcome } from './draft';
import { isNumericText, payloadOf, type FormValues } from './form-values';

/**
 * The add/edit form of the generic table (doc 2 §4–§5, §8): fields from the registry, numbers as
 * numeric text, yes/no and option fields as selects with the spec's labels, the id read-only when
 * editing. A failure keeps the dialog open with the input intact: field errors under the fields,
 * the spec's "… konnte nicht … werden" above the buttons.
 */
export function CatalogueForm({
  catalogueKey,
  catalogue,
  mode,
  initialValues,
  initialConfirmRemove = false,
  onDone,
}: {
  catalogueKey: CatalogueKey;
  catalogue: Catalogue;
  mode: FormMode;
  initialValues: FormValues;
  initialConfirmRemove?: boolean;
  onDone: (outcome: Outcome) => void;
}) {
  const api = useCatalogueApi(catalogueKey);
  const messages = catalogueMessages(catalogue.entity);
  const fields = useMemo(() => editableFields(catalogue), [catalogue]);
  // Checked by the BFF with the contract's schemas (decision 008): one round trip, German messages
  // under the fields, and no schema library in the admin chunk.
  const form = useForm<FormValues>({ defaultValues: initialValues });
  const failure = useTimedMessage();
  const [confirmRemove, setConfirmRemove] = useState(initialConfirmRemove);
  const sessionLost = useSessionLoss();
  const create = api.create.useMutation();
  const update = api.update.useMutation();
  const remove = api.remove.useMutation();
  const busy = create.isPending || update.isPending || remove.isPending;

  const fail = (error: unknown, text: string) => {
    const draft = { scope: draftScope(catalogueKey), state: { mode, values: form.getValues() } };
    if (sessionLost(error, draft)) return;
    const rest = applyFieldErrors(
      error,
      fields.map((field) => field.name),
      form.setError,
    );
    failure.show({ tone: 'error', text: rest?.length ? `${text}: ${rest.join(' ')}` : text });
  };

  const submit = form.handleSubmit(async (values) => {
    failure.clear();
    form.clearErrors();
    const payload = payloadOf(catalogue, values);
    try {
      if (mode.kind === 'create') {
        await create.mutateAsync({ values: payload });
        onDone('created');
      } else {
        await update.mutateAsync({ id: mode.row.id, values: payload });
        onDone('updated');
      }
    } catch (error) {
      fail(error, mode.kind === 'create' ? messages.createFailed : messages.updateFailed);
    }
  });

  const removeRow = async () => {
    if (mode.kind !== 'edit') return;
    failure.clear();
    try {
      await remove.mutateAsync({ id: mode.row.id });
      onDone('removed');
    } catch (error) {
      if (isStepUpRequired(error)) {
        // Decision 022: deleting needs a fresh sign-in; the dialog comes back confirmed-ready.
        const draft: CatalogueDraft = { mode, values: form.getValues(), confirmRemove: true };
        beginStepUp(draftScope(catalogueKey), draft);
        return;
      }
      setConfirmRemove(false);
      fail(error, messages.removeFailed);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
      {mode.kind === 'edit' && (
        <Field label="ID">{(props) => <Input {...props} value={String(mode.row.id)} readOnly />}</Field>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        {fields.map((field) => (
          <FormField key={field.name} field={field} form={form} />
        ))}
      </div>
      <MessageRegion message={failure.message} />
      {confirmRemove ? (
        <div
          role="group"
          aria-label="Löschen bestätigen"
          className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
        >
          {initialConfirmRemove && (
            <p className="mb-2 font-semibold">Du hast dich erneut angemeldet. Bestätige jetzt das Löschen.</p>
          )}
          <p className="mb-3">
            {catalogue.entity} mit der ID {String(mode.kind === 'edit' ? mode.row.id : '')} wirklich löschen?
            Das kann nicht rückgängig gemacht werden.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button variant="danger" disabled={busy} onClick={() => void removeRow()}>
              Endgültig löschen
            </Button>
            <Button variant="secondary" disabled={busy} onClick={() => setConfirmRemove(false)}>
              Abbrechen
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap justify-end gap-2">
          {mode.kind === 'edit' && catalogue.canCreate && (
            <Button
              variant="danger"
              className="mr-auto"
              disabled={busy}
              onClick={() => setConfirmRemove(true)}
            >
              Löschen
            </Button>
          )}
          <Button type="submit" disabled={busy}>
            {mode.kind === 'create' ? 'Hinzufügen' : 'Speichern'}
          </Button>
        </div>
      )}
    </form>
  );
}

function FormField({ field, form }: { field: CatalogueField; form: UseFormReturn<FormValues> }) {
  const error = form.formState.errors[field.name]?.message;
  const registration = form.register(field.name);
  return (
    <Field label={field.label} error={error} hint={hintOf(field)}>
      {(props) => {
        if (field.kind === 'yes-no' || field.kind === 'options') {
          return (
            <Select {...props} {...registration}>
              <option value="">{field.kind === 'yes-no' ? 'Nein (Standard)' : 'Bitte wählen'}</option>
              {(field.options ?? []).map((option) => (
                <option key={option.value} value={String(option.value)}>
                  {option.label}
                </option>
              ))}
            </Select>
          );
        }
        if (field.kind === 'number') {
          return (
            <Input
              {...props}
              {...registration}
              inputMode={field.decimals ? 'decimal' : 'numeric'}
              autoComplete="off"
              onChange={(event) => {
                // Doc 2 §5: non-numeric keystrokes are ignored.
                if (!isNumericText(field, event.target.value)) {
                  event.target.value = form.getValues(field.name);
                  return;
                }
                void registration.onChange(event);
              }}
            />
          );
        }
        if (field.kind === 'colour') {
          return (
            <div className="flex gap-2">
              <Input {...props} {...registration} placeholder="#RRGGBB" autoComplete="off" />
              <input
                type="color"
                aria-label={`${field.label} auswählen`}
                className="h-10 w-12 shrink-0 cursor-pointer rounded-lg border border-slate-300 bg-white p-1 dark:border-slate-600 dark:bg-slate-950"
                value={/^#[0-9a-f]{6}$/i.test(form.watch(field.name)) ? form.watch(field.name) : '#000000'}
                onChange={(event) =>
                  form.setValue(field.name, event.target.value.toUpperCase(), { shouldDirty: true })
                }
              />
            </div>
          );
        }
        return (
          <Input
            {...props}
            {...registration}
            type={field.kind === 'url' ? 'url' : 'text'}
            autoComplete="off"
            {...(field.maxLength ? { maxLength: field.maxLength } : {})}
          />
        );
      }}
    </Field>
  );
}

function hintOf(field: CatalogueField): string | undefined {
  // Doc 2 §9: an emptied skin field gets the spec's default, not 0.
  return field.kind === 'number' && typeof field.default === 'number'
    ? `Leer bedeutet ${field.default}`
    : undefined;
}
