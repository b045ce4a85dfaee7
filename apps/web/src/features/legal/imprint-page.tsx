import { publicConfig } from '../../config/public-config';
import { LegalDocumentView } from './components/legal-document';
import { useHashScroll } from './components/use-hash-scroll';
import { imprint } from './content';

/** Doc 1 §2.4. */
export function ImprintPage() {
  useHashScroll();
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <title>Impressum – Nova Legacy</title>
      <LegalDocumentView document={imprint(publicConfig.operator)} />
    </div>
  );
}
