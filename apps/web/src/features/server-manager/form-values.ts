/**
 * The generic table's form values (doc 2 §5): every field is edited as text; numbers accept only
 * numeric text; on sending, an empty number becomes the field's default or 0, yes/no and option
 * fields become their numeric value, and the read-only id is left out.
 */
import { editableFields, type Catalogue, type CatalogueField } from '@nova/domain';

export type FormValues = Record<string, string>;
export type Payload = Record<string, string | number | undefined>;

/** Create mode: every displayed field starts as an empty string. */
export function emptyValues(catalogue: Catalogue): FormValues {
  return Object.fromEntries(editableFields(catalogue).map((field) => [field.name, '']));
}

/** Edit mode: the row's values as text. */
export function valuesOf(catalogue: Catalogue, row: Record<string, unknown>): FormValues {
  return Object.fromEntries(
    editableFields(catalogue).map((field) => {
      const value = row[field.name];
      return [field.name, typeof value === 'number' || typeof value === 'string' ? String(value) : ''];
    }),
  );
}

/** Whether a text may stand in a number field while typing (other keystrokes are ignored). */
export function isNumericText(field: CatalogueField, text: string): boolean {
  const sign = field.min !== undefined && field.min < 0 ? '-?' : '';
  const pattern = field.decimals ? `^${sign}\\d*([.,]\\d*)?$` : `^${sign}\\d*$`;
  return new RegExp(pattern).test(text);
}

function numberOf(field: CatalogueField, text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed === '-') return typeof field.default === 'number' ? field.default : 0;
  const value = Number(trimmed.replace(',', '.'));
  return Number.isFinite(value) ? value : undefined;
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
