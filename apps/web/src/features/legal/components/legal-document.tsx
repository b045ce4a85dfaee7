import type { ReactNode } from 'react';
import type { LegalBlock, LegalDocument as Doc, LegalSection } from '../content';

function Block({ block }: { block: LegalBlock }) {
  switch (block.kind) {
    case 'p':
      return <p className="mt-3 leading-relaxed">{block.text}</p>;
    case 'list':
      return (
        <ul className="mt-3 list-disc space-y-1 pl-6">
          {block.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      );
    case 'address':
      return (
        <address className="mt-3 not-italic">
          {block.lines.map((line) => (
            <span key={line} className="block">
              {line}
            </span>
          ))}
        </address>
      );
  }
}

function Section({ section, level }: { section: LegalSection; level: 2 | 3 }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section id={section.id} aria-labelledby={`${section.id}-titel`} className="mt-8 scroll-mt-20">
      <Heading
        id={`${section.id}-titel`}
        className={level === 2 ? 'text-xl font-semibold' : 'text-lg font-semibold'}
      >
        {section.heading}
      </Heading>
      {section.blocks.map((block, index) => (
        <Block key={index} block={block} />
      ))}
      {section.subsections?.map((sub) => (
        <Section key={sub.id} section={sub} level={3} />
      ))}
    </section>
  );
}

/**
 * Renders one legal text; `as` sets the document's heading level (h1 on its own page); `contents`
 * (a table of contents) comes after the title and introduction.
 */
export function LegalDocumentView({
  document,
  as: Title = 'h1',
  contents,
}: {
  document: Doc;
  as?: 'h1' | 'h2';
  contents?: ReactNode;
}) {
  return (
    <article lang="de" className="min-w-0 text-slate-800 [overflow-wrap:anywhere] dark:text-slate-200">
      <Title className="text-2xl font-bold tracking-tight break-words hyphens-auto sm:text-3xl">
        {document.title}
      </Title>
      {document.intro && <p className="mt-4 leading-relaxed">{document.intro}</p>}
      {contents}
      {document.sections.map((section) => (
        <Section key={section.id} section={section} level={2} />
      ))}
      <p className="mt-8 text-sm text-slate-600 dark:text-slate-400">Stand: {document.updated}</p>
    </article>
  );
}
