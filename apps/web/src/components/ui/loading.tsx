import { DEFAULT_LOADING_TEXT } from '@nova/domain';

/** Specification §2.8: the shared loading indicator, default text "Wird geladen...". */
export function Loading({ text = DEFAULT_LOADING_TEXT }: { text?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex items-center gap-3 py-8 text-slate-600 dark:text-slate-300"
    >
      <span
        aria-hidden="true"
        className="size-5 animate-spin rounded-full border-2 border-brand-500 border-t-transparent"
      />
      <span>{text}</span>
    </div>
  );
}
