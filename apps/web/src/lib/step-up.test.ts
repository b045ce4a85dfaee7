import { TRPCClientError } from '@trpc/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { takeDraft } from './form-draft';
import { beginStepUp, isStepUpRequired, stepUpUrl } from './step-up';

function trpcError(reason: string | null) {
  return TRPCClientError.from({
    error: {
      message: 'x',
      code: -32003,
      data: { code: 'FORBIDDEN', httpStatus: 403, reason },
    },
  });
}

const isDialog = (state: unknown): state is { dialog: string; id: number } =>
  typeof state === 'object' && state !== null && typeof (state as { id?: unknown }).id === 'number';

describe('step-up helper', () => {
  beforeEach(() => {
    sessionStorage.clear();
    window.history.replaceState(null, '', '/control-panel/admin/server-manager/wanted-manager?seite=2');
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('recognises the BFF step-up refusal only', () => {
    expect(isStepUpRequired(trpcError('STEP_UP_REQUIRED'))).toBe(true);
    expect(isStepUpRequired(trpcError(null))).toBe(false);
    expect(isStepUpRequired(new Error('STEP_UP_REQUIRED'))).toBe(false);
  });

  it('keeps the state as the page draft, leaves for the re-authentication, and the state comes back once', () => {
    let target = '';
    beginStepUp('catalogue:wantedReasons', { dialog: 'delete', id: 7 }, (url) => (target = url));
    expect(target).toBe(
      `/auth/login?stepUp=1&returnTo=${encodeURIComponent('/control-panel/admin/server-manager/wanted-manager?seite=2')}`,
    );
    expect(takeDraft('catalogue:achievements', isDialog)).toBeNull();
    expect(takeDraft('catalogue:wantedReasons', isDialog)).toEqual({ dialog: 'delete', id: 7 });
    expect(takeDraft('catalogue:wantedReasons', isDialog)).toBeNull();
  });

  it('gives nothing back on another page', () => {
    beginStepUp('x', { id: 1 }, () => undefined);
    window.history.replaceState(null, '', '/control-panel/admin/audit-log');
    expect(takeDraft('x', isDialog)).toBeNull();
    expect(stepUpUrl('/a?b=1')).toBe('/auth/login?stepUp=1&returnTo=%2Fa%3Fb%3D1');
  });

  it('forgets a re-authentication state after 10 minutes', () => {
    vi.useFakeTimers({ now: new Date('2026-11-24T10:00:00Z') });
    beginStepUp('x', { id: 1 }, () => undefined);
    vi.setSystemTime(new Date('2026-11-24T10:11:00Z'));
    expect(takeDraft('x', isDialog)).toBeNull();
  });
});
