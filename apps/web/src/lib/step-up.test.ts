import { TRPCClientError } from '@trpc/client';
import { beforeEach, describe, expect, it } from 'vitest';
import { beginStepUp, isStepUpRequired, stepUpUrl, takeStepUpState } from './step-up';

function trpcError(reason: string | null) {
  return TRPCClientError.from({
    error: {
      message: 'x',
      code: -32003,
      data: { code: 'FORBIDDEN', httpStatus: 403, reason },
    },
  });
}

describe('step-up helper', () => {
  beforeEach(() => {
    sessionStorage.clear();
    window.history.replaceState(null, '', '/control-panel/admin/server-manager/wanted-manager?seite=2');
  });

  it('recognises the BFF step-up refusal only', () => {
    expect(isStepUpRequired(trpcError('STEP_UP_REQUIRED'))).toBe(true);
    expect(isStepUpRequired(trpcError(null))).toBe(false);
    expect(isStepUpRequired(new Error('STEP_UP_REQUIRED'))).toBe(false);
  });

  it('keeps the state, leaves for the re-authentication and gives the state back once', () => {
    let target = '';
    beginStepUp({ dialog: 'delete', id: 7 }, (url) => (target = url));
    expect(target).toBe(
      `/auth/login?stepUp=1&returnTo=${encodeURIComponent('/control-panel/admin/server-manager/wanted-manager?seite=2')}`,
    );
    expect(takeStepUpState()).toEqual({ dialog: 'delete', id: 7 });
    expect(takeStepUpState()).toBeNull();
  });

  it('gives nothing back on another page', () => {
    beginStepUp({ id: 1 }, () => undefined);
    window.history.replaceState(null, '', '/control-panel/admin/audit-log');
    expect(takeStepUpState()).toBeNull();
    expect(stepUpUrl('/a?b=1')).toBe('/auth/login?stepUp=1&returnTo=%2Fa%3Fb%3D1');
  });
});
