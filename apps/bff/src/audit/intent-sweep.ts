/**
 * Intents a crash left open (decision 043): a write's intent is completed in the same request, so
 * one still `pending` after AUDIT_INTENT_MAX_AGE_SECONDS (longer than any write takes) belongs to a
 * process that ended in between. They are closed as `unknown` when the app starts and every minute
 * after, by every instance (the update is idempotent); a database that is away is tried again on
 * the next round.
 */
import type { FastifyBaseLogger } from 'fastify';
import { auditUnknown } from '../observability/metrics';
import type { AuditLog } from './log';

const EVERY_MS = 60_000;

export function startIntentSweep(
  audit: AuditLog,
  maxAgeSeconds: number,
  log: FastifyBaseLogger,
  now: () => number = Date.now,
): () => void {
  const run = () => {
    audit.closeAbandoned(new Date(now() - maxAgeSeconds * 1000)).then(
      (closed) => {
        if (closed > 0) auditUnknown.inc({ cause: 'crash' }, closed);
        if (closed > 0) log.warn({ closed }, 'audit intents left open by a crash closed as unknown');
      },
      (error: unknown) => log.warn({ err: error }, 'audit intent sweep failed; tried again later'),
    );
  };
  run();
  const timer = setInterval(run, EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
