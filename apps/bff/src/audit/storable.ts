/**
 * Any text is storable in an audit record (decision 043): PostgreSQL's text and jsonb refuse NUL
 * and unpaired surrogates, which refused the whole record. Input with them is refused at the door
 * (trpc/input-hygiene.ts), but before- and after-states come from the game API: there they are kept
 * visibly as the escape text `\u0000` / `\ud83d` instead of losing the record.
 */
const UNSTORABLE_SOURCE =
  '\\u0000|[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]';
/** NUL or a surrogate without its partner. */
export const UNSTORABLE = new RegExp(UNSTORABLE_SOURCE);
const UNSTORABLE_ALL = new RegExp(UNSTORABLE_SOURCE, 'g');

export function storableText(text: string): string {
  if (!UNSTORABLE.test(text)) return text;
  return text.replace(UNSTORABLE_ALL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** A copy of a JSON-like value with every string (keys too) storable. */
export function storable(value: unknown): unknown {
  if (typeof value === 'string') return storableText(value);
  if (Array.isArray(value)) return value.map(storable);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [storableText(k), storable(v)]));
  }
  return value;
}

/** The jsonb parameter of a value (null for none). */
export function storableJson(value: unknown): string | null {
  return value === undefined || value === null ? null : JSON.stringify(storable(value));
}

/** A text column's value. */
export function storableOrNull(text: string | null | undefined): string | null {
  return text === undefined || text === null ? null : storableText(text);
}
