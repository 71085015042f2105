import { useCallback, useState } from 'react';
import { parseMcpConfig } from '../core/config';
import type { ToolCallItem } from '../core/agent';
import { ChatPanel, ModelSettingsBar, TurnTimeline } from '../features/chat';
import { ConfigEditor } from '../features/config-editor';
import { ModelTrafficPanel } from '../features/model-traffic';
import { RemindersPanel, ToolRegistryPanel } from '../features/tool-registry';
import { ServersPanel } from '../features/servers';
import { TrafficPanel } from '../features/traffic';
import { Panel } from '../ui/panel';
import { useStore } from '../ui/use-store';
import { Splitter } from '../ui/splitter';
import { saveConfig } from './config-storage';
import type { Services } from './services';
import { useTheme } from './theme';
import { usePersistentState } from './use-persistent-state';

/** Column widths in pixels; the last column takes the rest. */
interface LayoutSizes {
  left: number;
  chat: number;
  mcp: number;
  config: number;
}

const DEFAULT_SIZES: LayoutSizes = { left: 340, chat: 400, mcp: 540, config: 300 };
type PanelId = 'left' | 'chat' | 'mcp' | 'model';
type LeftTab = 'servers' | 'registry' | 'reminders';

/** The composition root: top bar, the four resizable columns, and the wiring between features. */
export function App({ services, initialConfigText }: { services: Services; initialConfigText: string }) {
  const [theme, setTheme] = useTheme();
  const [sizes, setSizes] = usePersistentState<LayoutSizes>('glassbox.layout.v2', DEFAULT_SIZES);
  const [maximised, setMaximised] = useState<PanelId>();
  const [configText, setConfigText] = useState(initialConfigText);
  const [applying, setApplying] = useState(false);
  const [selectedToolCall, setSelectedToolCall] = useState<string>();
  const [leftTab, setLeftTab] = usePersistentState<LeftTab>('glassbox.leftTab', 'servers');
  const agent = useStore(services.session);
  const selectedItem = agent.items.find((item): item is ToolCallItem => item.kind === 'tool-call' && item.id === selectedToolCall);
  const linked = selectedItem ? { responseKey: { turn: selectedItem.turn, step: selectedItem.step }, requestKey: { turn: selectedItem.turn, step: selectedItem.step + 1 } } : undefined;

  const resize = useCallback(
    (key: keyof LayoutSizes, min: number) => (delta: number) => setSizes({ ...sizes, [key]: Math.max(min, sizes[key] + delta) }),
    [sizes, setSizes],
  );

  const apply = async (text: string) => {
    saveConfig(text);
    setApplying(true);
    try {
      const { config } = parseMcpConfig(text);
      await services.connections.apply(config?.servers ?? []);
    } finally {
      setApplying(false);
    }
  };

  const toggle = (id: PanelId) => () => setMaximised(maximised === id ? undefined : id);
  const eraOf = (server: string) => services.connections.getSnapshot().servers.find((s) => s.name === server)?.era;

  return (
    <div className="app">
      <header className="top-bar">
        <span className="brand">
          Glassbox<small>an MCP agent you can see through</small>
        </span>
        <ModelSettingsBar session={services.session} />
        <span className="spacer" />
        <button type="button" className="small-button" onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')} aria-label={`Switch to ${theme === 'dark' ? 'light' : 'dark'} theme`} data-testid="theme-toggle">
          {theme === 'dark' ? '☀ Light' : '☾ Dark'}
        </button>
      </header>
      <main className="panels">
        <div className="column" style={{ width: sizes.left }}>
          <Panel
            title="Config · mcp.json"
            testId="config-panel"
            style={{ height: sizes.config, flex: 'none' }}
          >
            <ConfigEditor
              text={configText}
              onTextChange={(text) => {
                setConfigText(text);
                saveConfig(text);
              }}
              onApply={(text) => void apply(text)}
              applying={applying}
            />
          </Panel>
          <Splitter orientation="horizontal" label="Resize config and servers" value={sizes.config} onResize={resize('config', 120)} />
          <Panel
            title={
              <div className="tabs" role="tablist" aria-label="Left panel">
                {(['servers', 'registry', 'reminders'] as const).map((tab) => (
                  <button key={tab} type="button" role="tab" className="tab" aria-selected={leftTab === tab} data-testid={`left-tab-${tab}`} onClick={() => setLeftTab(tab)}>
                    {tab === 'servers' ? 'Servers' : tab === 'registry' ? 'Tool registry' : 'Reminders'}
                  </button>
                ))}
              </div>
            }
            testId="servers-panel"
            maximised={maximised === 'left'}
            onToggleMaximise={toggle('left')}
          >
            {leftTab === 'servers' && <ServersPanel manager={services.connections} />}
            {leftTab === 'registry' && <ToolRegistryPanel registry={services.registry} policies={services.policies} provider={agent.settings.provider} />}
            {leftTab === 'reminders' && <RemindersPanel reminders={services.reminders} />}
          </Panel>
        </div>
        <Splitter label="Resize left column" value={sizes.left} onResize={resize('left', 240)} />
        <Panel title="Chat" testId="chat-panel" style={{ width: sizes.chat, flex: 'none' }} maximised={maximised === 'chat'} onToggleMaximise={toggle('chat')}>
          <ChatPanel session={services.session} selectedToolCallId={selectedToolCall} onSelectToolCall={setSelectedToolCall} />
        </Panel>
        <Splitter label="Resize chat" value={sizes.chat} onResize={resize('chat', 240)} />
        <Panel title="MCP wire" style={{ width: sizes.mcp, flex: 'none' }} maximised={maximised === 'mcp'} onToggleMaximise={toggle('mcp')}>
          <TrafficPanel log={services.log} eraOf={eraOf} selectedToolCallId={selectedToolCall} onSelectToolCall={setSelectedToolCall} />
        </Panel>
        <Splitter label="Resize MCP wire" value={sizes.mcp} onResize={resize('mcp', 240)} />
        <Panel title="Model wire" style={{ flex: 1 }} maximised={maximised === 'model'} onToggleMaximise={toggle('model')}>
          <ModelTrafficPanel log={services.log} session={services.session} selectedToolCallId={selectedToolCall} linked={linked} />
        </Panel>
      </main>
      <footer className="bottom-bar">
        <TurnTimeline session={services.session} onSelectToolCall={setSelectedToolCall} />
      </footer>
    </div>
  );
}
