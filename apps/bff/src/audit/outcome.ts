/**
 * Writes with an unknown outcome (decision 044): the game API's answer never came (timeout, the
 * connection lost after sending), so it may or may not have applied the change. The record says
 * `unknown`; the target is read back and the admin told what was found, with the reason the SPA
 * words it by (`data.reason`, @nova/contracts writes.ts).
 */
import type { OutcomeReason } from '@nova/contracts';
import { GameApiError } from '../game-api/errors';
import { auditUnknown } from '../observability/metrics';
import { ReasonedError } from '../kinds/errors';
import type { AuditCompletion } from './entry';

export const OUTCOME_MESSAGES: Record<OutcomeReason, string> = {
  'outcome-applied': 'Der Spielserver hat spät geantwortet: Die Änderung wurde gespeichert.',
  'outcome-not-applied':
    'Der Spielserver hat nicht geantwortet: Die Änderung wurde nicht gespeichert. Bitte versuche es erneut.',
  'outcome-unknown':
    'Der Spielserver hat nicht geantwortet: Ob die Änderung gespeichert wurde, ist unklar – bitte neu laden.',
};

/** A failure after which the game API may have applied the change. */
export function isUnknownOutcome(error: unknown): boolean {
  const gameApiError =
    error instanceof GameApiError
      ? error
      : (error as { cause?: unknown } | null)?.cause instanceof GameApiError
        ? (error as { cause: GameApiError }).cause
        : null;
  const kind = gameApiError?.failure.kind;
  return kind === 'timeout' || kind === 'network';
}

type ReadBack = () => Promise<{ applied: boolean | null; state: unknown }>;

/** The answer after an unknown outcome, with the state the read-back found. */
export class OutcomeError extends ReasonedError {
  found: unknown = null;
}

/** Reads the target back, completes the record as `unknown` and returns the error to answer with. */
export async function resolveUnknownOutcome(
  error: unknown,
  readBack: ReadBack | undefined,
  complete: (completion: AuditCompletion) => Promise<void>,
): Promise<OutcomeError> {
  let found: Awaited<ReturnType<ReadBack>> = { applied: null, state: null };
  if (readBack) {
    try {
      found = await readBack();
    } catch {
      // The game API is still away: the outcome stays unknown.
    }
  }
  const reason: OutcomeReason =
    found.applied === null ? 'outcome-unknown' : found.applied ? 'outcome-applied' : 'outcome-not-applied';
  await complete({ outcome: 'unknown', after: found.state, detail: reason });
  auditUnknown.inc({ cause: 'no-answer' });
  const answer = new OutcomeError(reason, {
    code: 'GATEWAY_TIMEOUT',
    message: OUTCOME_MESSAGES[reason],
    cause: error,
  });
  answer.found = found.state;
  return answer;
}

/** A value as the read-back compares it: texts in NFC, '' and absent as null. */
function plain(value: unknown): unknown {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'string') return value.normalize('NFC').trim();
  return value;
}

const idOf = (value: unknown): unknown =>
  typeof value === 'object' && value !== null && 'id' in value ? value.id : undefined;

/** Whether one sent field is what the row holds now (references by their ids). */
function fieldReflected(sent: unknown, stored: unknown): boolean {
  if (Array.isArray(sent)) {
    if (!Array.isArray(stored)) return sent.length === 0 && plain(stored) === null;
    const ids = (items: unknown[]) => items.map((item) => JSON.stringify(idOf(item) ?? plain(item))).sort();
    return JSON.stringify(ids(sent)) === JSON.stringify(ids(stored));
  }
  if (typeof sent === 'object' && sent !== null) {
    if (idOf(sent) !== undefined) return idOf(sent) === idOf(stored);
    if (typeof stored !== 'object' || stored === null) return false;
    return Object.entries(sent).every(([key, item]) =>
      fieldReflected(item, (stored as Record<string, unknown>)[key]),
    );
  }
  return JSON.stringify(plain(sent)) === JSON.stringify(plain(stored));
}

/** Whether a row holds every value that was sent (the fields a write sets; the row may have more). */
export function reflects(values: unknown, row: unknown): boolean {
  if (typeof values !== 'object' || values === null || typeof row !== 'object' || row === null) return false;
  return Object.entries(values).every(([key, sent]) =>
    sent === undefined ? true : fieldReflected(sent, (row as Record<string, unknown>)[key]),
  );
}

type Found = Awaited<ReturnType<ReadBack>>;

/**
 * The read-backs of the three writes, for `audited()`'s `readBack`: an update is there when the row
 * holds the values sent, not there when it is still the row the admin saw; a remove is there when
 * the row is gone; a create when a row with the values sent exists that was not in the list before.
 * Anything else (the row changed otherwise, the list before unknown) cannot tell.
 */
export const readBackOf = {
  update:
    <Row>(read: () => Promise<Row | null>, values: unknown, expected: Row | null): ReadBack =>
    async (): Promise<Found> => {
      const row = await read();
      if (row === null) return { applied: null, state: null };
      if (reflects(values, row)) return { applied: true, state: row };
      return { applied: expected !== null && reflects(expected, row) ? false : null, state: row };
    },
  remove:
    <Row>(read: () => Promise<Row | null>, expected: Row | null): ReadBack =>
    async (): Promise<Found> => {
      const row = await read();
      if (row === null) return { applied: true, state: null };
      return { applied: expected !== null && reflects(expected, row) ? false : null, state: row };
    },
  create:
    <Row extends { id: number }>(
      list: () => Promise<Row[]>,
      values: unknown,
      idsBefore: ReadonlySet<number> | null,
    ): ReadBack =>
    async (): Promise<Found> => {
      const matching = (await list()).filter((row) => reflects(values, row));
      const added = idsBefore ? matching.filter((row) => !idsBefore.has(row.id)) : [];
      if (added.length > 0) return { applied: true, state: added[added.length - 1] };
      // Without the list from before, an existing row with these values may be an older one.
      if (idsBefore === null && matching.length > 0) return { applied: null, state: null };
      return { applied: false, state: null };
    },
};

/** The ids listed before a create (its read-back tells new rows from old ones); null if unknown. */
export async function idsBeforeCreate(list: () => Promise<{ id: number }[]>): Promise<Set<number> | null> {
  try {
    return new Set((await list()).map((row) => row.id));
  } catch {
    return null;
  }
}
