/**
 * Body validation with the input schemas of @nova/contracts. A failure becomes
 * `400 { validationErrors: { "<field path>": "<German message>" } }` with the first issue of each
 * field; problems with the body as a whole (not JSON, not an object) use the key "body".
 */
import type { z } from 'zod';
import { ValidationError } from './errors';

export const BODY_KEY = 'body';

type RawIssue = Parameters<z.core.$ZodErrorMap>[0];

function sizeMessage(
  issue: { origin: string; minimum?: unknown; maximum?: unknown },
  small: boolean,
): string {
  const limit = String(small ? issue.minimum : issue.maximum);
  switch (issue.origin) {
    case 'string':
      if (small && limit === '1') return 'Pflichtfeld';
      return small ? `Mindestens ${limit} Zeichen` : `Höchstens ${limit} Zeichen`;
    case 'array':
      return small ? `Mindestens ${limit} Einträge` : `Höchstens ${limit} Einträge`;
    default:
      return small ? `Muss mindestens ${limit} sein` : `Darf höchstens ${limit} sein`;
  }
}

const TYPE_MESSAGES: Readonly<Record<string, string>> = {
  number: 'Muss eine Zahl sein',
  int: 'Muss eine ganze Zahl sein',
  string: 'Muss ein Text sein',
  boolean: 'Muss wahr oder falsch sein',
  array: 'Muss eine Liste sein',
  object: 'Muss ein Objekt sein',
};

/**
 * German default messages. Passed per parse, so messages the contracts set on a schema
 * ("Pflichtfeld", "Bitte wähle eine Plattform", …) keep precedence (zod 4 error precedence).
 */
export function germanMessage(issue: RawIssue): string {
  const missing = issue.input === undefined || issue.input === null;
  switch (issue.code) {
    case 'invalid_type':
      if (missing) return 'Pflichtfeld';
      return TYPE_MESSAGES[issue.expected] ?? 'Ungültiger Wert';
    case 'invalid_union':
    case 'invalid_value':
      return missing ? 'Pflichtfeld' : 'Ungültiger Wert';
    case 'too_small':
      return sizeMessage(issue, true);
    case 'too_big':
      return sizeMessage(issue, false);
    case 'invalid_format':
      return 'Ungültiges Format';
    case 'unrecognized_keys':
      return 'Unbekanntes Feld';
    default:
      return 'Ungültiger Wert';
  }
}

/** One message per field path, the first issue winning. */
export function fieldErrors(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || BODY_KEY;
    out[key] ??= issue.message;
  }
  return out;
}

export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value, { error: germanMessage });
  if (!result.success) throw new ValidationError(fieldErrors(result.error.issues));
  return result.data;
}

/**
 * The `id` of a PUT body is optional; when present it must equal the id in the path (a mismatch is
 * more likely a client bug than an intent to move the record), otherwise 400.
 */
export function checkBodyId(body: unknown, pathId: number): void {
  if (typeof body !== 'object' || body === null || !('id' in body)) return;
  const { id } = body;
  if (id === undefined || id === null || id === pathId) return;
  throw new ValidationError({ id: 'Muss mit der ID im Pfad übereinstimmen' });
}
