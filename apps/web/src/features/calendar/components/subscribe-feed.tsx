import { useRef, useSyncExternalStore } from 'react';
import { Button } from '../../../components/ui/button';
import { MessageRegion, useTimedMessage } from '../../../components/ui/timed-message';
import { publicConfig } from '../../../config/public-config';

const FEED_PATH = '/calendar.ics';
/** The page's origin does not change while it is open. */
const noChange = () => () => undefined;

/**
 * "Kalender abonnieren": a `webcal:` link that calendar apps open as a subscription, and the feed's
 * https address to paste into apps that ask for one, with "Kopieren". Both are built from the site's
 * public address, which the BFF hands the server render and the page alike (PUBLIC_URL), so they are
 * complete without scripts; only without it (Vite's dev server alone) the page's origin stands in.
 */
export function SubscribeFeed() {
  const pageOrigin = useSyncExternalStore(
    noChange,
    () => window.location.origin,
    () => null,
  );
  const origin = publicConfig.publicUrl || pageOrigin;
  const address = origin ? `${origin}${FEED_PATH}` : FEED_PATH;
  const webcal = origin ? address.replace(/^https?:/, 'webcal:') : FEED_PATH;
  const input = useRef<HTMLInputElement>(null);
  const { message, show } = useTimedMessage();

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address);
      show({ tone: 'success', text: 'Adresse in die Zwischenablage kopiert.' });
    } catch {
      // No clipboard (permission refused, an insecure origin): the address is selected to copy by hand.
      input.current?.select();
      show({
        tone: 'info',
        text: 'Kopieren war nicht möglich. Die Adresse ist markiert, kopiere sie bitte selbst.',
      });
    }
  };

  return (
    <section aria-label="Kalender abonnieren" className="-mt-2 mb-6 text-sm">
      <p>
        <a href={webcal} className="underline">
          Kalender abonnieren
        </a>{' '}
        <span className="text-slate-600 dark:text-slate-300">
          (iCal-Feed für Google Kalender, Apple Kalender, Outlook und andere Kalender-Apps)
        </span>
      </p>
      <div className="mt-3 max-w-xl">
        <label htmlFor="kalender-adresse" className="block font-medium text-slate-800 dark:text-slate-200">
          Adresse des Kalenders
        </label>
        <div className="mt-1 flex gap-2">
          <input
            ref={input}
            id="kalender-adresse"
            type="url"
            readOnly
            value={address}
            onFocus={(event) => event.currentTarget.select()}
            className="block min-h-10 w-full min-w-0 rounded-lg border border-slate-300 bg-slate-100 px-3 py-2 text-slate-800 focus:outline-none focus:ring-2 focus:ring-brand-500 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-200"
          />
          <Button variant="secondary" onClick={() => void copy()}>
            Kopieren
          </Button>
        </div>
      </div>
      <MessageRegion message={message} className="mt-2" />
    </section>
  );
}
