import type { LinkablePlatform } from '@nova/domain';
import { useState } from 'react';
import { useSyncStatus } from '../api';
import type { Step } from './wizard';

/**
 * Doc 2 §4: on load a linked account leads to the sync step, otherwise to the first; "Weiter"
 * advances. Until the player moves, the step follows the loaded status.
 */
export function useWizard(plattform: LinkablePlatform, start: Step | null = null) {
  const status = useSyncStatus();
  const [chosen, setStep] = useState<Step | null>(start);
  const account = status.data?.[plattform] ?? null;
  const loaded: Step | null = status.data ? (status.data[plattform] ? 2 : 0) : null;
  const step = chosen ?? loaded;
  const next = () => setStep(step === null || step >= 2 ? step : ((step + 1) as Step));
  return {
    status,
    account,
    step: step ?? 0,
    ready: step !== null && status.data !== undefined,
    setStep,
    next,
  };
}
