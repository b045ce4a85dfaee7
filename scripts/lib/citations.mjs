// Citations of the repository's own design documents: "architecture §8.6" (docs/architecture.md)
// and "specification §2.34, §9.5" (docs/specification.md), and the sections those documents have.
// scripts/docs-citations.test.mjs checks every citation against the sections and refuses citations
// of documents outside the repository.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const DOCUMENTS = { architecture: 'docs/architecture.md', specification: 'docs/specification.md' };

/** Text files that may carry a citation: tracked or new, not ignored. */
const TEXT = /\.(ts|tsx|mts|cts|js|mjs|cjs|md|json|ya?ml|css|html|sh|txt)$/;

/** The numbered sections of a document: "## 8. The write spine" → 8, "### 8.6 No silent…" → 8.6. */
export function sectionsOf(markdown) {
  const sections = new Set();
  for (const match of markdown.matchAll(/^#{2,4} (\d+(?:\.\d+)*)\.? /gm)) sections.add(match[1]);
  return sections;
}

/**
 * Every section a text cites, with the document and line: the head ("architecture §4" or
 * "Specification §2.34"), the list that follows ("§4.7, §5.4 and §8.6", "§4–§5", names in quotes
 * between), and a later "§n" of the same sentence after a comma or "and" ("(… 10 visible, §9.5)").
 */
export function citationsIn(text) {
  const found = [];
  const heads = [...text.matchAll(/\b([Aa]rchitecture|[Ss]pecification)(?:\.md)?(?=\s+§)/g)];
  heads.forEach((head, index) => {
    const document = head[1].toLowerCase();
    const nextHead = heads[index + 1]?.index ?? text.length;
    const start = head.index + head[0].length;
    const end = sentenceEnd(text, start, nextHead);
    const part = text.slice(start, end);
    for (const match of part.matchAll(/§(\d+(?:\.\d+)*)/g)) {
      const before = part.slice(0, match.index).replace(/[\s*/#]+$/, '');
      const listed = before === '' || /(,|\band|–|")$/.test(before) || /§[\d.]+$/.test(before);
      if (!listed) continue;
      const line = text.slice(0, start + match.index).split('\n').length;
      found.push({ document, section: match[1], line });
    }
  });
  return found;
}

/** A citation's sentence ends at a full stop, a closing parenthesis it did not open, or a comment's end. */
function sentenceEnd(text, from, limit) {
  let depth = 0;
  const stop = Math.min(limit, from + 300, text.length);
  for (let i = from; i < stop; i++) {
    const c = text[i];
    if (c === '(') depth++;
    else if (c === ')' && --depth < 0) return i;
    else if (c === '.' && /\s/.test(text[i + 1] ?? ' ')) return i;
    else if (c === '*' && text[i + 1] === '/') return i;
  }
  return stop;
}

/** Citations of documents outside the repository, which a clone cannot follow. */
export const OUTSIDE = [
  { pattern: /\bARCHITECTURE(?:\.md|\s*§)/g, what: 'the outside architecture document' },
  { pattern: /\b[Dd]oc(?:ument)? [12]\b/g, what: 'an outside specification document' },
  { pattern: /\.\.\/shared\b/g, what: 'a folder outside the repository' },
];

export function outsideCitationsIn(text) {
  const found = [];
  for (const { pattern, what } of OUTSIDE) {
    for (const match of text.matchAll(pattern)) {
      found.push({ text: match[0], what, line: text.slice(0, match.index).split('\n').length });
    }
  }
  return found;
}

/** The repository's text files (git's view: tracked and new, not ignored). */
export function repositoryFiles(root) {
  return execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((file) => TEXT.test(file) && !/(^|\/)(node_modules|dist|dist-ssr)\//.test(file))
    .filter((file) => existsSync(join(root, file)))
    .map((file) => ({ file, read: () => readFileSync(join(root, file), 'utf8') }));
}
