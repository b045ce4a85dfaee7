import { publicConfig } from '../../config/public-config';
import { LegalDocumentView } from './components/legal-document';
import { useHashScroll } from './components/use-hash-scroll';
import { privacyPolicy, termsOfUse } from './content';

/** The terms of use, then the privacy policy (anchor targets like #cookies); a chunk of its own. */
export function TermsText() {
  useHashScroll();
  return (
    <>
      <LegalDocumentView document={termsOfUse(publicConfig.operator)} />
      <hr className="my-12 border-slate-200 dark:border-slate-800" />
      <div id="datenschutzerklaerung">
        <LegalDocumentView document={privacyPolicy(publicConfig.operator)} as="h2" />
      </div>
    </>
  );
}
