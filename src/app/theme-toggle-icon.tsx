import { Moon, Sun } from 'lucide-react';
import type { Theme } from './theme';

/**
 * The theme button's icon: the theme it switches to. The prerendered first frame cannot know the
 * theme (index.html's own lines pick it before the first paint), so it carries both icons and the
 * page's style shows the one for `<html data-theme>`.
 */
export function ThemeToggleIcon({ theme, firstFrame }: { theme: Theme; firstFrame: boolean }) {
  if (firstFrame) {
    return (
      <>
        <Sun aria-hidden size={16} className="when-dark" />
        <Moon aria-hidden size={16} className="when-light" />
      </>
    );
  }
  return theme === 'dark' ? <Sun aria-hidden size={16} /> : <Moon aria-hidden size={16} />;
}
