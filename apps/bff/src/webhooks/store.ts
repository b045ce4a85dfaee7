/**
 * Webhook subscriptions and their delivery log (decision 097), for the "Webhooks" page and the
 * REST API. The secret leaves only in the answers of create and rotate (shown once).
 */
import { sql } from 'kysely';
import type { WebhookDeliveryState, WebhookEvent, WebhookFormat } from '@nova/domain';
import type { Database } from '../db/database';
import { newSecret } from './signature';

export interface Subscription {
  id: string;
  url: string;
  format: WebhookFormat;
  events: WebhookEvent[];
  state: 'active' | 'paused';
  failingSince: string | null;
  pausedAt: string | null;
  createdAt: string;
  createdBy: string | null;
  pending: number;
  failed: number;
}

export interface DeliveryEntry {
  id: string;
  eventType: string;
  record: string;
  state: WebhookDeliveryState;
  attempts: number;
  createdAt: string;
  deliveredAt: string | null;
  nextAttemptAt: string | null;
  lastStatus: number | null;
  lastError: string | null;
  lastDurationMs: number | null;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export class WebhookStore {
  constructor(private readonly database: Database) {}

  async list(): Promise<Subscription[]> {
    const db = await this.database.open();
    const rows = await db
      .selectFrom('webhook_subscriptions as s')
      .select([
        's.id',
        's.url',
        's.format',
        's.events',
        's.state',
        's.failing_since',
        's.paused_at',
        's.created_at',
        's.created_by',
        sql<number>`(select count(*) from webhook_deliveries d where d.subscription_id = s.id and d.state = 'pending')::int`.as(
          'pending',
        ),
        sql<number>`(select count(*) from webhook_deliveries d where d.subscription_id = s.id and d.state = 'failed')::int`.as(
          'failed',
        ),
      ])
      .orderBy('s.id')
      .execute();
    return rows.map((row) => this.#subscription(row));
  }

  async get(id: string): Promise<Subscription | null> {
    return (await this.list()).find((subscription) => subscription.id === id) ?? null;
  }

  #subscription(row: {
    id: string | number;
    url: string;
    format: WebhookFormat;
    events: string[];
    state: 'active' | 'paused';
    failing_since: Date | null;
    paused_at: Date | null;
    created_at: Date;
    created_by: string | null;
    pending?: number;
    failed?: number;
  }): Subscription {
    return {
      id: String(row.id),
      url: row.url,
      format: row.format,
      events: row.events as WebhookEvent[],
      state: row.state,
      failingSince: iso(row.failing_since),
      pausedAt: iso(row.paused_at),
      createdAt: iso(row.created_at) ?? '',
      createdBy: row.created_by,
      pending: row.pending ?? 0,
      failed: row.failed ?? 0,
    };
  }

  async create(input: {
    url: string;
    format: WebhookFormat;
    events: WebhookEvent[];
    createdBy: string | null;
  }): Promise<{ subscription: Subscription; secret: string }> {
    const db = await this.database.open();
    const secret = newSecret();
    const row = await db
      .insertInto('webhook_subscriptions')
      .values({
        url: input.url,
        format: input.format,
        events: input.events,
        secret,
        failing_since: null,
        paused_at: null,
        created_by: input.createdBy,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { subscription: this.#subscription(row), secret };
  }

  /** The secret a subscription signs with now (a repeated create's answer); null when it is gone. */
  async secret(id: string): Promise<string | null> {
    const db = await this.database.open();
    const row = await db
      .selectFrom('webhook_subscriptions')
      .select('secret')
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.secret ?? null;
  }

  /** Removes a subscription with its deliveries; false when there was none. */
  async remove(id: string): Promise<boolean> {
    const db = await this.database.open();
    const result = await db.deleteFrom('webhook_subscriptions').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** A new secret; the old one stops signing at once. Null when there is no such subscription. */
  async rotate(id: string): Promise<string | null> {
    const db = await this.database.open();
    const secret = newSecret();
    const result = await db
      .updateTable('webhook_subscriptions')
      .set({ secret })
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0 ? secret : null;
  }

  /** A paused subscription delivers again; what waits is tried now. */
  async resume(id: string): Promise<boolean> {
    const db = await this.database.open();
    const result = await db
      .updateTable('webhook_subscriptions')
      .set({ state: 'active', failing_since: null, paused_at: null })
      .where('id', '=', id)
      .executeTakeFirst();
    await db
      .updateTable('webhook_deliveries')
      .set({ next_attempt_at: sql<Date>`now()`, retry_from: sql<Date>`now()` })
      .where('subscription_id', '=', id)
      .where('state', '=', 'pending')
      .execute();
    return Number(result.numUpdatedRows) > 0;
  }

  /** The newest deliveries of a subscription, newest first. */
  async deliveries(subscriptionId: string, limit = 50): Promise<DeliveryEntry[]> {
    const db = await this.database.open();
    const rows = await db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('subscription_id', '=', subscriptionId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      id: row.id,
      eventType: row.event_type,
      record: String(row.audit_id),
      state: row.state,
      attempts: row.attempts,
      createdAt: iso(row.created_at) ?? '',
      deliveredAt: iso(row.delivered_at),
      nextAttemptAt: row.state === 'pending' ? iso(row.next_attempt_at) : null,
      lastStatus: row.last_status,
      lastError: row.last_error,
      lastDurationMs: row.last_duration_ms,
    }));
  }

  /** "Erneut senden": the delivery is due now, with 24 hours of retries from now; same id. */
  async resend(subscriptionId: string, deliveryId: string): Promise<boolean> {
    const db = await this.database.open();
    const result = await db
      .updateTable('webhook_deliveries')
      .set({
        state: 'pending',
        next_attempt_at: sql<Date>`now()`,
        retry_from: sql<Date>`now()`,
        lease_until: null,
      })
      .where('id', '=', deliveryId)
      .where('subscription_id', '=', subscriptionId)
      .where('state', '<>', 'pending')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** The outbox's depth: deliveries still to be sent. */
  async pending(): Promise<number> {
    const db = await this.database.open();
    const { rows } = await sql<{ pending: string | number }>`
      select count(*) as pending from webhook_deliveries where state = 'pending'`.execute(db);
    return Number(rows[0]?.pending ?? 0);
  }
}
