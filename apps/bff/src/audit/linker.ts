/**
 * The audit chain's linker (decision 068): records and completions are written without touching
 * the chain's head; this links them, shortly after this instance wrote one and every few seconds
 * for the other instances' records. The database lets one linker work at a time; the others return
 * at once. A failure is logged once until linking works again.
 */
import type { FastifyBaseLogger } from 'fastify';
import { startCheckpoints, type CheckpointOptions } from './checkpoints';
import type { AuditLog } from './log';

const EVERY_MS = 5000;
const SOON_MS = 100;

export function startChainLinker(audit: AuditLog, log: FastifyBaseLogger): () => void {
  let failing = false;
  let soon: NodeJS.Timeout | undefined;
  const run = () => {
    audit.link().then(
      () => {
        if (failing) log.info('audit chain linked again');
        failing = false;
      },
      (error: unknown) => {
        if (!failing) log.warn({ err: error }, 'audit chain not linked; tried again later');
        failing = true;
      },
    );
  };
  const stopListening = audit.onAppended(() => {
    soon ??= setTimeout(() => {
      soon = undefined;
      run();
    }, SOON_MS).unref();
  });
  run();
  const timer = setInterval(run, EVERY_MS).unref();
  return () => {
    stopListening();
    clearTimeout(soon);
    clearInterval(timer);
  };
}

/**
 * The chain's background work: the linker, and with a key the signed checkpoints (decision 069).
 * The stop function ends both, gives the kept sign-in records their last chance and signs the head
 * a last time; call it before the database closes.
 */
export function startAuditChain(
  audit: AuditLog,
  checkpoints: Omit<CheckpointOptions, 'key'> & { key: CheckpointOptions['key'] | null },
  log: FastifyBaseLogger,
): () => Promise<void> {
  const stopLinker = startChainLinker(audit, log);
  const { key, file, everyMs } = checkpoints;
  let stopCheckpoints = () => Promise.resolve();
  if (key) stopCheckpoints = startCheckpoints(audit, { key, file, everyMs }, log);
  else log.info('audit chain checkpoints off: AUDIT_SIGNING_KEY is not set');
  return async () => {
    stopLinker();
    await audit.close();
    await stopCheckpoints();
  };
}
