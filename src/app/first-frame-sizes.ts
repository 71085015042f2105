/**
 * The person's saved panel sizes over the prerendered first frame, before it paints. The build puts
 * `firstFrameSizesScript()` into index.html as an inline script (hashed by the page's CSP), so it
 * runs while the HTML is parsed: it reads react-resizable-panels' saved layouts for this window's
 * mode and adds them as a style sheet over the prerendered panels (the markup stays as the build
 * wrote it). The app's own render has the same sizes, so nothing moves when it takes over;
 * main.tsx then removes the sheet.
 */
import { savedLayoutKey, SPLIT_FROM_PX, WIDE_FROM_PX } from './layout/layout-mode';

/** The id of that style element. */
export const FIRST_FRAME_SIZES_ID = 'first-frame-sizes';

/** What the script needs to know, given as an argument since it runs on its own, without imports. */
export interface FirstFrameSizesOptions {
  styleId: string;
  wideFromPx: number;
  splitFromPx: number;
  /** Storage key of a group's saved layout, before its id. */
  keyPrefix: string;
}

/**
 * Adds the saved sizes as `.app[data-first-frame] .panels #panel { flex-grow }` rules (as specific as layout.css's first-frame rules, and later, so they win). Self-contained (it
 * is inlined as text): only its argument and the page's globals.
 */
export function applySavedSizes(options: FirstFrameSizesOptions): void {
  const width = window.innerWidth;
  const mode = width >= options.wideFromPx ? 'wide' : width >= options.splitFromPx ? 'split' : 'tabs';
  const rules: string[] = [];
  for (const group of ['glassbox.layout.' + mode, 'glassbox.layout.left']) {
    try {
      const sizes = JSON.parse(localStorage.getItem(options.keyPrefix + group) ?? 'null') as Record<string, unknown> | null;
      if (sizes === null || typeof sizes !== 'object') continue;
      for (const id of Object.keys(sizes)) {
        const size = sizes[id];
        // In tabs mode the two wires share one column, drawn on the prerender's MCP wire panel.
        const panel = id === 'area-wires' ? 'area-mcp' : id;
        if (typeof size === 'number' && isFinite(size) && size >= 0 && /^[\w-]+$/.test(panel)) {
          rules.push('.app[data-first-frame] .panels #' + panel + ' { flex-grow: ' + size + ' !important; }');
        }
      }
    } catch {
      // Storage refused or unreadable: the defaults stay; the app reports storage problems itself.
    }
  }
  if (rules.length === 0) return;
  const style = document.createElement('style');
  style.id = options.styleId;
  style.textContent = rules.join('\n');
  document.head.append(style);
}

/** The inline script's text: `applySavedSizes` called with this build's breakpoints and keys. */
export function firstFrameSizesScript(): string {
  const options: FirstFrameSizesOptions = {
    styleId: FIRST_FRAME_SIZES_ID,
    wideFromPx: WIDE_FROM_PX,
    splitFromPx: SPLIT_FROM_PX,
    keyPrefix: savedLayoutKey(''),
  };
  return `(${applySavedSizes.toString()})(${JSON.stringify(options)});`;
}
