/**
 * German zod messages for every schema of the product (architecture §8): importing @nova/contracts
 * installs them as zod's global error map, so the BFF, the SPA's forms and the simulator all speak
 * German. Messages set on a schema ("Pflichtfeld", "Bitte wähle eine Plattform", …) keep precedence
 * (zod 4: schema message, then per-parse map, then this global map).
 */
import { z } from 'zod';

type RawIssue = Parameters<z.core.$ZodErrorMap>[0];

/** Problems with a body as a whole (not JSON, not an object) are reported under this key. */
export const BODY_KEY = 'body';

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
    case 'set':
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
    case 'not_multiple_of':
      return 'Ungültiger Wert';
    case 'unrecognized_keys':
      return 'Unbekanntes Feld';
    default:
      return 'Ungültiger Wert';
  }
}

z.config({ customError: germanMessage });

/** One German message per field path, the first issue winning (`{ field: message }`). */
export function fieldErrorsOf(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || BODY_KEY;
    out[key] ??= issue.message;
  }
  return out;
}

/**
 * A name or other one-line text a person types: no control characters (line breaks, NUL, escape …)
 * and no bidi controls (U+202E and its kind, which make a name display reversed or reordered);
 * decision 070.
 */
export const PLAIN_TEXT = /^[^\p{Cc}\p{Bidi_Control}]*$/u;
export const PLAIN_TEXT_MESSAGE =
  'Darf keine Steuerzeichen oder Zeichen zur Textrichtung (z. B. U+202E) enthalten.';

/** A string schema that refuses control and bidi characters with a German field message. */
export const plainText = () => z.string().regex(PLAIN_TEXT, PLAIN_TEXT_MESSAGE);
