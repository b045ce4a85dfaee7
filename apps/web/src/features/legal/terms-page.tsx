import { publicConfig } from '../../config/public-config';
import { LegalDocumentView } from './components/legal-document';
import { useHashScroll } from './components/use-hash-scroll';
import { privacyPolicy, termsOfUse } from './content';

/** Doc 1 §2.5: the terms of use, then the privacy policy (anchor targets like #cookies). */
export function TermsPage() {
  useHashScroll();
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <title>Nutzungsbedingungen und Datenschutz – Nova Legacy</title>
      <LegalDocumentView document={termsOfUse(publicConfig.operator)} />
      <hr className="my-12 border-slate-200 dark:border-slate-800" />
      <div id="datenschutzerklaerung">
        <LegalDocumentView document={privacyPolicy(publicConfig.operator)} as="h2" />
      </div>
    </div>
  );
}
