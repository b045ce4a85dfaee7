import { Component, Suspense, useEffect, useId, useRef, type ReactNode } from 'react';
import type { Chunk } from '../../lib/chunks';
import { Button } from './button';
import { Loading } from './loading';

/**
 * Where a dialog whose code is a chunk of its own stands (the write side's forms: the dialog library
 * and react-hook-form; the Audit-Log's questions, decision 042); `children` renders it (a
 * `lazyComponent` of `chunk`). Its code loads when the screen is idle, so it opens at once in the
 * usual case; opened before that, a loading notice stands in until it arrives, and if it does not
 * arrive, a message says so (`onClose` closes it; opened again, the code is asked for again). Once
 * loaded it stays mounted, so closing is the dialog's own (the focus goes back to the opener).
 */
export function LazyDialog({
  chunk,
  open,
  onClose,
  loading = 'Formular wird geladen...',
  children,
}: {
  chunk: Chunk<unknown>;
  open: boolean;
  /** Closes the dialog when its code could not be loaded. */
  onClose: () => void;
  /** The loading notice while the code is on its way. */
  loading?: string;
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
    <LoadFailure onClose={onClose}>
      <Suspense
        fallback={
          <Backdrop>
            <Loading text={loading} />
          </Backdrop>
        }
      >
        {children}
      </Suspense>
    </LoadFailure>
  );
}

function Backdrop({ children }: { children: ReactNode }) {
  return (
    <div className="fixed inset-0 z-40 grid place-items-center bg-slate-950/60">
      <div className="max-w-sm rounded-xl bg-white px-6 py-4 shadow-xl dark:bg-slate-900">{children}</div>
    </div>
  );
}

/** The dialog's code did not load (offline, a deploy in between): said, instead of the page failing. */
class LoadFailure extends Component<{ children: ReactNode; onClose: () => void }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <FailureNotice
        onClose={() => {
          this.setState({ failed: false });
          this.props.onClose();
        }}
      />
    );
  }
}

/** Takes the focus (it stays on the opener while the code loads) and gives it back when closed. */
function FailureNotice({ onClose }: { onClose: () => void }) {
  const id = useId();
  const close = useRef<HTMLButtonElement>(null);
  const opener = useRef<Element | null>(null);
  useEffect(() => {
    opener.current = document.activeElement;
    close.current?.focus();
  }, []);
  const dismiss = () => {
    const back = opener.current;
    onClose();
    if (back instanceof HTMLElement && back.isConnected) back.focus();
  };
  return (
    <Backdrop>
      <div
        role="alert"
        aria-labelledby={id}
        onKeyDown={(event) => {
          if (event.key === 'Escape') dismiss();
        }}
      >
        <p id={id} className="font-semibold">
          Das Fenster konnte nicht geladen werden.
        </p>
        <p className="mt-2 text-sm">
          Bitte prüfe die Verbindung, schließe diese Meldung und versuche es erneut.
        </p>
        <div className="mt-4 flex justify-end">
          <Button ref={close} variant="secondary" onClick={dismiss}>
            Schließen
          </Button>
        </div>
      </div>
    </Backdrop>
  );
}
