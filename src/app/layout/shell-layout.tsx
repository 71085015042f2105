import { useState, type ReactNode } from 'react';
import { Group, Panel as ResizablePanel, Separator, useDefaultLayout } from 'react-resizable-panels';
import { PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { Panel } from '../../ui/panel';
import { isFirstFrame } from '../../ui/first-frame';
import { MCP_WIRE_TABS, MODEL_WIRE_TABS, SERVER_TABS } from '../areas';
import type { AreaContext } from '../areas';
import { browserStorage } from '../browser-storage';
import { AreaPanel } from './area-panel';
import { WIRE_MIN_PX } from './layout-mode';
import type { ShellState } from './use-shell';

/** Props for ShellLayout. */
export interface ShellLayoutProps {
  shell: ShellState;
  context: AreaContext;
  /** The config editor (the upper part of the config + servers area). */
  config: ReactNode;
  /** The chat area's contents. */
  chat: ReactNode;
}

/** A separator between two panels: the library makes it focusable, keyboard-resizable and an ARIA separator. */
function Handle({ label, vertical = false }: { label: string; vertical?: boolean }) {
  return <Separator className={`resize-handle${vertical ? ' vertical' : ''}`} aria-label={label} />;
}

/**
 * Each group's panel sizes (percent) until the person resizes them. Given to the group, not to its
 * panels, so they are in the markup from the first render, the build's prerender included.
 */
const DEFAULT_LAYOUTS = {
  'glassbox.layout.wide': { 'area-left': 20, 'area-chat': 25, 'area-mcp': 27.5, 'area-model': 27.5 },
  'glassbox.layout.left': { 'area-config': 40, 'area-servers': 60 },
  'glassbox.layout.split': { 'area-chat': 34, 'area-mcp': 33, 'area-model': 33 },
  'glassbox.layout.tabs': { 'area-chat': 40, 'area-wires': 60 },
} as const;

/** A group whose layout (panel sizes in percent) survives a reload, one saved layout per mode. */
function SavedGroup({ id, vertical = false, children }: { id: keyof typeof DEFAULT_LAYOUTS; vertical?: boolean; children: ReactNode }) {
  const saved = useDefaultLayout({ id, storage: browserStorage() });
  return (
    <Group
      id={id}
      orientation={vertical ? 'vertical' : 'horizontal'}
      className="panel-group"
      defaultLayout={saved.defaultLayout ?? DEFAULT_LAYOUTS[id]}
      onLayoutChanged={saved.onLayoutChanged}
    >
      {children}
    </Group>
  );
}

/**
 * The rail of the split and tabs modes: the button that opens the config + servers drawer. The
 * first frame (prerendered in the wide layout) carries one too, `narrow-only`, which layout.css
 * shows only in a window too narrow for the wide layout; it opens nothing (the frame is inert).
 */
function Rail({ drawerOpen, onToggle, narrowOnly = false }: { drawerOpen: boolean; onToggle?: () => void; narrowOnly?: boolean }) {
  return (
    <nav className={`rail${narrowOnly ? ' narrow-only' : ''}`} aria-label="Areas">
      <button
        type="button"
        className="icon-button"
        aria-expanded={drawerOpen}
        {...(!narrowOnly && { 'aria-controls': 'left-drawer' })}
        aria-label={drawerOpen ? 'Close config and servers' : 'Open config and servers'}
        title="Config and servers (Alt+1)"
        data-testid="rail-left"
        onClick={onToggle}
      >
        {drawerOpen ? <PanelLeftClose aria-hidden size={16} /> : <PanelLeftOpen aria-hidden size={16} />}
      </button>
    </nav>
  );
}

/**
 * The four areas in the window's layout mode: four resizable columns when wide; otherwise the
 * config + servers area in a drawer opened from a rail, beside chat and the two wires (split, or
 * as tabs of one column when narrow), so a wire shown is never narrower than WIRE_MIN_PX.
 */
export function ShellLayout({ shell, context, config, chat }: ShellLayoutProps) {
  const { mode } = shell;
  // Whether this is the prerendered first frame (fixed at mount): it also carries what the narrow layouts add.
  const [firstFrame] = useState(isFirstFrame);
  const max = (area: string) => ({ maximised: shell.maximised === area, onToggleMaximise: () => shell.toggleMaximise(area) });
  const wire = (area: 'mcp' | 'model') => (
    <AreaPanel
      // In the tabs layout the model wire is a tab beside the MCP wire's.
      {...(firstFrame && area === 'mcp' && { narrowTabs: MODEL_WIRE_TABS })}
      area={area}
      label={area === 'mcp' ? 'MCP wire' : 'Model wire'}
      tabs={area === 'mcp' ? MCP_WIRE_TABS : MODEL_WIRE_TABS}
      context={context}
      active={shell.tabs[area]}
      onActivate={(tab) => shell.activate(area, tab)}
      keepMounted
      {...max(area)}
    />
  );
  const left = (
    <SavedGroup id="glassbox.layout.left" vertical>
      <ResizablePanel id="area-config" minSize={80}>
        <Panel title="Config · mcp.json" testId="config-panel">
          {config}
        </Panel>
      </ResizablePanel>
      <Handle label="Resize config and servers" vertical />
      <ResizablePanel id="area-servers" minSize={120}>
        <AreaPanel
          area="left"
          label="Servers and tools"
          tabs={SERVER_TABS}
          context={context}
          active={shell.tabs.servers}
          onActivate={(tab) => shell.activate('servers', tab)}
          testId="servers-panel"
          {...max('left')}
        />
      </ResizablePanel>
    </SavedGroup>
  );
  const chatPanel = (
    <Panel title="Chat" testId="chat-panel" areaId="chat" {...max('chat')}>
      {chat}
    </Panel>
  );

  if (mode === 'wide') {
    return (
      <main className="panels mode-wide">
        {firstFrame && <Rail drawerOpen={false} narrowOnly />}
        <SavedGroup id="glassbox.layout.wide">
          <ResizablePanel id="area-left" minSize={240}>
            {left}
          </ResizablePanel>
          <Handle label="Resize config and servers" />
          <ResizablePanel id="area-chat" minSize={300}>
            {chatPanel}
          </ResizablePanel>
          <Handle label="Resize chat" />
          <ResizablePanel id="area-mcp" minSize={WIRE_MIN_PX}>
            {wire('mcp')}
          </ResizablePanel>
          <Handle label="Resize MCP wire" />
          <ResizablePanel id="area-model" minSize={WIRE_MIN_PX}>
            {wire('model')}
          </ResizablePanel>
        </SavedGroup>
      </main>
    );
  }

  const { drawerOpen, setDrawerOpen } = shell;
  return (
    <main className={`panels mode-${mode}`}>
      <Rail drawerOpen={drawerOpen} onToggle={() => setDrawerOpen(!drawerOpen)} />
      <div className="left-drawer" id="left-drawer" hidden={!drawerOpen} data-testid="left-drawer">
        {left}
      </div>
      {mode === 'split' ? (
        <SavedGroup id="glassbox.layout.split">
          <ResizablePanel id="area-chat" minSize={300}>
            {chatPanel}
          </ResizablePanel>
          <Handle label="Resize chat" />
          <ResizablePanel id="area-mcp" minSize={WIRE_MIN_PX}>
            {wire('mcp')}
          </ResizablePanel>
          <Handle label="Resize MCP wire" />
          <ResizablePanel id="area-model" minSize={WIRE_MIN_PX}>
            {wire('model')}
          </ResizablePanel>
        </SavedGroup>
      ) : (
        <SavedGroup id="glassbox.layout.tabs">
          <ResizablePanel id="area-chat" minSize={280}>
            {chatPanel}
          </ResizablePanel>
          <Handle label="Resize chat" />
          <ResizablePanel id="area-wires" minSize={WIRE_MIN_PX}>
            <AreaPanel
              area="wires"
              label="Wires"
              tabs={[...MCP_WIRE_TABS, ...MODEL_WIRE_TABS]}
              context={context}
              active={shell.tabs.wires}
              onActivate={(tab) => shell.activate('wires', tab)}
              keepMounted
              {...max('wires')}
            />
          </ResizablePanel>
        </SavedGroup>
      )}
    </main>
  );
}
