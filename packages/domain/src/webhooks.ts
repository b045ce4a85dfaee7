/**
 * Webhooks (decision 097): the kinds of events an admin subscribes a URL to, each a set of the audit
 * log's action keys (decision 062), and the German texts of the "Webhooks" page. An event is a
 * successful audit record of one of these actions; its `type` is the kind's key.
 */
import { auditActionWords } from './audit';

export const WEBHOOK_EVENTS = {
  'catalogue.created': 'Katalogeintrag angelegt',
  'catalogue.changed': 'Katalogeintrag geändert',
  'catalogue.deleted': 'Katalogeintrag gelöscht',
  'catalogue.undone': 'Katalogänderung rückgängig gemacht',
  'sync.object.changed': 'Sync Objekt angelegt, geändert oder gelöscht',
  'sync.group.changed': 'Sync Gruppe angelegt, geändert oder gelöscht',
  'account.linked': 'Account verknüpft (Teamspeak, Discord)',
  'account.unlinked': 'Account-Verknüpfung aufgehoben',
} as const;

export type WebhookEvent = keyof typeof WEBHOOK_EVENTS;
export const WEBHOOK_EVENT_TYPES = Object.keys(WEBHOOK_EVENTS) as WebhookEvent[];

export function isWebhookEvent(value: string): value is WebhookEvent {
  return Object.hasOwn(WEBHOOK_EVENTS, value);
}

/** How a delivery's body is written: Standard Webhooks JSON, or a Discord webhook message. */
export const WEBHOOK_FORMATS = {
  standard: 'Standard Webhooks (JSON, signiert)',
  discord: 'Discord (Nachricht mit dem Satz aus dem Audit-Log)',
} as const;
export type WebhookFormat = keyof typeof WEBHOOK_FORMATS;

/** The kind of event a record is, or null when no subscription can hear it. */
export function webhookEventOf(record: { action: string; targetType: string | null }): WebhookEvent | null {
  const { action, targetType } = record;
  if (action === 'externalAccounts.linkTeamspeak' || action === 'externalAccounts.linkDiscord')
    return 'account.linked';
  if (action === 'externalAccounts.unlink') return 'account.unlinked';
  if (action === 'audit.undo') {
    if (targetType?.startsWith('catalogue.')) return 'catalogue.undone';
    if (targetType === 'sync.object') return 'sync.object.changed';
    if (targetType === 'sync.group') return 'sync.group.changed';
    return null;
  }
  const words = auditActionWords(action);
  if (!words || !['create', 'update', 'remove'].includes(words.kind)) return null;
  if (action.startsWith('catalogue.')) {
    return words.kind === 'create'
      ? 'catalogue.created'
      : words.kind === 'update'
        ? 'catalogue.changed'
        : 'catalogue.deleted';
  }
  if (action.startsWith('syncManager.objects.')) return 'sync.object.changed';
  if (action.startsWith('syncManager.groups.')) return 'sync.group.changed';
  return null;
}

/** A delivery's state as the log shows it. */
export const WEBHOOK_DELIVERY_STATES = {
  pending: 'ausstehend',
  delivered: 'zugestellt',
  failed: 'fehlgeschlagen',
} as const;
export type WebhookDeliveryState = keyof typeof WEBHOOK_DELIVERY_STATES;

/** How long a delivery is retried, and how long a subscription may fail before it is paused. */
export const WEBHOOK_RETRY_HOURS = 24;

export const WEBHOOK_TEXTS = {
  /** A target the BFF refuses to call (loopback, private, link-local; decision 097). */
  privateTarget:
    'Diese Adresse zeigt auf ein internes Netz (Loopback, privat oder link-lokal). Webhooks dürfen nur öffentliche Ziele aufrufen.',
  httpsOnly: 'Die Adresse muss mit https:// beginnen.',
  unresolvable: 'Die Adresse konnte nicht aufgelöst werden. Bitte prüfe den Hostnamen.',
  paused:
    'Pausiert: Die Zustellungen an diese Adresse sind seit einem Tag fehlgeschlagen. Prüfe den Empfänger und setze das Abonnement dann fort.',
} as const;
