/**
 * The outbox (decision 097, architecture §10): when an audit record of a subscribed kind succeeds,
 * one delivery per active subscription is written in the same transaction as the record's
 * completion (AuditLog.onSuccess), with its body fixed then, so every attempt sends the same bytes
 * under the same `webhook-id`. No event without its record, no record without its event.
 */
import {
  auditChangeSummary,
  auditFieldChanges,
  auditSentence,
  auditSentenceText,
  webhookEventOf,
  type AuditOutcomeKey,
  type WebhookEvent,
} from '@nova/domain';
import { sql, type Kysely } from 'kysely';
import type { AuditRecord } from '../audit/log';
import type { Schema } from '../db/schema';

/** The record as the bodies need it. */
export interface EventRecord {
  id: string;
  at: string;
  action: string;
  actorId: string | null;
  /** The login name. */
  actorName: string | null;
  /** The in-game name, when the person has one (decision 099). */
  actorDisplayName?: string | null;
  clientId: string | null;
  targetType: string | null;
  targetId: string | null;
  before: unknown;
  after: unknown;
  outcome: AuditOutcomeKey;
  detail: string | null;
  undoOf: string | null;
}

const DISCORD_LIMIT = 2000;

/** The audit log's sentence, with who did it and, for a change, what changed. */
export function eventText(record: EventRecord): string {
  const sentence = auditSentenceText(auditSentence(record));
  // People by the name everyone knows them by (the in-game name), else the login name.
  const who = record.actorDisplayName ?? record.actorName ?? record.clientId;
  const changes = auditChangeSummary(auditFieldChanges(record));
  const text = [`${sentence}${who ? ` – von ${who}` : ''}`, ...(changes ? [changes] : [])].join('\n');
  return text.length > DISCORD_LIMIT ? `${text.slice(0, DISCORD_LIMIT - 1)}…` : text;
}

/** A Standard Webhooks body: `{ type, timestamp, data }`. */
export function standardBody(type: WebhookEvent, record: EventRecord): string {
  return JSON.stringify({
    type,
    timestamp: record.at,
    data: {
      record: record.id,
      action: record.action,
      text: auditSentenceText(auditSentence(record)),
      actor:
        record.actorId || record.actorName
          ? {
              id: record.actorId,
              name: record.actorName,
              ...(record.actorDisplayName ? { displayName: record.actorDisplayName } : {}),
            }
          : null,
      client: record.clientId,
      target: record.targetType ? { type: record.targetType, id: record.targetId } : null,
      before: record.before ?? null,
      after: record.after ?? null,
      undoOf: record.undoOf,
    },
  });
}

/** A Discord webhook message; mentions in names never ping anyone. */
export function discordBody(record: EventRecord): string {
  return JSON.stringify({ content: eventText(record), allowed_mentions: { parse: [] } });
}

export function deliveryId(auditId: string, subscriptionId: string): string {
  return `msg_${auditId}_${subscriptionId}`;
}

/**
 * Runs inside the completing transaction (AuditLog.onSuccess) with the record as readers see it, its
 * persons' names included (decision 099); writes the record's deliveries.
 */
export async function enqueueEvents(
  trx: Kysely<Schema>,
  audit: AuditRecord,
  happenedAt: string,
): Promise<number> {
  if (audit.outcome !== 'success') return 0;
  const type = webhookEventOf({ action: audit.action, targetType: audit.targetType });
  if (!type) return 0;
  const subscriptions = await trx
    .selectFrom('webhook_subscriptions')
    .select(['id', 'format'])
    .where('state', '=', 'active')
    .where(sql<boolean>`${type} = any(events)`)
    .execute();
  if (subscriptions.length === 0) return 0;
  const record: EventRecord = {
    id: audit.id,
    // The event's time is its completion's (an intent's record was begun before the call).
    at: happenedAt,
    action: audit.action,
    actorId: audit.actorId,
    actorName: audit.actorName,
    actorDisplayName: audit.actorDisplayName,
    clientId: audit.clientId,
    targetType: audit.targetType,
    targetId: audit.targetId,
    before: audit.before ?? null,
    after: audit.after ?? null,
    outcome: audit.outcome,
    detail: audit.detail,
    undoOf: audit.undoOf,
  };
  await trx
    .insertInto('webhook_deliveries')
    .values(
      subscriptions.map((subscription) => ({
        id: deliveryId(record.id, String(subscription.id)),
        subscription_id: subscription.id,
        audit_id: record.id,
        event_type: type,
        body: subscription.format === 'discord' ? discordBody(record) : standardBody(type, record),
      })),
    )
    .execute();
  return subscriptions.length;
}
