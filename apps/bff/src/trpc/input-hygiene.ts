/**
 * Input hygiene, once where input enters (decision 043): every string of a tRPC
 * input (keys too) is refused with a German field error when it holds NUL or an unpaired surrogate
 * (PostgreSQL cannot store them, so no audit record could say what was sent), and normalised to NFC
 * before the procedure's schema validates it, so "Café" typed as NFC or NFD is one name for every
 * check after it (length, uniqueness). One pass, linear in the input's size, at most MAX_INPUT_DEPTH
 * deep (decision 070).
 */
import { TRPCError } from '@trpc/server';
import { UNSTORABLE } from '../audit/storable';
import { LIMIT_MESSAGES, MAX_INPUT_DEPTH } from '../plugins/input-limits';

/** A body or `input` that is not JSON (tRPC's and Fastify's own texts are the parser's English). */
export const MALFORMED_JSON =
  'Die Anfrage konnte nicht gelesen werden (kein gültiges JSON). Bitte lade die Seite neu.';

export const UNSTORABLE_MESSAGE = 'Enthält ein unzulässiges Zeichen (Steuer- oder Ersatzzeichen).';

interface Issue {
  path: string[];
  message: string;
}

/** Where a value sits, as a chain to its parent: a step costs one small object, not a copy of the path. */
interface Place {
  parent: Place | null;
  key: string;
}

function pathOf(place: Place | null): string[] {
  const path: string[] = [];
  for (let at = place; at; at = at.parent) path.push(at.key);
  return path.reverse();
}

/** An input nested deeper than MAX_INPUT_DEPTH (the limits of decision 070 refuse it before this). */
function tooDeep(): TRPCError {
  return new TRPCError({ code: 'BAD_REQUEST', message: LIMIT_MESSAGES.TOO_DEEP });
}

function cleanText(text: string, place: Place | null, issues: Issue[]): string {
  if (UNSTORABLE.test(text)) {
    issues.push({ path: pathOf(place), message: UNSTORABLE_MESSAGE });
    return text;
  }
  return text.normalize('NFC');
}

// Linear in the input's size (every value and key visited once) and never deeper than the depth limit.
function clean(value: unknown, place: Place | null, depth: number, issues: Issue[]): unknown {
  if (typeof value === 'string') return cleanText(value, place, issues);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_INPUT_DEPTH) throw tooDeep();
  if (Array.isArray(value)) {
    const items: unknown[] = new Array<unknown>(value.length);
    for (let index = 0; index < value.length; index++)
      items[index] = clean(value[index], { parent: place, key: String(index) }, depth + 1, issues);
    return items;
  }
  const entries: [string, unknown][] = [];
  for (const [key, item] of Object.entries(value)) {
    const child = { parent: place, key };
    entries.push([cleanText(key, place, issues), clean(item, child, depth + 1, issues)]);
  }
  // fromEntries defines own properties: a key "__proto__" stays a key.
  return Object.fromEntries(entries);
}

/** The input with every string in NFC; throws BAD_REQUEST with field errors for unstorable text. */
export function cleanInput(raw: unknown): unknown {
  if (raw === undefined || raw === null || typeof raw === 'number' || typeof raw === 'boolean') return raw;
  const issues: Issue[] = [];
  const cleaned = clean(raw, null, 0, issues);
  // `issues` in the cause: reported per field like the schema's own (errors.ts).
  if (issues.length > 0)
    throw new TRPCError({ code: 'BAD_REQUEST', cause: Object.assign(new Error('input'), { issues }) });
  return cleaned;
}
