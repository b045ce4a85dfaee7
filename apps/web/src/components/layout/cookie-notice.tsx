import { useRef, useState, useSyncExternalStore, type FocusEvent } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { giveConsent, hasConsent } from '../../lib/cookie-consent';
import { Button } from '../ui/button';

/**
 * Specification §2.15: bottom notice, "Verstanden" dismisses it for 30 days, "Mehr Infos" → privacy policy.
 * It is shown at the bottom but comes early in the tab order (the layout renders it right after the
 * skip link), and dismissing it gives the focus back to where it came from, or to the
 * main content.
 */
const noSubscription = () => () => {};

export function CookieNotice() {
  // Consent lives in this browser's storage: a server-rendered page has no notice, and hydration
  // adds it (the server's answer is used for hydration, the browser's right after; decision 036).
  const consented = useSyncExternalStore(
    noSubscription,
    () => hasConsent(),
    () => true,
  );
  const [dismissed, setDismissed] = useState(false);
  const cameFrom = useRef<HTMLElement | null>(null);
  if (consented || dismissed) return null;
  const remember = (event: FocusEvent<HTMLElement>) => {
    const from = event.relatedTarget;
    if (from instanceof HTMLElement && !event.currentTarget.contains(from)) cameFrom.current = from;
  };
  const dismiss = () => {
    giveConsent();
    setDismissed(true);
    const previous = cameFrom.current;
    const target = previous?.isConnected ? previous : document.getElementById('inhalt');
    if (target && target !== previous) target.tabIndex = -1;
    target?.focus();
  };
  return (
    <>
      {/* Keeps the end of the page (the footer) reachable above the fixed notice: last in the column. */}
      <div aria-hidden="true" className="order-last h-32 shrink-0 sm:h-20" />
      <section
        aria-label="Cookie-Hinweis"
        onFocus={remember}
        className="fixed inset-x-0 bottom-0 z-50 border-t border-slate-200 bg-white/95 p-4 shadow-lg backdrop-blur dark:border-slate-700 dark:bg-slate-900/95"
      >
        <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-3">
          <p className="text-sm">
            Diese Website verwendet ausschließlich technisch notwendige Cookies.{' '}
            <Link to={`${paths.termsOfUse}#cookies`} className="underline">
              Mehr Infos
            </Link>
          </p>
          <Button onClick={dismiss}>Verstanden</Button>
        </div>
      </section>
    </>
  );
}
