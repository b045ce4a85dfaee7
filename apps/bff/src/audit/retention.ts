/**
 * The retention job (decision 021): records older than AUDIT_RETENTION_DAYS are purged once at
 * start-up and then every six hours. With several instances each runs it; the delete is idempotent.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AuditLog } from './log';

const EVERY_MS = 6 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export async function purgeExpired(
  audit: AuditLog,
  retentionDays: number,
  now: () => number = Date.now,
): Promise<number> {
  return audit.purge(new Date(now() - retentionDays * DAY_MS));
}

/** Starts the periodic purge; returns its stop function. */
export function startRetentionJob(
  audit: AuditLog,
  retentionDays: number,
  log: FastifyBaseLogger,
  now: () => number = Date.now,
): () => void {
  const run = () => {
    purgeExpired(audit, retentionDays, now).then(
      (purged) => {
        if (purged > 0) log.info({ purged, retentionDays }, 'audit records past retention purged');
      },
      (error: unknown) => log.error({ err: error }, 'audit retention purge failed'),
    );
  };
  run();
  const timer = setInterval(run, EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
