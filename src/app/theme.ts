import { useEffect } from 'react';
import { usePersistentState } from './use-persistent-state';

/** The colour theme: light or dark, defaulting to the system's preference. */
export type Theme = 'light' | 'dark';

/** Keep <html data-theme> in step with the chosen theme. */
export function useTheme(): [Theme, (theme: Theme) => void] {
  const prefersDark = typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;
  const [theme, setTheme] = usePersistentState<Theme>('glassbox.theme', prefersDark ? 'dark' : 'light');
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
  return [theme, setTheme];
}
