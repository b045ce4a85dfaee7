import { useCallback, useSyncExternalStore } from 'react';

const STORAGE_KEY = 'nova-theme';
export type Theme = 'light' | 'dark';

function stored(): Theme | null {
  try {
    const value = window.localStorage.getItem(STORAGE_KEY);
    return value === 'dark' || value === 'light' ? value : null;
  } catch {
    return null;
  }
}

function apply(theme: Theme): void {
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
}

const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const media = window.matchMedia('(prefers-color-scheme: dark)');
  // Follows the system until the user picks a theme (architecture §6).
  const onSystemChange = (event: MediaQueryListEvent) => {
    if (stored()) return;
    apply(event.matches ? 'dark' : 'light');
    notify();
  };
  media.addEventListener('change', onSystemChange);
  return () => {
    listeners.delete(listener);
    media.removeEventListener('change', onSystemChange);
  };
}

const current = (): Theme => (document.documentElement.classList.contains('dark') ? 'dark' : 'light');

export function useTheme(): [Theme, (theme: Theme) => void] {
  const theme = useSyncExternalStore(subscribe, current, (): Theme => 'light');
  const setTheme = useCallback((next: Theme) => {
    try {
      window.localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // Storage may be blocked; the theme still changes for this visit.
    }
    apply(next);
    notify();
  }, []);
  return [theme, setTheme];
}
