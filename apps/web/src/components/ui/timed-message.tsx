import { LIMITS } from '@nova/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { cn } from '../../lib/cn';

export interface Message {
  tone: 'success' | 'error';
  text: string;
}

/**
 * Doc 2 §9: success and error messages vanish after 3000 ms. `show` replaces the current message
 * and restarts the clock.
 */
export function useTimedMessage(timeoutMs: number = LIMITS.messageTimeoutMs) {
  const [message, setMessage] = useState<Message | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const show = useCallback(
    (next: Message) => {
      clearTimeout(timer.current);
      setMessage(next);
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
};

/**
 * The region a screen's messages appear in. It is always in the page (empty when there is nothing
 * to say), so screen readers announce each new message: politely for successes, at once for errors.
 */
export function MessageRegion({ message, className }: { message: Message | null; className?: string }) {
  return (
    <div className={className}>
      <div role="status" aria-live="polite" aria-atomic="true">
        {message?.tone === 'success' && <MessageBox message={message} />}
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
