import { useCallback, useEffect, useState } from 'react';
import { usePersistentState } from '../use-persistent-state';
import { MCP_WIRE_TAB_NAMES, MODEL_WIRE_TAB_NAMES, SERVER_TAB_NAMES, type AreaTabName } from '../area-tabs';
import { useLayoutMode } from './use-layout-mode';
import type { LayoutMode } from './layout-mode';

/** The areas of the screen: config + servers, chat, the MCP wire and the model wire. */
export type AreaId = 'left' | 'chat' | 'mcp' | 'model';

/** The state of the screen's layout, and the moves the keyboard, the rail and the palette make. */
export interface ShellState {
  mode: LayoutMode;
  maximised: string | undefined;
  toggleMaximise(area: string): void;
  /** Whether the config + servers drawer is open (split and tabs modes). */
  drawerOpen: boolean;
  setDrawerOpen(open: boolean): void;
  /** The shown tab of each area that has tabs. */
  tabs: Readonly<Record<string, string>>;
  activate(area: string, tab: string): void;
  /** Shows an area (or one of its tabs, by tab id) wherever it is in this mode, and moves focus to it unless `focus` is false. */
  reveal(target: AreaId | string, options?: { focus?: boolean }): void;
}

/** The area a tab id belongs to. */
function areaOfTab(tab: string): AreaId | undefined {
  const holds = (names: readonly AreaTabName[]) => names.some((t) => t.id === tab);
  if (holds(MCP_WIRE_TAB_NAMES)) return 'mcp';
  if (holds(MODEL_WIRE_TAB_NAMES)) return 'model';
  if (holds(SERVER_TAB_NAMES)) return 'left';
  return undefined;
}

/** Alt+1…4 jump to config + servers, chat, MCP wire, model wire. */
const AREA_KEYS: Readonly<Record<string, AreaId>> = { Digit1: 'left', Digit2: 'chat', Digit3: 'mcp', Digit4: 'model' };

/** The layout's state; also listens for Alt+1…4 and, in a drawer, Escape. */
export function useShell(): ShellState {
  const mode = useLayoutMode();
  const [maximised, setMaximised] = useState<string>();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [tabs, setTabs] = usePersistentState<Record<string, string>>('glassbox.tabs', {});

  const activate = useCallback((area: string, tab: string) => setTabs({ ...tabs, [area]: tab }), [tabs, setTabs]);

  const reveal = useCallback(
    (target: string, { focus = true }: { focus?: boolean } = {}) => {
      const isArea = target === 'left' || target === 'chat' || target === 'mcp' || target === 'model';
      const area: AreaId = isArea ? target : (areaOfTab(target) ?? 'chat');
      if (maximised !== undefined && maximised !== area) setMaximised(undefined);
      if (area === 'left') setDrawerOpen(true);
      const next = { ...tabs };
      if (!isArea) next[area === 'left' ? 'servers' : area] = target;
      // In tabs mode both wires share one area, 'wires', whose tabs are theirs together.
      if (mode === 'tabs' && (area === 'mcp' || area === 'model')) next.wires = target;
      setTabs(next);
      const focusArea = mode === 'tabs' && (area === 'mcp' || area === 'model') ? 'wires' : area;
      if (focus) requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-area="${focusArea}"]`)?.focus());
    },
    [maximised, mode, tabs, setTabs],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const area = event.altKey && !event.ctrlKey && !event.metaKey ? AREA_KEYS[event.code] : undefined;
      if (area !== undefined) {
        event.preventDefault();
        reveal(area);
      } else if (event.key === 'Escape' && drawerOpen && mode !== 'wide' && !event.defaultPrevented) {
        setDrawerOpen(false);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [reveal, drawerOpen, mode]);

  return {
    mode,
    maximised,
    toggleMaximise: (area) => setMaximised(maximised === area ? undefined : area),
    drawerOpen,
    setDrawerOpen,
    tabs,
    activate,
    reveal,
  };
}

/** The areas the tour's steps point at, by the test id in their selector. */
const TOUR_TARGETS: Readonly<Record<string, string>> = { 'mcp-traffic': 'mcp', 'model-traffic': 'model', 'servers-panel': 'servers' };

/** Brings the panel a tour step outlines into view (focus stays in the tour). */
export function showTourTarget(shell: ShellState, selector: string): void {
  const testId = /data-testid="([^"]+)"/.exec(selector)?.[1];
  const target = testId === undefined ? undefined : TOUR_TARGETS[testId];
  if (target !== undefined) shell.reveal(target, { focus: false });
  else if (shell.mode !== 'wide') shell.setDrawerOpen(false);
}
