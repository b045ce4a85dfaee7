/** Structured, plain-text legal documents (imprint, terms of use, privacy policy). */

export type LegalBlock =
  { kind: 'p'; text: string } | { kind: 'list'; items: string[] } | { kind: 'address'; lines: string[] };

export interface LegalSection {
  /** Stable kebab-case anchor, unique within a document. */
  id: string;
  heading: string;
  blocks: LegalBlock[];
  subsections?: LegalSection[];
}

export interface LegalDocument {
  title: string;
  intro?: string;
  /** Date of the last update, German format (DD.MM.YYYY). */
  updated: string;
  sections: LegalSection[];
}
