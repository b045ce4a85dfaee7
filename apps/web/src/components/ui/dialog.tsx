import { Dialog as Primitive } from 'radix-ui';
import type { ReactNode } from 'react';

/**
 * A modal dialog (radix): focus is trapped, Escape and the close button close it, the title names it
 * for screen readers. On a phone it fills the width and scrolls. Radix gives the focus back only to
 * its own trigger; our dialogs open from table rows and buttons of the screen, so `returnFocus`
 * says where it goes after every way of closing.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  returnFocus,
  children,
}: {
  open: boolean;
  /** Escape, the close button or a click beside it: the dialog asks to be closed. */
  onClose: () => void;
  title: string;
  description?: string;
  returnFocus?: () => void;
  children: ReactNode;
}) {
  return (
    <Primitive.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
    >
      <Primitive.Portal>
        <Primitive.Overlay className="fixed inset-0 z-40 bg-slate-950/60" />
        <Primitive.Content
          className="fixed inset-x-2 top-4 z-50 mx-auto max-h-[calc(100dvh-2rem)] max-w-xl overflow-y-auto rounded-xl border border-slate-200 bg-white p-4 shadow-xl focus:outline-none sm:top-12 sm:p-6 dark:border-slate-700 dark:bg-slate-900"
          {...(description ? {} : { 'aria-describedby': undefined })}
          onCloseAutoFocus={(event) => {
            if (!returnFocus) return;
            event.preventDefault();
            returnFocus();
          }}
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <Primitive.Title className="text-lg font-semibold">{title}</Primitive.Title>
            <Primitive.Close
              className="-m-2 rounded-lg p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-slate-100"
              aria-label="Schließen"
            >
              <span aria-hidden="true">✕</span>
            </Primitive.Close>
          </div>
          {description && (
            <Primitive.Description className="mb-4 text-sm text-slate-600 dark:text-slate-300">
              {description}
            </Primitive.Description>
          )}
          {children}
        </Primitive.Content>
      </Primitive.Portal>
    </Primitive.Root>
  );
}
