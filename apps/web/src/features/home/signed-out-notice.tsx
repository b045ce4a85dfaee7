import { SIGNED_OUT_FLAG } from '@nova/domain';
import { useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';

/**
 * "Du wurdest abgemeldet" where a sign-out lands (the BFF adds the flag). The flag moves from the
 * address into the history entry's state, so a shared or bookmarked address does not say it; the
 * status region is in the page from the start, so screen readers announce the message.
 */
export function SignedOutNotice() {
  const [params, setParams] = useSearchParams();
  const { state } = useLocation() as { state: unknown };
  const flagged = params.has(SIGNED_OUT_FLAG);
  useEffect(() => {
    if (!flagged) return;
    setParams(
      (current) => {
        current.delete(SIGNED_OUT_FLAG);
        return current;
      },
      { replace: true, state: { signedOut: true } },
    );
  }, [flagged, setParams]);
  const shown = typeof state === 'object' && state !== null && 'signedOut' in state;
  return (
    <div role="status" className="mx-auto max-w-5xl px-4">
      {shown && (
        <p className="my-4 rounded-lg border border-emerald-300 bg-emerald-50 px-4 py-3 text-sm text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100">
          Du wurdest abgemeldet.
        </p>
      )}
    </div>
  );
}
