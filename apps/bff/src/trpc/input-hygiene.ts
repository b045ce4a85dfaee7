/**
 * Input hygiene, once where input enters (decision 043): every string of a tRPC
 * input (keys too) is refused with a German field error when it holds NUL or an unpaired surrogate
 * (PostgreSQL cannot store them, so no audit record could say what was sent), and normalised to NFC
 * before the procedure's schema validates it, so "Café" typed as NFC or NFD is one name for every
 * check after it (length, uniqueness).
 */
import { TRPCError } from '@trpc/server';
import { UNSTORABLE } from '../audit/storable';

/** A body or `input` that is not JSON (tRPC's and Fastify's own texts are the parser's English). */
export const MALFORMED_JSON =
  'Die Anfrage konnte nicht gelesen werden (kein gültiges JSON). Bitte lade die Seite neu.';

export const UNSTORABLE_MESSAGE = 'Enthält ein unzulässiges Zeichen (Steuer- oder Ersatzzeichen).';

interface Issue {
  path: string[];
  message: string;
}

function clean(value: unknown, path: string[], issues: Issue[]): unknown {
  if (typeof value === 'string') {
    if (UNSTORABLE.test(value)) {
      issues.push({ path, message: UNSTORABLE_MESSAGE });
      return value;
    }
    return value.normalize('NFC');
  }
  if (Array.isArray(value)) return value.map((item, index) => clean(item, [...path, String(index)], issues));
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).map(([key, item]) => [
      clean(key, path, issues) as string,
      clean(item, [...path, key], issues),
    ]);
    return Object.fromEntries(entries);
  }
  return value;
}

/** The input with every string in NFC; throws BAD_REQUEST with field errors for unstorable text. */
export function cleanInput(raw: unknown): unknown {
  if (raw === undefined || raw === null || typeof raw === 'number' || typeof raw === 'boolean') return raw;
  const issues: Issue[] = [];
  const cleaned = clean(raw, [], issues);
  // `issues` in the cause: reported per field like the schema's own (errors.ts).
  if (issues.length > 0)
    throw new TRPCError({ code: 'BAD_REQUEST', cause: Object.assign(new Error('input'), { issues }) });
  return cleaned;
}
