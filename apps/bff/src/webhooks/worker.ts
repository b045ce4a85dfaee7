/**
 * The delivery worker (decision 097): every instance runs one. It claims due deliveries with
 * `FOR UPDATE SKIP LOCKED` and a lease, so several instances share the outbox and deliver each event
 * once in normal operation; a claim whose instance died runs again when its lease has passed, under
 * the same `webhook-id` (at least once). Failures are retried with exponential backoff and jitter
 * for 24 hours, then the delivery is "fehlgeschlagen"; a subscription that has failed for as long is
 * paused.
 */
import { sql, type Kysely } from 'kysely';
import { WEBHOOK_RETRY_HOURS } from '@nova/domain';
import type { Database } from '../db/database';
import type { Schema } from '../db/schema';
import { webhookDeliveries } from '../observability/metrics';
import type { Attempt, Sender } from './sender';

export interface WorkerOptions {
  database: Database;
  send: Sender;
  log: { warn(object: object, message: string): void; error(object: object, message: string): void };
  leaseMs: number;
  retryBaseMs: number;
  /** How long a delivery is retried and a subscription may fail before it pauses (24 h). */
  retryWindowMs?: number;
  /** How often the outbox is looked at when nothing woke the worker. */
  pollMs?: number;
  /** Deliveries claimed at once, and sent at the same time. */
  batch?: number;
  random?: () => number;
}

const MAX_DELAY_MS = 60 * 60 * 1000;

interface Claimed {
  id: string;
  body: string;
  attempts: number;
  retry_from: Date | string;
  subscription_id: string | number;
  url: string;
  secret: string;
}

/** The delay before attempt n+1: base·2^(n−1), at most an hour, times a jitter in [0.5, 1). */
export function retryDelay(attempts: number, baseMs: number, random: () => number = Math.random): number {
  const exponential = Math.min(baseMs * 2 ** Math.max(attempts - 1, 0), MAX_DELAY_MS);
  return Math.round(exponential * (0.5 + random() / 2));
}

export class WebhookWorker {
  readonly #options: Required<Omit<WorkerOptions, 'random'>> & { random: () => number };
  #running = false;
  #loop: Promise<void> | null = null;
  #wake: (() => void) | null = null;
  #woken = false;

  constructor(options: WorkerOptions) {
    this.#options = {
      retryWindowMs: WEBHOOK_RETRY_HOURS * 60 * 60 * 1000,
      pollMs: 1000,
      batch: 64,
      random: Math.random,
      ...options,
    };
  }

  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#loop = this.#run();
  }

  async stop(): Promise<void> {
    this.#running = false;
    this.nudge();
    await this.#loop;
    this.#loop = null;
  }

  #stopped(): boolean {
    return !this.#running;
  }

  /** Something was written to the outbox: look now instead of at the next poll. */
  nudge(): void {
    this.#woken = true;
    this.#wake?.();
  }

  async #run(): Promise<void> {
    while (this.#running) {
      let claimed = 0;
      try {
        claimed = await this.runOnce();
      } catch (error) {
        this.#options.log.warn({ err: error }, 'webhook deliveries could not be claimed');
      }
      // stop() may have been called while the batch ran.
      if (this.#stopped()) break;
      if (claimed >= this.#options.batch) continue;
      if (this.#woken) {
        this.#woken = false;
        continue;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.#options.pollMs);
        this.#wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.#wake = null;
      this.#woken = false;
    }
  }

  /** Claims one batch of due deliveries and sends them; returns how many were claimed. */
  async runOnce(): Promise<number> {
    const db = await this.#options.database.open();
    const claimed = await this.#claim(db);
    await Promise.all(claimed.map(async (delivery) => this.#deliver(db, delivery)));
    return claimed.length;
  }

  async #claim(db: Kysely<Schema>): Promise<Claimed[]> {
    const { rows } = await sql<Claimed>`
      update webhook_deliveries as d
      set lease_until = now() + make_interval(secs => ${this.#options.leaseMs / 1000}),
        attempts = d.attempts + 1
      from webhook_subscriptions as s
      where s.id = d.subscription_id and d.id in (
        select c.id from webhook_deliveries as c
        join webhook_subscriptions as cs on cs.id = c.subscription_id
        where c.state = 'pending' and cs.state = 'active' and c.next_attempt_at <= now()
          and (c.lease_until is null or c.lease_until < now())
        order by c.next_attempt_at, c.id
        limit ${this.#options.batch}
        for update of c skip locked)
      returning d.id, d.body, d.attempts, d.retry_from, d.subscription_id, s.url, s.secret`.execute(db);
    return rows;
  }

  async #deliver(db: Kysely<Schema>, delivery: Claimed): Promise<void> {
    let attempt: Attempt;
    try {
      attempt = await this.#options.send(delivery);
    } catch (error) {
      attempt = { status: null, error: 'Zustellung fehlgeschlagen', durationMs: 0 };
      this.#options.log.error({ err: error, delivery: delivery.id }, 'webhook attempt failed unexpectedly');
    }
    try {
      await this.#record(db, delivery, attempt);
    } catch (error) {
      // The lease runs out and the delivery is tried again (at least once).
      this.#options.log.warn({ err: error, delivery: delivery.id }, 'webhook attempt not recorded');
    }
  }

  async #record(db: Kysely<Schema>, delivery: Claimed, attempt: Attempt): Promise<void> {
    const { retryWindowMs } = this.#options;
    const attemptRow = sql`insert into webhook_attempts (delivery_id, status, error, duration_ms)
      values (${delivery.id}, ${attempt.status}, ${attempt.error}, ${attempt.durationMs})`;
    if (attempt.error === null) {
      await sql`
        with attempt as (${attemptRow}),
        healthy as (
          update webhook_subscriptions set failing_since = null
          where id = ${delivery.subscription_id} and failing_since is not null)
        update webhook_deliveries set state = 'delivered', delivered_at = now(), lease_until = null,
          last_status = ${attempt.status}, last_error = null, last_duration_ms = ${attempt.durationMs}
        where id = ${delivery.id}`.execute(db);
      webhookDeliveries.inc({ outcome: 'delivered' });
      return;
    }
    const delayMs = retryDelay(delivery.attempts, this.#options.retryBaseMs, this.#options.random);
    const deadline = new Date(delivery.retry_from).getTime() + retryWindowMs;
    const giveUp = Date.now() + delayMs > deadline;
    await sql`
      with attempt as (${attemptRow}),
      failing as (
        update webhook_subscriptions
        set failing_since = coalesce(failing_since, now()),
          state = case when coalesce(failing_since, now()) <= now() - make_interval(secs => ${retryWindowMs / 1000})
            then 'paused' else state end,
          paused_at = case when coalesce(failing_since, now()) <= now() - make_interval(secs => ${retryWindowMs / 1000})
            then coalesce(paused_at, now()) else paused_at end
        where id = ${delivery.subscription_id})
      update webhook_deliveries
      set state = ${giveUp ? 'failed' : 'pending'},
        next_attempt_at = now() + make_interval(secs => ${delayMs / 1000}),
        lease_until = null, last_status = ${attempt.status}, last_error = ${attempt.error},
        last_duration_ms = ${attempt.durationMs}
      where id = ${delivery.id}`.execute(db);
    webhookDeliveries.inc({ outcome: giveUp ? 'failed' : 'retry' });
  }
}
