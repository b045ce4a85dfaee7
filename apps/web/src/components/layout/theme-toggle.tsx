import { useId } from 'react';
import { useTheme } from '../../lib/theme';

/** Specification §2.13: a checkbox switching between light and dark. */
export function ThemeToggle() {
  const [theme, setTheme] = useTheme();
  const id = useId();
  return (
    <label htmlFor={id} className="inline-flex cursor-pointer items-center gap-2 text-sm">
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="peer sr-only"
        checked={theme === 'dark'}
        onChange={(event) => setTheme(event.target.checked ? 'dark' : 'light')}
      />
      <span
        aria-hidden="true"
        className="relative h-6 w-11 rounded-full bg-slate-300 transition-colors peer-checked:bg-brand-600 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-500 after:absolute after:left-0.5 after:top-0.5 after:size-5 after:rounded-full after:bg-white after:transition-transform peer-checked:after:translate-x-5 dark:bg-slate-600"
      />
      <span>Dunkles Design</span>
    </label>
  );
}
