import { useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { giveConsent, hasConsent } from '../../lib/cookie-consent';
import { Button } from '../ui/button';

/** Doc 1 §2.15: bottom notice, "Verstanden" dismisses it for 30 days, "Mehr Infos" → privacy policy. */
const noSubscription = () => () => {};

export function CookieNotice() {
  // Consent lives in this browser's storage: a server-rendered page has no notice, and hydration
  // adds it (the server's answer is used for hydration, the browser's right after).
  const consented = useSyncExternalStore(
    noSubscription,
    () => hasConsent(),
    () => true,
  );
  const [dismissed, setDismissed] = useState(false);
  if (consented || dismissed) return null;
  return (
    <>
      {/* Keeps the end of the page (the footer) reachable above the fixed notice. */}
      <div aria-hidden="true" className="h-32 sm:h-20" />
      <section
        aria-label="Cookie-Hinweis"
        className="fixed inset-x-0 bottom-0 z-50 border-t border-slate-200 bg-white/95 p-4 shadow-lg backdrop-blur dark:border-slate-700 dark:bg-slate-900/95"
      >
        <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-3">
          <p className="text-sm">
            Diese Website verwendet ausschließlich technisch notwendige Cookies.{' '}
            <Link to={`${paths.termsOfUse}#cookies`} className="underline">
              Mehr Infos
            </Link>
          </p>
          <Button
            onClick={() => {
              giveConsent();
              setDismissed(true);
            }}
          >
            Verstanden
          </Button>
        </div>
      </section>
    </>
  );
}
