import type { CatalogueItem } from '@nova/contracts';
import {
  CATALOGUES,
  catalogueMessages,
  editableFields,
  numberInputText,
  optionLabel,
  type Catalogue,
  type CatalogueField,
  type CatalogueKey,
} from '@nova/domain';
import type { UseFormReturn } from 'react-hook-form';
import { Field, Input, Select } from '../../components/ui/field';
import { WriteDialog, type WriteEditor } from '../../components/write-dialog/write-dialog';
import type { WriteDialogState } from '../../lib/write-dialog';
import { useCatalogueUtils, useCatalogueWrites } from './catalogue-api';
import {
  catalogueValues,
  emptyValues,
  numberProblem,
  numericInput,
  tidyNumberText,
  valuesOf,
  type CatalogueValues,
  type FormValues,
} from './form-values';

/**
 * The add/edit dialog of a catalogue screen (specification §4–§5, §8.7), a chunk of its own (decision 042):
 * fields from the registry, numbers as numeric text, yes/no and option fields as selects with the
 * spec's labels, the id read-only when editing. Saving, deleting and what can go wrong on the way
 * are the write dialog's (decision 045); checked by the BFF with the contract's schemas (decision 008).
 */
export function CatalogueDialog<K extends CatalogueKey>({
  catalogueKey,
  dialog,
  onDone,
}: {
  catalogueKey: K;
  dialog: WriteDialogState<CatalogueItem<K>, FormValues>;
  onDone: (text: string) => void;
}) {
  const catalogue: Catalogue = CATALOGUES[catalogueKey];
  const calls = useCatalogueWrites(catalogueKey);
  const utils = useCatalogueUtils(catalogueKey);
  const messages = catalogueMessages(catalogue.entity);
  const fields = editableFields(catalogue);
  const editor: WriteEditor<CatalogueItem<K>, FormValues, CatalogueValues<K>> = {
    texts: {
      createTitle: messages.add,
      editTitle: messages.edit,
      createSubmit: 'Hinzufügen',
      created: messages.created,
      updated: messages.updated,
      removed: messages.removed,
      createFailed: messages.createFailed,
      updateFailed: messages.updateFailed,
      removeFailed: messages.removeFailed,
      removeQuestion: (row) => `${catalogue.entity} mit der ID ${String(row.id)} wirklich löschen?`,
    },
    fields: fields.map(({ name, label }) => ({ name, label })),
    valuesOf: (row) => (row ? valuesOf(catalogue, row) : emptyValues(catalogue)),
    payloadOf: (values) => catalogueValues(catalogueKey, values),
    show: (name, values) =>
      shown(
        fields.find((field) => field.name === name),
        values[name] ?? '',
      ),
    canRemove: catalogue.canCreate,
    calls,
    invalidate: () => utils.list.invalidate(),
  };

  return (
    <WriteDialog dialog={dialog} editor={editor} onDone={onDone}>
      {(form, row) => (
        <>
          {row && <Field label="ID">{(props) => <Input {...props} value={String(row.id)} readOnly />}</Field>}
          <div className="grid gap-4 sm:grid-cols-2">
            {editableFields(catalogue).map((field) => (
              <FormField key={field.name} field={field} form={form} />
            ))}
          </div>
        </>
      )}
    </WriteDialog>
  );
}

/** A form value as the conflict shows it: option labels, "–" for empty. */
function shown(field: CatalogueField | undefined, text: string): string {
  if (field && (field.kind === 'yes-no' || field.kind === 'options')) {
    if (text === '') return field.kind === 'yes-no' ? 'Nein' : '–';
    return optionLabel(field.options ?? [], Number(text));
  }
  if (field?.none !== undefined && text.trim() === String(field.none)) return '–';
  return text === '' ? '–' : text;
}

function FormField({ field, form }: { field: CatalogueField; form: UseFormReturn<FormValues> }) {
  const error = form.formState.errors[field.name]?.message;
  // A number that cannot be read stops the save with its message under the field (decision 088).
  const registration = form.register(field.name, {
    validate: (text: string) => numberProblem(field, text) ?? true,
  });
  return (
    <Field label={field.label} error={error} hint={hintOf(field)}>
      {(props) => {
        if (field.kind === 'yes-no' || field.kind === 'options') {
          return (
            <Select {...props} {...registration}>
              {/* Yes/no starts at "Nein" (sent as 0 anyway): one option per value. */}
              {field.kind === 'options' && <option value="">Bitte wählen</option>}
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
                // Specification §5.5: a non-numeric keystroke is ignored. Pasted or dropped text is kept as it
                // came and checked at once: an unreadable number shows its error, never vanishes.
                const typed =
                  (event.nativeEvent as Partial<InputEvent>).inputType?.startsWith('insertText') === true;
                if (typed && numericInput(field, event.target.value) === null) {
                  event.target.value = form.getValues(field.name);
                  return;
                }
                void registration.onChange(event).then(() => {
                  if (!typed || form.formState.errors[field.name]) void form.trigger(field.name);
                });
              }}
              onBlur={(event) => {
                const tidy = tidyNumberText(field, event.target.value);
                if (tidy !== event.target.value) form.setValue(field.name, tidy);
                void registration.onBlur(event);
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
  if (field.kind !== 'number') return undefined;
  if (field.labels) return field.labels.map((label) => `${label.value} ${label.label}`).join(', ');
  // Specification §9: an emptied skin field gets the spec's default, not 0.
  if (field.none !== undefined) return `Leer oder ${field.none} bedeutet keine`;
  return typeof field.default === 'number' ? `Leer bedeutet ${numberInputText(field.default)}` : undefined;
}
