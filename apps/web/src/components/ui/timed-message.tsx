import { LIMITS } from '@nova/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { cn } from '../../lib/cn';

export interface Message {
  tone: 'success' | 'error' | 'info';
  text: string;
  /** Stays until replaced or cleared: the answer to something done elsewhere (a popup, another page). */
  stays?: boolean;
}

/**
 * Specification §9.5: success and error messages vanish after 3000 ms. `show` replaces the current message
 * and restarts the clock; messages of a `keep` tone stay until replaced or cleared.
 */
export function useTimedMessage(
  timeoutMs: number = LIMITS.messageTimeoutMs,
  keep: readonly Message['tone'][] = [],
) {
  const [message, setMessage] = useState<Message | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const kept = useRef(keep);
  useEffect(() => () => clearTimeout(timer.current), []);
  const show = useCallback(
    (next: Message) => {
      clearTimeout(timer.current);
      setMessage(next);
      if (!next.stays && !kept.current.includes(next.tone))
        timer.current = setTimeout(() => setMessage(null), timeoutMs);
    },
    [timeoutMs],
  );
  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setMessage(null);
  }, []);
  return { message, show, clear };
}

const tones = {
  success:
    'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100',
  error: 'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100',
  info: 'border-slate-300 bg-slate-50 text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100',
};

/**
 * The region a screen's messages appear in. It is always in the page (empty when there is nothing
 * to say), so screen readers announce each new message: politely for successes, at once for errors.
 */
export function MessageRegion({ message, className }: { message: Message | null; className?: string }) {
  return (
    <div className={className}>
      <div role="status" aria-live="polite" aria-atomic="true">
        {message && message.tone !== 'error' && <MessageBox message={message} />}
      </div>
      <div role="alert" aria-live="assertive" aria-atomic="true">
        {message?.tone === 'error' && <MessageBox message={message} />}
      </div>
    </div>
  );
}

function MessageBox({ message }: { message: Message }) {
  return (
    <p className={cn('mb-4 rounded-lg border px-4 py-3 text-sm', tones[message.tone])}>{message.text}</p>
  );
}
