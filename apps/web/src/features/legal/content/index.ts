export type { LegalBlock, LegalDocument, LegalSection } from './types';
export { imprint } from './imprint';
export { privacyPolicy, termsOfUse } from './terms';
