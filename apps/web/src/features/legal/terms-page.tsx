import { ServerMarkup } from '../../components/server-markup';
import { chunk } from '../../lib/chunks';
import { useHashScroll } from './components/use-hash-scroll';

/** The text's code: not loaded when the page comes rendered from the BFF (ServerMarkup). */
export const termsText = chunk(() => import('./terms-text'));

/** Specification §2.5: the terms of use, then the privacy policy (anchor targets like #cookies). */
export function TermsPage() {
  useHashScroll();
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <ServerMarkup id="nutzungsbedingungen-text" chunk={termsText} pick={(m) => m.TermsText} />
    </div>
  );
}
