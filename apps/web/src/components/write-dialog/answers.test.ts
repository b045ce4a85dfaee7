import { describe, expect, it } from 'vitest';
import { bffError } from '../../test/trpc';
import { changedByText, mergeValues, readFailure } from './answers';

describe('what a failed write means', () => {
  it('reads conflicts, unknown outcomes, a key still at work and the step-up', () => {
    const current = { id: 1, name: 'Neu' };
    const changed = Object.assign(bffError('CONFLICT', 409, 'x', 'changed'), {
      data: {
        code: 'CONFLICT',
        reason: 'changed',
        conflict: { reason: 'changed', current, changedBy: { name: 'Anna', at: '2026-11-25T09:00:00Z' } },
      },
    });
    expect(readFailure(changed)).toEqual({
      kind: 'conflict',
      conflict: { reason: 'changed', current, changedBy: { name: 'Anna', at: '2026-11-25T09:00:00Z' } },
    });
    // Without the row a "changed" cannot be merged: it reads as gone.
    expect(readFailure(bffError('CONFLICT', 409, 'x', 'changed'))).toEqual({
      kind: 'conflict',
      conflict: { reason: 'deleted', current: null, changedBy: null },
    });
    expect(readFailure(bffError('CONFLICT', 409, 'x', 'in-progress'))).toEqual({ kind: 'in-progress' });
    expect(readFailure(bffError('CONFLICT', 409, 'x', 'something-else'))).toEqual({ kind: 'other' });
    expect(readFailure(bffError('GATEWAY_TIMEOUT', 504, 'x', 'outcome-unknown'))).toEqual({
      kind: 'outcome',
      outcome: 'outcome-unknown',
    });
    // A 504 without the BFF's read-back is an ordinary failure.
    expect(readFailure(bffError('GATEWAY_TIMEOUT', 504, 'x'))).toEqual({ kind: 'other' });
    expect(readFailure(bffError('FORBIDDEN', 403, 'x', 'STEP_UP_REQUIRED'))).toEqual({ kind: 'step-up' });
  });
});

describe('"Neu laden": theirs, with my edits where they do not clash', () => {
  const fields = ['name', 'exp', 'money', 'members'];
  const base = { name: 'Angler', exp: '100', money: '5', members: ['1', '2'] };

  it('keeps a field only I changed, takes one only they changed, and theirs where both did', () => {
    const theirs = { name: 'Angler', exp: '111', money: '7', members: ['2', '1'] };
    const mine = { name: 'Fischer', exp: '100', money: '9', members: ['1', '2', '3'] };
    expect(mergeValues(base, theirs, mine, fields)).toEqual({
      values: { name: 'Fischer', exp: '111', money: '7', members: ['1', '2', '3'] },
      kept: ['name', 'members'],
      replaced: ['money'],
    });
  });

  it('an edit both made the same way is no clash', () => {
    const same = { ...base, exp: '200' };
    expect(mergeValues(base, same, same, fields)).toEqual({ values: same, kept: [], replaced: [] });
  });
});

describe('who changed it', () => {
  it('names the person and the time, or says only that it changed', () => {
    const at = '2026-11-25T09:12:00.000Z';
    const text = changedByText(
      { reason: 'changed', current: {}, changedBy: { name: 'Anna', at } },
      'geändert',
    );
    expect(text).toMatch(/^Anna hat diesen Eintrag am 25\.11\.2026, \d\d:12 geändert\.$/);
    expect(changedByText({ reason: 'deleted', current: null, changedBy: null }, 'gelöscht')).toBe(
      'Dieser Eintrag wurde gelöscht.',
    );
  });
});
