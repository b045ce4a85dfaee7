/**
 * The webhooks of one BFF instance (decision 097): the store, the worker and the target policy,
 * wired to the audit log's success hook so that every successful record of a subscribed kind
 * writes its deliveries in its own transaction and wakes this instance's worker.
 */
import type { AuditLog } from '../audit/log';
import type { Database } from '../db/database';
import type { Env } from '../env';
import { enqueueEvents } from './outbox';
import { httpSender, type Sender } from './sender';
import { WebhookStore } from './store';
import type { TargetPolicy } from './targets';
import { WebhookWorker } from './worker';

export interface Webhooks {
  store: WebhookStore;
  worker: WebhookWorker;
  targets: TargetPolicy;
}

export function createWebhooks(options: {
  database: Database;
  audit: AuditLog;
  env: Env['webhooks'];
  log: ConstructorParameters<typeof WebhookWorker>[0]['log'];
  /** Instead of the HTTP sender (tests). */
  send?: Sender;
}): Webhooks {
  const { database, audit, env, log } = options;
  const targets: TargetPolicy = { allowPrivate: env.allowPrivateTargets };
  const worker = new WebhookWorker({
    database,
    send: options.send ?? httpSender({ ...targets, timeoutMs: env.timeoutMs }),
    log,
    leaseMs: env.leaseMs,
    retryBaseMs: env.retryBaseMs,
  });
  audit.onSuccess(
    async (trx, record, happenedAt) => {
      await enqueueEvents(trx, record, happenedAt);
    },
    () => worker.nudge(),
  );
  return { store: new WebhookStore(database), worker, targets };
}
