import { describe, expect, it } from 'vitest';
import type { AuditRecord } from '../audit/log';
import { ownView } from './archive';

const base: AuditRecord = {
  id: '9',
  at: '2026-11-28T20:00:00.000Z',
  actorId: 'id-admin',
  actorName: 'admin',
  actorDisplayName: 'Max_Mustermann',
  actorPerson: '2',
  actorErased: false,
  targetPerson: '5',
  action: 'accounts.unlinkDiscord',
  targetType: 'user',
  targetId: 'id-spieler',
  before: { discord: 'spieler#1' },
  after: null,
  outcome: 'success',
  status: null,
  detail: null,
  requestId: 'r-1',
  clientIp: '203.0.113.7',
  callKind: 'session',
  clientId: null,
  sent: null,
  forced: false,
  undoOf: null,
  undoneBy: null,
};

describe('ownView (the player’s export of the audit log)', () => {
  it('blanks the admin who acted on the player: id, names, number and address', () => {
    expect(ownView(base, 'id-spieler')).toEqual({
      ...base,
      actorId: null,
      actorName: null,
      actorDisplayName: null,
      actorPerson: null,
      clientIp: null,
    });
  });

  it('keeps the player’s own action whole and blanks the other account it was about', () => {
    const own = {
      ...base,
      actorId: 'id-spieler',
      actorName: 'spieler',
      actorDisplayName: 'Jonas_Weber',
      actorPerson: '5',
      targetId: 'id-beta',
      targetPerson: '7',
      targetName: 'beta',
      detail: 'anderes Konto: beta',
    };
    expect(ownView(own, 'id-spieler')).toEqual({
      ...own,
      targetId: null,
      targetPerson: null,
      targetName: null,
      detail: 'anderes Konto',
    });
  });
});
