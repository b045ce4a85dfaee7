import { publicConfig } from '../../config/public-config';
import { LegalDocumentView } from './components/legal-document';
import { useHashScroll } from './components/use-hash-scroll';
import { imprint } from './content';

/** The imprint's text; a chunk of its own. */
export function ImprintText() {
  useHashScroll();
  return <LegalDocumentView document={imprint(publicConfig.operator)} />;
}
