/**
 * The repository explains itself: comments and documents cite docs/architecture.md and
 * docs/specification.md by section ("architecture §8.6", "specification §2.34"), every cited section
 * exists, and nothing cites the design documents that once lived outside the repository.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { citationsIn, DOCUMENTS, outsideCitationsIn, repositoryFiles, sectionsOf } from './lib/citations.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const sections = Object.fromEntries(
  Object.entries(DOCUMENTS).map(([name, file]) => [name, sectionsOf(readFileSync(`${ROOT}${file}`, 'utf8'))]),
);
const files = repositoryFiles(ROOT).map(({ file, read }) => ({ file, text: read() }));

describe('citations of the design documents', () => {
  it('both documents are there, with numbered sections', () => {
    expect(sections.architecture.has('8.6')).toBe(true);
    expect(sections.specification.has('2.34')).toBe(true);
  });

  it('cite only sections the documents have', () => {
    const missing = files.flatMap(({ file, text }) =>
      citationsIn(text)
        .filter((c) => !sections[c.document].has(c.section))
        .map((c) => `${file}:${c.line}: ${c.document} §${c.section} does not exist`),
    );
    expect(missing).toEqual([]);
  });

  it('are many: the code says where its rules come from', () => {
    const count = files.reduce((sum, { text }) => sum + citationsIn(text).length, 0);
    expect(count).toBeGreaterThan(200);
  });

  it('never name a document outside the repository', () => {
    const outside = files.flatMap(({ file, text }) =>
      outsideCitationsIn(text).map((c) => `${file}:${c.line}: "${c.text}" cites ${c.what}`),
    );
    expect(outside).toEqual([]);
  });
});

describe('reading citations', () => {
  it('reads a head, its list, ranges, quoted names between, and a later "§n" of the sentence', () => {
    const text = [
      '/** Specification §2.34 "Generic table screen", §9.5: 20 rows a page (at most 10, §9.13). */',
      '// see architecture §4, §7 and §8.6; the range specification §4–§5.',
      '// architecture §5; OWASP ASVS v5 §7 is another document.',
    ].join('\n');
    expect(citationsIn(text).map((c) => `${c.line} ${c.document} ${c.section}`)).toEqual([
      '1 specification 2.34',
      '1 specification 9.5',
      '1 specification 9.13',
      '2 architecture 4',
      '2 architecture 7',
      '2 architecture 8.6',
      '2 specification 4',
      '2 specification 5',
      '3 architecture 5',
    ]);
  });

  it('takes the sections from the numbered headings', () => {
    expect([...sectionsOf('# Title\n\n## 1. Shape\n\n### 1.2 Data flow\n\n## Appendix\n')]).toEqual([
      '1',
      '1.2',
    ]);
  });

  it('finds the outside documents however they are written', () => {
    // Spelled in pieces, so that this file does not cite them itself.
    const [arch, doc2, doc1] = ['ARCHI' + 'TECTURE', ['doc', '2'].join(' '), ['Doc', '1'].join(' ')];
    const text = `${arch} §5; ${arch}.md; ${doc2} §3; ${doc1} §2.1; see ../` + 'shared/spec';
    expect(outsideCitationsIn(text).map((c) => c.text)).toEqual([
      `${arch} §`,
      `${arch}.md`,
      doc2,
      doc1,
      ['..', 'shared'].join('/'),
    ]);
  });
});
