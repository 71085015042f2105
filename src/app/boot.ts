/**
 * The page's entry, kept tiny on purpose: the static shell in index.html is painted with only
 * the style sheet and this module, then the app (React, the MCP client, every panel) is loaded.
 * So the first paint never waits for the app's JavaScript to download, parse and run.
 */
import '../ui/theme.css';
import './app.css';

/** The saved theme and column widths, applied to the shell so it matches the app it becomes. */
function dressShell(): void {
  try {
    const theme = JSON.parse(localStorage.getItem('glassbox.theme') ?? 'null') as unknown;
    const dark = theme === 'dark' || (theme !== 'light' && matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.dataset.theme = dark ? 'dark' : 'light';
    const sizes = JSON.parse(localStorage.getItem('glassbox.layout.v2') ?? 'null') as Record<string, unknown> | null;
    if (sizes === null || typeof sizes !== 'object') return;
    for (const element of document.querySelectorAll<HTMLElement>('[data-shell-width],[data-shell-height]')) {
      const key = element.dataset.shellWidth ?? element.dataset.shellHeight;
      const value = key === undefined ? undefined : sizes[key];
      if (typeof value !== 'number' || !Number.isFinite(value)) continue;
      if (element.dataset.shellWidth !== undefined) element.style.width = `${value}px`;
      else element.style.height = `${value}px`;
    }
  } catch {
    // Storage refused or unreadable: the shell keeps its defaults; the app reports storage problems itself.
  }
}

/** Runs `load` once the browser has painted a frame (at once in a hidden tab, which paints none). */
function afterFirstPaint(load: () => void): void {
  if (document.visibilityState === 'hidden') {
    load();
    return;
  }
  // rAF runs just before a frame is painted; a task queued from it runs after that paint.
  requestAnimationFrame(() => setTimeout(load, 0));
}

/** Shows why the app could not load, in the shell's status line, as text. */
function showLoadFailure(error: unknown): void {
  const status = document.getElementById('shell-status');
  if (!status) return;
  status.classList.add('failed');
  status.textContent = `Glassbox could not load its code: ${error instanceof Error ? error.message : String(error)}\nReload the page to try again.`;
}

dressShell();
afterFirstPaint(() => {
  import('./main').catch(showLoadFailure);
});
