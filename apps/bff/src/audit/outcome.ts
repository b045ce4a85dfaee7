/**
 * Writes with an unknown outcome (decision 044): the game API's answer never came (timeout, the
 * connection lost after sending), so it may or may not have applied the change. The record says
 * `unknown`; the target is read back and the admin told what was found, with the reason the SPA
 * words it by (`data.reason`, @nova/contracts writes.ts).
 */
import type { OutcomeReason } from '@nova/contracts';
import { GameApiError } from '../game-api/errors';
import { ReasonedError } from '../trpc/errors';
import type { AuditCompletion } from './log';

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

/** Reads the target back, completes the record as `unknown` and returns the error to answer with. */
export async function resolveUnknownOutcome(
  error: unknown,
  readBack: ReadBack | undefined,
  complete: (completion: AuditCompletion) => Promise<void>,
): Promise<ReasonedError> {
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
  return new ReasonedError(reason, {
    code: 'GATEWAY_TIMEOUT',
    message: OUTCOME_MESSAGES[reason],
    cause: error,
  });
}
