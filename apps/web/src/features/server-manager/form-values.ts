/**
 * The generic table's form values (doc 2 §5): every field is edited as text; numbers accept only
 * numeric text, German style ("12,5", decision 061); on sending, an empty number becomes the field's
 * default or 0, yes/no and option fields become their numeric value, and the read-only id is left out.
 */
import {
  editableFields,
  numberInputText,
  parseGermanNumber,
  type Catalogue,
  type CatalogueField,
} from '@nova/domain';

export type FormValues = Record<string, string>;
export type Payload = Record<string, string | number | undefined>;

/**
 * Create mode: every displayed field starts as an empty string, but a yes/no field as "Nein": it is
 * sent as 0 when left alone, so its select has no separate "empty" choice.
 */
export function emptyValues(catalogue: Catalogue): FormValues {
  return Object.fromEntries(
    editableFields(catalogue).map((field) => [field.name, field.kind === 'yes-no' ? '0' : '']),
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
 * What a number field shows after a keystroke: the text, with a typed "." taken as the decimal comma
 * (the number pad's key), or null when the keystroke is to be ignored (doc 2 §5).
 */
export function numericInput(field: CatalogueField, text: string): string | null {
  const typed = field.decimals ? text.replace('.', ',') : text;
  const sign = field.min !== undefined && field.min < 0 ? '-?' : '';
  const pattern = field.decimals ? `^${sign}\\d*(,\\d*)?$` : `^${sign}\\d*$`;
  return new RegExp(pattern).test(typed) ? typed : null;
}

function numberOf(field: CatalogueField, text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed === '-') return typeof field.default === 'number' ? field.default : 0;
  // "12," while typing counts as 12.
  return parseGermanNumber(trimmed.replace(/,$/, ''));
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
