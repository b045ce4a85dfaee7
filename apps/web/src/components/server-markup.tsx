import { Suspense, useState, type ComponentType } from 'react';
import { load, type Chunk } from '../lib/chunks';
import { Loading } from './ui/loading';

/**
 * A part of a server-rendered page that never changes in the browser (the legal texts): when the
 * page was rendered by the BFF (decision 036), the part keeps the markup the BFF sent and its code
 * is not loaded at all; when the SPA renders the page itself (a link inside the SPA, or a page the
 * BFF could not render), the part's code loads as a chunk of its own (decision 042). The element
 * with `id` must be the part's only wrapper, so the markup read back is exactly what was rendered.
 */
export function ServerMarkup<M>({
  id,
  chunk,
  pick,
  className,
}: {
  id: string;
  chunk: Chunk<M>;
  pick: (module: M) => ComponentType;
  className?: string;
}) {
  // Decided once, on the first render: during hydration the element is the server's.
  const [part] = useState(() => {
    const markup =
      chunk.loaded === undefined && typeof document !== 'undefined'
        ? (document.getElementById(id)?.innerHTML ?? null)
        : null;
    return markup === null ? { content: load(chunk, pick) } : { markup };
  });
  if ('markup' in part)
    return <div id={id} className={className} dangerouslySetInnerHTML={{ __html: part.markup ?? '' }} />;
  return (
    <div id={id} className={className}>
      <Suspense fallback={<Loading />}>{part.content}</Suspense>
    </div>
  );
}
