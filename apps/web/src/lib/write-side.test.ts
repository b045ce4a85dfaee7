import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { StrictMode } from 'react';
import { peekDraft, saveDraft, takeDraft, useRestoredDraft } from './form-draft';
import { applyFieldErrors, fieldErrorsOf, reasonOf } from './mutation';

const isNamed = (state: unknown): state is { name: string } =>
  typeof state === 'object' && state !== null && typeof (state as { name?: unknown }).name === 'string';

describe('form drafts across the sign-in', () => {
  afterEach(() => {
    vi.useRealTimers();
    sessionStorage.clear();
  });

  it('gives a saved draft back once', () => {
    saveDraft('catalogue:achievements', { name: 'Angler' });
    expect(takeDraft('catalogue:achievements', isNamed)).toEqual({ name: 'Angler' });
    expect(takeDraft('catalogue:achievements', isNamed)).toBeNull();
  });

  it('keeps drafts of different forms apart and refuses foreign shapes', () => {
    saveDraft('catalogue:achievements', { name: 'Angler' });
    saveDraft('catalogue:wantedReasons', { other: 1 });
    expect(takeDraft('catalogue:wantedReasons', isNamed)).toBeNull();
    expect(takeDraft('catalogue:achievements', isNamed)).toEqual({ name: 'Angler' });
  });

  it('forgets a draft older than 30 minutes', () => {
    vi.useFakeTimers({ now: new Date('2026-11-24T10:00:00Z') });
    saveDraft('catalogue:achievements', { name: 'Angler' });
    vi.setSystemTime(new Date('2026-11-24T10:31:00Z'));
    expect(takeDraft('catalogue:achievements', isNamed)).toBeNull();
  });

  it('ignores broken storage contents', () => {
    sessionStorage.setItem('nova:draft:x', '{not json');
    expect(takeDraft('x', isNamed)).toBeNull();
  });

  it('gives a draft back on the page that saved it only', () => {
    window.history.replaceState(null, '', '/control-panel/admin/server-manager/achievement-manager');
    saveDraft('catalogue:achievements', { name: 'Angler' });
    window.history.replaceState(null, '', '/control-panel/admin/audit-log');
    expect(takeDraft('catalogue:achievements', isNamed)).toBeNull();
  });

  it('a screen gets the draft in every render of its first mount (StrictMode), and it is gone once shown', () => {
    saveDraft('catalogue:achievements', { name: 'Angler' });
    expect(peekDraft('catalogue:achievements', isNamed)).toEqual({ name: 'Angler' });
    const seen: unknown[] = [];
    const { result } = renderHook(
      () => {
        const draft = useRestoredDraft('catalogue:achievements', isNamed);
        seen.push(draft);
        return draft;
      },
      { wrapper: StrictMode },
    );
    expect(result.current).toEqual({ name: 'Angler' });
    expect(seen.every((draft) => JSON.stringify(draft) === '{"name":"Angler"}')).toBe(true);
    expect(peekDraft('catalogue:achievements', isNamed)).toBeNull();
  });
});

describe('the error shape of mutations', () => {
  const error = {
    data: { code: 'BAD_REQUEST', fieldErrors: { name: 'Pflichtfeld', _: 'Ungültige Eingabe' }, reason: null },
  };

  it('reads field errors and reasons, ignoring anything else', () => {
    expect(fieldErrorsOf(error)).toEqual({ name: 'Pflichtfeld', _: 'Ungültige Eingabe' });
    expect(fieldErrorsOf({ data: { fieldErrors: null } })).toBeNull();
    expect(fieldErrorsOf({ data: { fieldErrors: { name: 3 } } })).toBeNull();
    expect(fieldErrorsOf(new Error('x'))).toBeNull();
    expect(reasonOf({ data: { reason: 'STEP_UP_REQUIRED' } })).toBe('STEP_UP_REQUIRED');
    expect(reasonOf(error)).toBeNull();
  });

  it('sets errors on the known fields, focusing the first, and returns the rest', () => {
    const setError = vi.fn();
    expect(applyFieldErrors(error, ['name', 'points'], setError)).toEqual(['Ungültige Eingabe']);
    expect(setError).toHaveBeenCalledTimes(1);
    expect(setError).toHaveBeenCalledWith(
      'name',
      { type: 'server', message: 'Pflichtfeld' },
      { shouldFocus: true },
    );
    expect(applyFieldErrors({ data: { code: 'BAD_GATEWAY' } }, ['name'], setError)).toBeNull();
  });
});
