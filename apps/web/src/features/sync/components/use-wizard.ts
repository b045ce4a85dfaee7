import type { LinkablePlatform } from '@nova/domain';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTimedMessage } from '../../../components/ui/timed-message';
import { useSyncStatus } from '../api';

/** The wizard's steps: Download, Authentifizierung, Sync. */
export type Step = 0 | 1 | 2;

/** The address parameter holding the wizard's step, 1-based as the page shows it. */
export const STEP_PARAM = 'schritt';

/**
 * Specification §4.5: a linked account is at the sync step; otherwise the step in the address (download or
 * authentication; the sync step is reached by linking).
 */
export function startStep(linked: boolean, param: string | null): Step {
  if (linked) return 2;
  return param === '2' ? 1 : 0;
}

/**
 * The state both wizards share: the step (kept in the address, so reload and back keep it), one
 * message at a time (successes vanish, errors and notes stay until the next one), and the step
 * whose heading takes the focus after the player moved on.
 */
export function useWizard(plattform: LinkablePlatform) {
  const status = useSyncStatus();
  const [params, setParams] = useSearchParams();
  const notice = useTimedMessage(undefined, ['error', 'info']);
  const [focused, setFocused] = useState<Step | null>(null);
  const account = status.data?.[plattform] ?? null;
  const step = startStep(account !== null, params.get(STEP_PARAM));

  const go = useCallback(
    (next: Step, options: { push?: boolean } = {}) => {
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          updated.set(STEP_PARAM, String(next + 1));
          return updated;
        },
        { replace: !options.push },
      );
      setFocused(next);
    },
    [setParams],
  );

  return {
    status,
    account,
    step,
    ready: status.data !== undefined,
    go,
    next: () => go(Math.min(step + 1, 2) as Step, { push: true }),
    focused,
    message: notice.message,
    show: notice.show,
    clear: notice.clear,
  };
}

export type Wizard = ReturnType<typeof useWizard>;
