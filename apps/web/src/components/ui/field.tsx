import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { cn } from '../../lib/cn';

const control =
  'block min-h-10 w-full rounded-lg border bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:outline-none focus:ring-2 focus:ring-brand-500 read-only:bg-slate-100 read-only:text-slate-600 dark:bg-slate-950 dark:text-slate-100 dark:read-only:bg-slate-800 dark:read-only:text-slate-300';
const normal = 'border-slate-300 dark:border-slate-600';
const invalid = 'border-red-600 ring-1 ring-red-600 dark:border-red-400 dark:ring-red-400';

export interface ControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
}

/**
 * A labelled form field with its error text under it (specification §5: server field errors under each
 * field, the field highlighted). The control gets `aria-invalid` and `aria-describedby`, so screen
 * readers read the message with the field.
 */
export function Field({
  label,
  error,
  hint,
  children,
}: {
  label: string;
  error?: string | undefined;
  hint?: string;
  children: (props: ControlProps) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ');
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      {children({
        id,
        'aria-invalid': Boolean(error),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      })}
      {hint && (
        <p id={hintId} className="text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}

export function Input({
  className,
  ref,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  return (
    <input
      ref={ref}
      className={cn(control, props['aria-invalid'] === true ? invalid : normal, className)}
      {...props}
    />
  );
}

export function TextArea({ className, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <textarea
      className={cn(control, props['aria-invalid'] === true ? invalid : normal, className)}
      {...props}
    />
  );
}

export function Select({
  className,
  ref,
  children,
  ...props
}: SelectHTMLAttributes<HTMLSelectElement> & { ref?: Ref<HTMLSelectElement> }) {
  return (
    <select
      ref={ref}
      className={cn(control, props['aria-invalid'] === true ? invalid : normal, className)}
      {...props}
    >
      {children}
    </select>
  );
}

/** A checkbox with its label to the right; a note and errors below, read with it. */
export function Checkbox({
  label,
  error,
  note,
  ref,
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  label: string;
  error?: string | undefined;
  note?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}) {
  const id = useId();
  const describedBy = [note ? `${id}-note` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="space-y-1">
      <div className="flex items-center gap-2">
        <input
          ref={ref}
          id={id}
          type="checkbox"
          aria-invalid={Boolean(error)}
          {...(describedBy ? { 'aria-describedby': describedBy } : {})}
          className="size-4 rounded border-slate-400 text-brand-600 focus:ring-2 focus:ring-brand-500"
          {...props}
        />
        <label htmlFor={id} className="text-sm text-slate-800 dark:text-slate-200">
          {label}
        </label>
      </div>
      {note && (
        <p id={`${id}-note`} className="ml-6 text-xs text-slate-600 dark:text-slate-400">
          {note}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}
