/**
 * The generic table's form values (specification §5.5): every field is edited as text; numbers are typed the
 * German way ("1.500", "12,5", decision 088); on sending, an empty number becomes the field's
 * default or 0, yes/no and option fields become their numeric value, and the read-only id is left out.
 * A number that cannot be read is a field error (`numberProblem`), never dropped.
 */
import type { CatalogueInput } from '@nova/contracts';
import {
  CATALOGUES,
  editableFields,
  numberInputText,
  parseNumberInput,
  type Catalogue,
  type CatalogueField,
  type CatalogueKey,
} from '@nova/domain';

export type FormValues = Record<string, string>;
export type Payload = Record<string, string | number | undefined>;
/** What a create or update of catalogue `K` sends: its fields (the BFF fills defaults when missing). */
export type CatalogueValues<K extends CatalogueKey> = Partial<CatalogueInput<K>>;

/** What a colour field starts with: black, as its picker shows it, and a valid value. */
const START_COLOUR = '#000000';

/**
 * Create mode: every displayed field starts as an empty string, but a yes/no field as "Nein" (it is
 * sent as 0 when left alone, so its select has no separate "empty" choice) and a colour as the black
 * its picker shows (an empty colour is no colour: the first "Hinzufügen" would fail).
 */
export function emptyValues(catalogue: Catalogue): FormValues {
  return Object.fromEntries(
    editableFields(catalogue).map((field) => [
      field.name,
      field.kind === 'yes-no' ? '0' : field.kind === 'colour' ? START_COLOUR : '',
    ]),
  );
}

/** Edit mode: the row's values as text. */
export function valuesOf(catalogue: Catalogue, row: Record<string, unknown>): FormValues {
  return Object.fromEntries(
    editableFields(catalogue).map((field) => {
      const value = row[field.name];
      if (typeof value === 'number') {
        return [field.name, field.kind === 'number' ? numberInputText(value) : String(value)];
      }
      return [field.name, typeof value === 'string' ? value : ''];
    }),
  );
}

/**
 * Whether a typed character keeps a number field's text numeric (specification §5.5: other keystrokes are
 * ignored): digits, thousands dots, a decimal comma (or dot) where the field has decimals, a leading
 * minus where the field allows negative values. Pasted text is not filtered: what cannot be read
 * becomes a field error instead of vanishing.
 */
export function numericInput(field: CatalogueField, text: string): string | null {
  const sign = field.min !== undefined && field.min < 0 ? '-?' : '';
  const pattern = field.decimals ? `^${sign}[\\d.]*(,\\d*)?$` : `^${sign}[\\d.]*$`;
  return new RegExp(pattern).test(text) ? text : null;
}

/** The number a field's text means; the default (or 0) when empty; undefined when unreadable. */
function numberOf(field: CatalogueField, text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed === '-') return typeof field.default === 'number' ? field.default : 0;
  // "12," while typing counts as 12.
  const value = parseNumberInput(trimmed.replace(/,$/, ''), field.decimals === true);
  return value !== undefined && (field.decimals || Number.isInteger(value)) ? value : undefined;
}

/** The field error of a number field's text, or undefined when it reads as a number. */
export function numberProblem(field: CatalogueField, text: string): string | undefined {
  if (field.kind !== 'number' || numberOf(field, text) !== undefined) return undefined;
  return field.decimals
    ? 'Bitte gib eine Zahl ein, zum Beispiel 1.500 oder 12,5.'
    : 'Bitte gib eine ganze Zahl ein, zum Beispiel 1.500.';
}

/** A number field's text as it reads best once the field is left ("1500" → "1.500"); unreadable text stays. */
export function tidyNumberText(field: CatalogueField, text: string): string {
  if (text.trim() === '') return text;
  const value = numberOf(field, text);
  return value === undefined ? text : numberInputText(value);
}

/** The body sent to the BFF: what the contract's input schema of the catalogue expects. */
export function payloadOf(catalogue: Catalogue, values: FormValues): Payload {
  return Object.fromEntries(
    editableFields(catalogue).map((field): [string, string | number | undefined] => {
      const text = values[field.name] ?? '';
      switch (field.kind) {
        case 'number':
          return [field.name, numberOf(field, text)];
        case 'yes-no':
          return [field.name, text === '' ? 0 : Number(text)];
        case 'options':
          return [field.name, text === '' ? undefined : Number(text)];
        default:
          return [field.name, text];
      }
    }),
  );
}

/**
 * The body of catalogue `key`, typed by its fields. `payloadOf` builds it from the registry, which
 * TypeScript cannot follow; this checks what it built (only the catalogue's fields, numbers where it
 * has numbers) instead of casting it (decision 090).
 */
export function catalogueValues<K extends CatalogueKey>(key: K, values: FormValues): CatalogueValues<K> {
  const payload = payloadOf(CATALOGUES[key], values);
  if (!isValuesOf(key, payload)) throw new Error(`Die Formularwerte passen nicht zum Katalog ${key}.`);
  return payload;
}

function isValuesOf<K extends CatalogueKey>(
  key: K,
  payload: Payload,
): payload is Payload & CatalogueValues<K> {
  const fields: CatalogueField[] = editableFields(CATALOGUES[key]);
  return Object.entries(payload).every(([name, value]) => {
    const field = fields.find((candidate) => candidate.name === name);
    if (!field) return false;
    if (value === undefined) return true;
    const text = field.kind === 'text' || field.kind === 'url' || field.kind === 'colour';
    return typeof value === (text ? 'string' : 'number');
  });
}
