import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { Button } from '../ui/button';

/**
 * The Control Panel's navigation drawer on narrow screens: the platform's modal `<dialog>` (the
 * page behind it inert, Escape closes it, the focus moves in), which costs the shell no dialog
 * library (decision 042). Closing gives the focus back to `returnFocus`, the button that opened it;
 * a click beside the panel (on the backdrop) closes it; the page does not scroll behind it.
 */
export function Drawer({
  open,
  onClose,
  title,
  description,
  returnFocus,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description: string;
  returnFocus: RefObject<HTMLElement | null>;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    dialog.showModal();
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = 'hidden';
    const focusTarget = returnFocus.current;
    return () => {
      root.style.overflow = overflow;
      if (dialog.open) dialog.close();
      focusTarget?.focus();
    };
  }, [open, returnFocus]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      // Escape (and the browser's own ways to close a dialog) arrive here as `close`.
      onClose={() => {
        if (open) onClose();
      }}
      onClick={(event) => {
        // The panel fills the dialog: a click on the dialog itself is a click on the backdrop.
        if (event.target === event.currentTarget) onClose();
      }}
      className="fixed inset-y-0 right-auto left-0 m-0 h-full max-h-none w-72 max-w-[85vw] bg-transparent p-0 backdrop:bg-slate-950/50 md:hidden"
    >
      <div className="h-full overflow-y-auto bg-white px-3 py-6 shadow-xl dark:bg-slate-900">
        <div className="mb-4 flex items-center justify-between px-3">
          <h2 id={titleId} className="font-semibold">
            {title}
          </h2>
          <Button variant="ghost" aria-label="Menü schließen" onClick={onClose}>
            <span aria-hidden="true">✕</span>
          </Button>
        </div>
        <p id={descriptionId} className="sr-only">
          {description}
        </p>
        {children}
      </div>
    </dialog>
  );
}
