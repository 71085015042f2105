/**
 * The page's entry, kept tiny on purpose. The static shell in index.html paints with its inline
 * style (theme.css and app.css, put there by the build) before this module has even arrived;
 * once that first frame is painted, this dresses the shell and loads the app (React, the MCP
 * client, every panel). So the first paint never waits for a JavaScript or CSS file.
 */
import { layoutModeFor, savedLayoutKey } from './layout/layout-mode';
import { rememberedTopBarHeight, TOP_BAR_KEY } from './top-bar-memory';

/** The saved panel sizes, applied to the shell so it matches the app it becomes; then its panels show. */
function dressShell(): void {
  applySavedSizes();
  try {
    const height = rememberedTopBarHeight(localStorage.getItem(TOP_BAR_KEY), window.innerWidth);
    const topBar = document.querySelector<HTMLElement>('.shell .top-bar');
    if (height !== undefined && topBar) topBar.style.minHeight = `${height}px`;
  } catch {
    // Storage refused: the shell keeps its own height.
  }
  document.querySelector('.shell')?.classList.add('dressed');
}

/** Gives the shell's areas the sizes the app saved for this window's layout mode (react-resizable-panels' percentages). */
function applySavedSizes(): void {
  const mode = layoutModeFor(window.innerWidth);
  // The mode's columns by panel id (in tabs mode the wires' shared column is the shell's MCP wire area), and the config/servers split.
  const groups: ReadonlyArray<[string, (id: string) => string]> = [
    [`glassbox.layout.${mode}`, (id) => `.shell-area[data-area="${id.replace(/^area-/, '').replace('wires', 'mcp')}"]`],
    ['glassbox.layout.left', (id) => `[data-shell-panel="${id}"]`],
  ];
  for (const [group, selectorOf] of groups) {
    try {
      const sizes = JSON.parse(localStorage.getItem(savedLayoutKey(group)) ?? 'null') as Record<string, unknown> | null;
      if (sizes === null || typeof sizes !== 'object') continue;
      for (const [id, size] of Object.entries(sizes)) {
        const element = typeof size === 'number' && Number.isFinite(size) ? document.querySelector<HTMLElement>(`.shell ${selectorOf(id)}`) : null;
        if (element) element.style.flexGrow = String(size);
      }
    } catch {
      // Storage refused or unreadable: the shell keeps its defaults; the app reports storage problems itself.
    }
  }
}

/**
 * Runs `load` once the first contentful frame is on screen (at once in a hidden tab, which paints
 * none). Waiting for the paint itself, not just for the frame to be produced, keeps the app's
 * download and compile from competing with that first frame's raster on a busy machine.
 */
function afterFirstPaint(load: () => void): void {
  if (document.visibilityState === 'hidden') {
    load();
    return;
  }
  let done = false;
  const once = (): void => {
    if (done) return;
    done = true;
    observer?.disconnect();
    load();
  };
  const observer = PerformanceObserver.supportedEntryTypes.includes('paint')
    ? new PerformanceObserver((list) => {
        if (list.getEntriesByName('first-contentful-paint').length > 0) once();
      })
    : undefined;
  observer?.observe({ type: 'paint', buffered: true });
  // Without paint timing (or should it never report), go on after the next frame.
  // rAF runs just before a frame is painted; a task queued from it runs after that frame.
  requestAnimationFrame(() => setTimeout(once, observer === undefined ? 0 : 500));
}

/** Shows why the app could not load, in the shell's status line, as text. */
function showLoadFailure(error: unknown): void {
  const status = document.getElementById('shell-status');
  if (!status) return;
  status.classList.add('failed');
  status.textContent = `Glassbox could not load its code: ${error instanceof Error ? error.message : String(error)}\nReload the page to try again.`;
}

afterFirstPaint(() => {
  dressShell();
  import('./main').catch(showLoadFailure);
});
