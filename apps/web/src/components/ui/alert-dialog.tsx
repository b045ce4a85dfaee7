import { AlertDialog as Primitive } from 'radix-ui';
import type { ReactNode } from 'react';

/**
 * A question that interrupts (radix AlertDialog, role "alertdialog"), opened over a dialog: the
 * focus starts on `cancel` (the safe answer) and, when it closes, goes to `returnFocus` (radix would
 * look for a trigger of its own). Escape answers with `cancel`.
 */
export function AlertDialog({
  open,
  title,
  children,
  cancel,
  actions,
  onCancel,
  returnFocus,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  /** The safe answer's button text; it closes the question. */
  cancel: string;
  actions?: ReactNode;
  onCancel: () => void;
  returnFocus?: () => void;
}) {
  return (
    <Primitive.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) onCancel();
      }}
    >
      <Primitive.Portal>
        <Primitive.Overlay className="fixed inset-0 z-50 bg-slate-950/60" />
        <Primitive.Content
          className="fixed inset-x-2 top-8 z-50 mx-auto max-h-[calc(100dvh-4rem)] max-w-lg overflow-y-auto rounded-xl border border-slate-200 bg-white p-4 shadow-xl focus:outline-none sm:top-20 sm:p-6 dark:border-slate-700 dark:bg-slate-900"
          onCloseAutoFocus={(event) => {
            if (!returnFocus) return;
            event.preventDefault();
            returnFocus();
          }}
        >
          <Primitive.Title className="mb-3 text-lg font-semibold">{title}</Primitive.Title>
          <Primitive.Description asChild>
            <div className="space-y-3 text-sm">{children}</div>
          </Primitive.Description>
          <div className="mt-4 flex flex-wrap justify-end gap-2">
            {actions}
            <Primitive.Cancel className="inline-flex min-h-10 items-center justify-center rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700">
              {cancel}
            </Primitive.Cancel>
          </div>
        </Primitive.Content>
      </Primitive.Portal>
    </Primitive.Root>
  );
}
