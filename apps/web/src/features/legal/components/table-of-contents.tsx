import type { LegalSection } from '../content';

export interface ContentsPart {
  title: string;
  /** The part's own anchor, if it has one. */
  id?: string;
  sections: readonly LegalSection[];
}

/** A long legal text's table of contents: its parts and their sections, each a link to its anchor. */
export function TableOfContents({ parts }: { parts: readonly ContentsPart[] }) {
  return (
    <nav
      aria-labelledby="inhaltsverzeichnis"
      className="mt-6 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="inhaltsverzeichnis" className="text-lg font-semibold">
        Inhalt
      </h2>
      {parts.map((part) => (
        <div key={part.title} className="mt-3">
          <p className="font-medium">{part.id ? <a href={`#${part.id}`}>{part.title}</a> : part.title}</p>
          <ol className="mt-1 list-decimal space-y-1 pl-6 text-sm">
            {part.sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.heading}</a>
              </li>
            ))}
          </ol>
        </div>
      ))}
    </nav>
  );
}
