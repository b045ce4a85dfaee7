import type { CatalogueItem } from '@nova/contracts';
import {
  CATALOGUES,
  catalogueMessages,
  codeText,
  editableFields,
  numberInputText,
  optionLabel,
  parseNumberInput,
  vehicleModelName,
  type Catalogue,
  type CatalogueField,
  type CatalogueKey,
} from '@nova/domain';
import { useState, type ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { Field, Input, Select, type ControlProps } from '../../components/ui/field';
import { FallbackImage } from '../../components/ui/fallback-image';
import { assets } from '../../config/assets';
import type { WriteEditor } from '../../components/write-dialog/editor';
import { WriteDialog } from '../../components/write-dialog/write-dialog';
import type { WriteDialogState } from '../../lib/write-dialog';
import { useCatalogueList, useCatalogueUtils, useCatalogueWrites } from './catalogue-api';
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
  onDone: (text: string, createdId?: number) => void;
}) {
  const catalogue: Catalogue = CATALOGUES[catalogueKey];
  const calls = useCatalogueWrites(catalogueKey);
  const utils = useCatalogueUtils(catalogueKey);
  const messages = catalogueMessages(catalogue.entity);
  const fields = editableFields(catalogue);
  const inUse = useValuesInUse(catalogueKey, fields);
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
    auditTarget: `catalogue.${catalogueKey}`,
    presence: catalogueKey,
  };

  return (
    <WriteDialog dialog={dialog} editor={editor} onDone={onDone}>
      {(form, row) => (
        <>
          {row && <Field label="ID">{(props) => <Input {...props} value={String(row.id)} readOnly />}</Field>}
          {row && catalogue.fields[0]?.shows === 'vehicle-model' && <VehicleModel row={row} />}
          <div className="grid gap-4 sm:grid-cols-2">
            {editableFields(catalogue).map((field) => (
              <FormField key={field.name} field={field} form={form} inUse={inUse.get(field.name)} />
            ))}
          </div>
        </>
      )}
    </WriteDialog>
  );
}

/** A form value as the conflict shows it: option labels, code names, "–" for empty. */
function shown(field: CatalogueField | undefined, text: string): string {
  if (field && (field.kind === 'yes-no' || field.kind === 'options')) {
    if (text === '') return field.kind === 'yes-no' ? 'Nein' : '–';
    return optionLabel(field.options ?? [], Number(text));
  }
  if (field?.none !== undefined && text.trim() === '') return '–';
  const value = field?.kind === 'number' ? parseNumberInput(text, field.decimals === true) : undefined;
  const code = field && value !== undefined ? codeText(field, value) : null;
  return code ?? (text === '' ? '–' : text);
}

/** A value of a `pick: 'in-use'` field, with the descriptions of rows that use it. */
type InUse = Map<number, string[]>;

/**
 * The values the catalogue's rows use in its `pick: 'in-use'` fields (the skins' job, faction and
 * gang): the game API names none of them, so the picker offers the numbers in use with the
 * descriptions of their rows (decision 093). The list is the table's, already loaded.
 */
function useValuesInUse(catalogueKey: CatalogueKey, fields: CatalogueField[]): Map<string, InUse> {
  const rows: Record<string, unknown>[] = useCatalogueList(catalogueKey).data ?? [];
  const byField = new Map<string, InUse>();
  for (const field of fields.filter((candidate) => candidate.pick === 'in-use')) {
    const values: InUse = new Map();
    for (const row of rows) {
      const value = row[field.name];
      if (typeof value !== 'number' || value === field.none) continue;
      const names = values.get(value) ?? [];
      const description = row.description;
      if (typeof description === 'string' && description.trim()) names.push(description.trim());
      values.set(value, names);
    }
    byField.set(field.name, values);
  }
  return byField;
}

/** The vehicle type's model name and picture (decision 093): the record itself has no name. */
function VehicleModel({ row }: { row: { id: number } & Record<string, unknown> }) {
  const vehtype = typeof row.vehtype === 'number' ? row.vehtype : null;
  return (
    <div className="flex items-center gap-3">
      <FallbackImage
        src={assets.vehicle(row.id, vehtype)}
        fallback={assets.placeholder.vehicleFor(vehtype)}
        alt=""
        width={96}
        height={60}
        className="h-15 w-24 shrink-0 rounded object-cover"
      />
      <p>
        <span className="block text-sm text-slate-600 dark:text-slate-400">Modell</span>
        <span className="font-semibold">
          {vehicleModelName(row.id) ?? `Ohne Namen (ID ${String(row.id)})`}
        </span>
      </p>
    </div>
  );
}

const OTHER = 'andere';

/**
 * A number that is a code, picked by its name (decision 093): the labelled codes (Fahrzeugart,
 * Tankklasse, Gasantrieb) or "Keine" and the numbers in use (Job, Fraktion, Gang); a value without
 * a name stays choosable as its number, and "Andere Nummer …" opens a number field for any other.
 */
