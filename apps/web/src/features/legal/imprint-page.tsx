import { ServerMarkup } from '../../components/server-markup';
import { chunk } from '../../lib/chunks';
import { useHashScroll } from './components/use-hash-scroll';

/** The text's code: not loaded when the page comes rendered from the BFF (ServerMarkup). */
export const imprintText = chunk(() => import('./imprint-text'));

/** Specification §2.4. */
export function ImprintPage() {
  useHashScroll();
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <ServerMarkup id="impressum-text" chunk={imprintText} pick={(m) => m.ImprintText} />
    </div>
  );
}
