/** The before → after difference of an audit record, field by field. */
export interface FieldChange {
  field: string;
  before: string;
  after: string;
  changed: boolean;
}

const EMPTY = '–';

function show(value: unknown): string {
  if (value === undefined || value === null) return EMPTY;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

function fieldsOf(value: unknown): Record<string, unknown> {
  if (value === null || value === undefined) return {};
  if (typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  return { Wert: value };
}

/** Every field of before and after (in first-seen order), marking the changed ones. */
export function diffFields(before: unknown, after: unknown): FieldChange[] {
  const b = fieldsOf(before);
  const a = fieldsOf(after);
  const names = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return names.map((field) => {
    const was = show(b[field]);
    const now = show(a[field]);
    return { field, before: was, after: now, changed: was !== now };
  });
}
