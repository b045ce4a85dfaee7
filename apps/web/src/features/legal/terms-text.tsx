import { publicConfig } from '../../config/public-config';
import { LegalDocumentView } from './components/legal-document';
import { TableOfContents } from './components/table-of-contents';
import { useHashScroll } from './components/use-hash-scroll';
import { privacyPolicy, termsOfUse } from './content';

/**
 * The terms of use, then the privacy policy (anchor targets like #cookies), with a table of contents
 * of both; a chunk of its own.
 */
export function TermsText() {
  useHashScroll();
  const terms = termsOfUse(publicConfig.operator);
  const privacy = privacyPolicy(publicConfig.operator, publicConfig.retention);
  const contents = (
    <TableOfContents
      parts={[
        { title: terms.title, sections: terms.sections },
        { title: privacy.title, id: 'datenschutzerklaerung', sections: privacy.sections },
      ]}
    />
  );
  return (
    <>
      <LegalDocumentView document={terms} contents={contents} />
      <hr className="my-12 border-slate-200 dark:border-slate-800" />
      <div id="datenschutzerklaerung" className="scroll-mt-20">
        <LegalDocumentView document={privacy} as="h2" />
      </div>
    </>
  );
}
