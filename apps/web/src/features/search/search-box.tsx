import { SEARCH_GROUP_KEYS, SEARCH_POLICY, decide } from '@nova/domain';
import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { chunk, lazyComponent } from '../../lib/chunks';
import type { SignedInMe } from '../../lib/session';

/** The palette (cmdk, the dialog and the query) is a chunk of its own: loaded on intent or first use. */
const palette = chunk(() => import('./search-palette'));
const SearchPalette = lazyComponent(palette, (m) => m.SearchPalette);
const preload = () => void palette().catch(() => undefined); // opening it loads it again

/** Whether the person may see any of the search's groups (SEARCH_POLICY, decision 091). */
export function canSearch(me: SignedInMe): boolean {
  return SEARCH_GROUP_KEYS.some((key) => decide(SEARCH_POLICY[key], me) === 'allow');
}

/**
 * The Control Panel header's search field (decision 091): a button that looks like a field and
 * opens the palette, as do Strg+K and Cmd+K anywhere in the Control Panel. Closing gives the focus
 * back to where it was when the palette opened.
 */
export function SearchBox() {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const show = useCallback(() => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setOpen(true);
  }, []);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        show();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [show]);
  const returnFocus = useCallback(() => {
    const back = opener.current;
    (back?.isConnected && back !== document.body ? back : trigger.current)?.focus();
  }, []);
  return (
    <>
      <button
        ref={trigger}
        type="button"
        aria-haspopup="dialog"
        aria-keyshortcuts="Control+K Meta+K"
        onPointerEnter={preload}
        onFocus={preload}
        onClick={show}
        className="flex h-10 w-full max-w-xs items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-left text-sm text-slate-600 hover:border-slate-400 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-300 dark:hover:border-slate-500"
      >
        <span aria-hidden="true">⌕</span>
        <span className="flex-1">Suchen …</span>
        <kbd className="hidden rounded border border-slate-300 px-1.5 font-sans text-xs sm:inline dark:border-slate-600">
          Strg K
        </kbd>
      </button>
      {(open || palette.loaded !== undefined) && (
        <Suspense fallback={null}>
          <SearchPalette open={open} onClose={() => setOpen(false)} returnFocus={returnFocus} />
        </Suspense>
      )}
    </>
  );
}
