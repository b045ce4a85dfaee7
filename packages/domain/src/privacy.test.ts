import { describe, expect, it } from 'vitest';
import { canMovePrivacyRequest, deadlineState, privacyDeadline } from './privacy';

describe('the deadline of a privacy request', () => {
  it('is one calendar month after receipt', () => {
    expect(privacyDeadline(new Date('2026-11-28T10:15:00Z')).toISOString()).toBe('2026-12-28T10:15:00.000Z');
    expect(privacyDeadline(new Date('2026-12-15T08:00:00Z')).toISOString()).toBe('2027-01-15T08:00:00.000Z');
  });

  it('ends on the last day of a shorter month', () => {
    expect(privacyDeadline(new Date('2027-01-31T12:00:00Z')).toISOString()).toBe('2027-02-28T12:00:00.000Z');
    expect(privacyDeadline(new Date('2028-01-30T12:00:00Z')).toISOString()).toBe('2028-02-29T12:00:00.000Z');
  });

  it('is near from seven days before and past after it', () => {
    const deadline = new Date('2026-12-28T10:00:00Z');
    expect(deadlineState(deadline, new Date('2026-12-20T09:59:00Z'))).toBe('ok');
    expect(deadlineState(deadline, new Date('2026-12-21T10:00:00Z'))).toBe('near');
    expect(deadlineState(deadline, new Date('2026-12-28T10:00:00Z'))).toBe('near');
    expect(deadlineState(deadline, new Date('2026-12-28T10:00:01Z'))).toBe('past');
  });
});

describe('the status of a privacy request', () => {
  it('moves eingegangen → in Bearbeitung → erledigt, and to abgelehnt from either open status', () => {
    expect(canMovePrivacyRequest('received', 'processing')).toBe(true);
    expect(canMovePrivacyRequest('processing', 'done')).toBe(true);
    expect(canMovePrivacyRequest('received', 'rejected')).toBe(true);
    expect(canMovePrivacyRequest('processing', 'rejected')).toBe(true);
  });

  it('never leaves a closed status and never skips the processing', () => {
    expect(canMovePrivacyRequest('received', 'done')).toBe(false);
    expect(canMovePrivacyRequest('done', 'processing')).toBe(false);
    expect(canMovePrivacyRequest('rejected', 'received')).toBe(false);
    expect(canMovePrivacyRequest('processing', 'received')).toBe(false);
  });
});
