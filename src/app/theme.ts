import { useEffect } from 'react';
import { isFirstFrame } from '../ui/first-frame';
import { usePersistentState } from './use-persistent-state';

/** The colour theme: light or dark, defaulting to the system's preference. */
export type Theme = 'light' | 'dark';

/** Keep <html data-theme> in step with the chosen theme. */
export function useTheme(): [Theme, (theme: Theme) => void] {
  const prefersDark = typeof matchMedia === 'function' && !isFirstFrame() && matchMedia('(prefers-color-scheme: dark)').matches;
  const [theme, setTheme] = usePersistentState<Theme>('glassbox.theme', prefersDark ? 'dark' : 'light');
  useEffect(() => {
    // In the first frame index.html's own lines have set the page's theme already (the saved or the system's).
    if (!isFirstFrame()) document.documentElement.dataset.theme = theme;
  }, [theme]);
  return [theme, setTheme];
}
