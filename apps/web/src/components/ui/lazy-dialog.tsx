import { Suspense, useEffect, type ReactNode } from 'react';
import type { Chunk } from '../../lib/chunks';
import { Loading } from './loading';

/**
 * Where a dialog whose code is a chunk of its own stands (the write side's forms: the dialog library
 * and react-hook-form, decision 042); `children` renders it (a `lazyComponent` of `chunk`). Its code
 * loads when the screen is idle, so it opens at once in the usual case; opened before that, a
 * loading notice stands in until it arrives. Once loaded it stays mounted, so closing is the
 * dialog's own (the focus goes back to the opener).
 */
export function LazyDialog({
  chunk,
  open,
  children,
}: {
  chunk: Chunk<unknown>;
  open: boolean;
  children: ReactNode;
}) {
  useEffect(() => {
    if (chunk.loaded !== undefined) return;
    const ignore = () => undefined; // opening it loads it again
    const prefetch = () => void chunk().catch(ignore);
    // Safari has no requestIdleCallback.
    if (typeof (window as Partial<Window>).requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(prefetch);
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(prefetch, 1500);
    return () => window.clearTimeout(id);
  }, [chunk]);
  if (!open && chunk.loaded === undefined) return null;
  return (
    <Suspense
      fallback={
        <div className="fixed inset-0 z-40 grid place-items-center bg-slate-950/60">
          <div className="rounded-xl bg-white px-6 py-4 shadow-xl dark:bg-slate-900">
            <Loading text="Formular wird geladen..." />
          </div>
        </div>
      }
    >
      {children}
    </Suspense>
  );
}