function CodePicker({
  field,
  form,
  inUse,
  props,
  numberField,
}: {
  field: CatalogueField;
  form: UseFormReturn<FormValues>;
  inUse: InUse | undefined;
  props: ControlProps;
  numberField: (label: string) => ReactNode;
}) {
  const text = form.watch(field.name);
  const empty = text.trim() === '';
  const value = empty
    ? typeof field.default === 'number'
      ? field.default
      : undefined
    : parseNumberInput(text, field.decimals === true);
  const choices: { value: number; label: string }[] = [];
  if (field.none !== undefined) choices.push({ value: field.none, label: 'Keine' });
  for (const option of field.labels ?? []) choices.push({ value: option.value, label: option.label });
  for (const [used, names] of [...(inUse ?? new Map<number, string[]>())].sort(([a], [b]) => a - b)) {
    const examples = names.slice(0, 2).join(', ');
    const more = names.length > 2 ? ` und ${String(names.length - 2)} weitere` : '';
    choices.push({
      value: used,
      label: `${codeText(field, used) ?? String(used)}${examples ? ` – ${examples}${more}` : ''}`,
    });
  }
  if (value !== undefined && !choices.some((choice) => choice.value === value))
    choices.push({ value, label: codeText(field, value) ?? `${numberInputText(value)} (ohne Namen)` });
  const [other, setOther] = useState(false);
  const selected = other || value === undefined ? OTHER : String(value);
  return (
    <div className="space-y-2">
      <Select
        {...props}
        value={selected}
        onChange={(event) => {
          const next = event.target.value;
          setOther(next === OTHER);
          if (next !== OTHER) form.setValue(field.name, next, { shouldDirty: true, shouldValidate: true });
        }}
      >
        {choices.map((choice) => (
          <option key={choice.value} value={String(choice.value)}>
            {choice.label}
          </option>
        ))}
        <option value={OTHER}>Andere Nummer …</option>
      </Select>
      {selected === OTHER && numberField(`${field.label}: Nummer`)}
    </div>
  );
}

function FormField({
  field,
  form,
  inUse,
}: {
  field: CatalogueField;
  form: UseFormReturn<FormValues>;
  inUse?: InUse | undefined;
}) {
  const error = form.formState.errors[field.name]?.message;
  // A number that cannot be read stops the save with its message under the field (decision 088).
  const registration = form.register(field.name, {
    validate: (text: string) => numberProblem(field, text) ?? true,
  });
  const isCode = field.kind === 'number' && (field.labels !== undefined || field.pick === 'in-use');
  return (
    <Field label={field.label} error={error} hint={isCode ? undefined : hintOf(field)}>
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
          const numberInput = (inputProps: Partial<ControlProps> & { 'aria-label'?: string }) => (
            <Input
              {...inputProps}
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
          if (isCode) {
            return (
              <CodePicker
                field={field}
                form={form}
                inUse={inUse}
                props={props}
                numberField={(label) => numberInput({ 'aria-label': label })}
              />
            );
          }
          if (field.shows === 'skin-preview')
            return <SkinPreview form={form} field={field} input={numberInput(props)} />;
          return numberInput(props);
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

/** The skin id with the skin's picture beside it, as it is typed (decision 093). */
function SkinPreview({
  form,
  field,
  input,
}: {
  form: UseFormReturn<FormValues>;
  field: CatalogueField;
  input: ReactNode;
}) {
  const skinId = parseNumberInput(form.watch(field.name), false);
  const valid =
    skinId !== undefined && Number.isInteger(skinId) && skinId >= 0 && skinId <= (field.max ?? 311);
  return (
    <div className="flex items-center gap-3">
      <div className="min-w-0 flex-1">{input}</div>
      {valid ? (
        <FallbackImage
          key={skinId}
          src={assets.skin(skinId)}
          fallback={assets.placeholder.skinFor(skinId)}
          alt={`Vorschau von Skin ${String(skinId)}`}
          width={48}
          height={48}
          className="size-12 shrink-0 rounded bg-slate-100 object-contain dark:bg-slate-800"
        />
      ) : (
        <span className="flex size-12 shrink-0 items-center justify-center rounded border border-dashed border-slate-300 text-xs text-slate-600 dark:border-slate-600 dark:text-slate-400">
          –
        </span>
      )}
    </div>
  );
}

function hintOf(field: CatalogueField): string | undefined {
  if (field.kind !== 'number') return undefined;
  if (field.labels) return field.labels.map((label) => `${label.value} ${label.label}`).join(', ');
  // Specification §9: an emptied skin field gets the spec's default, not 0.
  if (field.none !== undefined) return `Leer oder ${field.none} bedeutet keine`;
  return typeof field.default === 'number' ? `Leer bedeutet ${numberInputText(field.default)}` : undefined;
}
