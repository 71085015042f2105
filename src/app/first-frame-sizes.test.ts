import { afterEach, describe, expect, it, vi } from 'vitest';
import { applySavedSizes, FIRST_FRAME_SIZES_ID, firstFrameSizesScript } from './first-frame-sizes';
import { savedLayoutKey } from './layout/layout-mode';

/** A page of `width` px whose localStorage holds `saved`; returns the style elements the code adds to its head. */
function page(width: number, saved: Record<string, string>): Array<{ id: string; textContent: string }> {
  const added: Array<{ id: string; textContent: string }> = [];
  vi.stubGlobal('window', { innerWidth: width });
  vi.stubGlobal('localStorage', { getItem: (key: string) => saved[key] ?? null });
  vi.stubGlobal('document', {
    createElement: () => ({ id: '', textContent: '' }),
    head: { append: (element: { id: string; textContent: string }) => added.push(element) },
  });
  return added;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const OPTIONS = { styleId: FIRST_FRAME_SIZES_ID, wideFromPx: 1600, splitFromPx: 1200, keyPrefix: savedLayoutKey('') };

describe("the first frame's saved panel sizes (index.html's inline script)", () => {
  it("gives the prerendered panels the sizes saved for this window's mode, and the config/servers split", () => {
    const added = page(1280, {
      [savedLayoutKey('glassbox.layout.split')]: JSON.stringify({ 'area-chat': 50, 'area-mcp': 25, 'area-model': 25 }),
      [savedLayoutKey('glassbox.layout.wide')]: JSON.stringify({ 'area-left': 10 }),
      [savedLayoutKey('glassbox.layout.left')]: JSON.stringify({ 'area-config': 70, 'area-servers': 30 }),
    });
    applySavedSizes(OPTIONS);
    expect(added).toHaveLength(1);
    expect(added[0]!.id).toBe(FIRST_FRAME_SIZES_ID);
    expect(added[0]!.textContent.split('\n')).toEqual([
      '.app[data-first-frame] .panels #area-chat { flex-grow: 50 !important; }',
      '.app[data-first-frame] .panels #area-mcp { flex-grow: 25 !important; }',
      '.app[data-first-frame] .panels #area-model { flex-grow: 25 !important; }',
      '.app[data-first-frame] .panels #area-config { flex-grow: 70 !important; }',
      '.app[data-first-frame] .panels #area-servers { flex-grow: 30 !important; }',
    ]);
  });

  it("draws the tabs mode's shared wire column on the MCP wire panel, and skips what is not a size", () => {
    const added = page(1024, {
      [savedLayoutKey('glassbox.layout.tabs')]: JSON.stringify({ 'area-chat': 30, 'area-wires': 70, 'x"}': 5, 'area-model': 'big' }),
    });
    applySavedSizes(OPTIONS);
    expect(added[0]!.textContent).toBe(
      '.app[data-first-frame] .panels #area-chat { flex-grow: 30 !important; }\n.app[data-first-frame] .panels #area-mcp { flex-grow: 70 !important; }',
    );
  });

  it('adds nothing without saved sizes, or when storage is unreadable', () => {
    const none = page(1700, {});
    applySavedSizes(OPTIONS);
    expect(none).toHaveLength(0);
    const unreadable = page(1700, { [savedLayoutKey('glassbox.layout.wide')]: '{not json' });
    applySavedSizes(OPTIONS);
    expect(unreadable).toHaveLength(0);
  });

  it("runs on its own as the inline script the build writes (no imports), with the app's breakpoints", () => {
    const added = page(1700, { [savedLayoutKey('glassbox.layout.wide')]: JSON.stringify({ 'area-left': 25 }) });
    // The script is the page's own inline code, run here as the browser runs it.
    new Function(firstFrameSizesScript())();
    expect(added[0]!.textContent).toBe('.app[data-first-frame] .panels #area-left { flex-grow: 25 !important; }');
  });
});
