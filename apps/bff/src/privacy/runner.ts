/**
 * The export jobs' runner (decision 101), on every instance: it leases the oldest job that is
 * waiting or whose holder died, renews the lease while it works, and leaves a passing fault to a
 * later attempt. Once a minute it deletes expired exports and closed privacy requests past their
 * retention (decision 102), so what the privacy policy states is what happens.
 */
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  EXPORT_BROKEN,
  ExportFailure,
  ExportRetry,
  GAME_API_AWAY,
  runExport,
  type ExportDeps,
} from './export-job';
import type { ExportRow } from './export-store';

/** Attempts before a job fails for good. */
export const MAX_ATTEMPTS = 5;
const PURGE_EVERY_MS = 60_000;
/** A failed job stays visible (with its reason) this long. */
const FAILED_KEPT_MS = 86_400_000;

export interface RunnerOptions {
  pollMs: number;
  leaseMs: number;
  /** Deletes closed requests past their retention; returns how many. */
  purgeRequests: () => Promise<number>;
}

export interface Runner {
  /** Looks for work now (a new job was queued). */
  kick(): void;
  stop(): Promise<void>;
}

export function startExportRunner(deps: ExportDeps, options: RunnerOptions, log: FastifyBaseLogger): Runner {
  const owner = `${hostname()}:${process.pid}:${randomUUID()}`;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> | null = null;
  let lastPurge = 0;

  const purge = async () => {
    if (deps.now() - lastPurge < PURGE_EVERY_MS) return;
    lastPurge = deps.now();
    const now = new Date(deps.now());
    const exports = await deps.store.purge(now, new Date(deps.now() - FAILED_KEPT_MS));
    const requests = await options.purgeRequests();
    if (exports + requests > 0) log.info({ exports, requests }, 'privacy retention: expired data deleted');
  };

  const work = async (row: ExportRow) => {
    let lost = false;
    const heartbeat = setInterval(
      () => {
        deps.store.renew(row.id, owner, options.leaseMs).then(
          (ours) => {
            if (!ours) lost = true;
          },
          (error: unknown) => log.warn({ err: error }, 'export lease could not be renewed'),
        );
      },
      Math.max(50, Math.floor(options.leaseMs / 3)),
    );
    const active = () => !lost && !stopped;
    try {
      const finished = await runExport(deps, { row, owner, active });
      if (finished) log.info({ export: row.id }, 'data export ready');
    } catch (error) {
      if (!active()) return;
      if (error instanceof ExportFailure) {
        await deps.store.fail(row.id, error.message);
      } else if (row.attempts >= MAX_ATTEMPTS) {
        log.warn({ err: error, export: row.id }, 'data export failed for good');
        await deps.store.fail(row.id, error instanceof ExportRetry ? GAME_API_AWAY : EXPORT_BROKEN);
      } else {
        // The lease stays until it runs out: the next attempt waits that long.
        log.warn({ err: error, export: row.id }, 'data export attempt failed; tried again later');
      }
    } finally {
      clearInterval(heartbeat);
    }
  };

  const tick = async () => {
    timer = undefined;
    let ran = false;
    try {
      await purge();
      const row = await deps.store.claim(owner, options.leaseMs);
      if (row && !stopped) {
        ran = true;
        await work(row);
      }
    } catch (error) {
      if (!stopped) log.warn({ err: error }, 'export runner: database unavailable');
    }
    if (!stopped) timer = setTimeout(run, ran ? 0 : options.pollMs);
  };
  const run = () => {
    if (current || stopped) return;
    current = tick().finally(() => {
      current = null;
    });
  };
  timer = setTimeout(run, 0);

  return {
    kick() {
      if (stopped || current) return;
      if (timer) clearTimeout(timer);
      run();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      // A step under way ends on its own; its job's lease runs out and another instance goes on.
      await current?.catch(() => undefined);
    },
  };
}
