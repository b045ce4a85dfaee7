import { describe, expect, it } from 'vitest';
import { webhookEventOf } from './webhooks';

describe('webhook events', () => {
  it('names the kind of event of each subscribable audit action', () => {
    const cases: [string, string | null, string | null][] = [
      ['catalogue.serverRadios.create', 'catalogue.serverRadios', 'catalogue.created'],
      ['catalogue.wantedReasons.update', 'catalogue.wantedReasons', 'catalogue.changed'],
      ['catalogue.achievements.remove', 'catalogue.achievements', 'catalogue.deleted'],
      ['audit.undo', 'catalogue.serverSkins', 'catalogue.undone'],
      ['audit.undo', 'sync.group', 'sync.group.changed'],
      ['syncManager.objects.create', 'sync.object', 'sync.object.changed'],
      ['syncManager.groups.remove', 'sync.group', 'sync.group.changed'],
      ['externalAccounts.linkTeamspeak', 'user', 'account.linked'],
      ['externalAccounts.linkDiscord', 'user', 'account.linked'],
      ['externalAccounts.unlink', 'user', 'account.unlinked'],
      // Reads, sign-ins, the webhooks' own records: no event.
      ['catalogue.serverRadios.list', 'catalogue.serverRadios', null],
      ['auth.sign-in', 'user', null],
      ['webhooks.create', 'webhooks', null],
      ['externalAccounts.sync', 'user', null],
    ];
    for (const [action, targetType, event] of cases) {
      expect(webhookEventOf({ action, targetType }), action).toBe(event);
    }
  });
});
