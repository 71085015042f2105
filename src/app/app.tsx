import { useCallback, useEffect, useRef, useState } from 'react';
import { version as APP_VERSION } from '../../package.json';
import type { ToolCallItem } from '../core/agent';
import { ChatPanel, ModelSettingsBar, TurnTimeline } from '../features/chat';
import { ConfigEditor } from '../features/config-editor';
import { ModelTrafficPanel } from '../features/model-traffic';
import { RemindersPanel, ToolRegistryPanel } from '../features/tool-registry';
import { ServersPanel } from '../features/servers';
import { ProblemsNotice, ReadOnlyBanner, ReadOnlyFrame, SessionMenu } from '../features/session';
import type { ImportedView } from '../features/session';
import { TrafficPanel } from '../features/traffic';
import { GuidedTour, isTourDismissed, rememberTourDismissed } from '../features/tour';
import { Panel } from '../ui/panel';
import { useStore } from '../ui/use-store';
import { Splitter } from '../ui/splitter';
import { useShareLinkPaste } from './use-share-link-paste';
import { browserStorage } from './browser-storage';
import type { Services } from '../core/composition';
import { useTheme } from './theme';
import { rememberTopBarHeight } from './top-bar-memory';
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
export function App({ services, restoreProblems = [], onFirstRender }: {
  services: Services;
  restoreProblems?: readonly string[];
  /** Called once the first render is on the page. */
  onFirstRender?: () => void;
}) {
  // Once: the dependency is deliberately left out, a later prop would not be a first render.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => onFirstRender?.(), []);
  const topBar = useRef<HTMLElement>(null);
  useEffect(() => (topBar.current ? rememberTopBarHeight(topBar.current, localStorage) : undefined), []);
  const [theme, setTheme] = useTheme();
  const [sizes, setSizes] = usePersistentState<LayoutSizes>('glassbox.layout.v2', DEFAULT_SIZES);
  const [maximised, setMaximised] = useState<PanelId>();
  const [applying, setApplying] = useState(false);
  const [selectedToolCall, setSelectedToolCall] = useState<string>();
  const [leftTab, setLeftTab] = usePersistentState<LeftTab>('glassbox.leftTab', 'servers');
  const [restoreNotice, setRestoreNotice] = useState(restoreProblems);
  // The tour opens on a first visit; once closed or finished it stays closed until asked for.
  const [touring, setTouring] = useState(() => !isTourDismissed(browserStorage()));
  const closeTour = useCallback(() => {
    setTouring(false);
    rememberTourDismissed(browserStorage());
  }, []);
  // An imported session is shown from its own stores, read-only; the live ones keep running and saving.
  const [view, setView] = useState<ImportedView>();
  const shownSession = view?.session ?? services.session;
  const shownLog = view?.log ?? services.log;
  const viewKey = view ? 'imported' : 'live';
  const agent = useStore(shownSession);
  const liveSettings = useStore(services.session).settings;
  const saveStatus = useStore(services.persistence);
  const selectedItem = agent.items.find((item): item is ToolCallItem => item.kind === 'tool-call' && item.id === selectedToolCall);
  const linked = selectedItem ? { responseKey: { turn: selectedItem.turn, step: selectedItem.step }, requestKey: { turn: selectedItem.turn, step: selectedItem.step + 1 } } : undefined;

  const resize = useCallback(
    (key: keyof LayoutSizes, min: number) => (delta: number) => setSizes({ ...sizes, [key]: Math.max(min, sizes[key] + delta) }),
    [sizes, setSizes],
  );

  const apply = async () => {
    setApplying(true);
    try {
      await services.applyConfig();
    } finally {
      setApplying(false);
    }
  };

  useShareLinkPaste((text) => {
    services.config.setText(text);
    void apply();
  });

  const toggle = (id: PanelId) => () => setMaximised(maximised === id ? undefined : id);
  const eraOf = (server: string) => services.connections.getSnapshot().servers.find((s) => s.name === server)?.era;

  const switchView = (next: ImportedView | undefined) => {
    setView(next);
    setSelectedToolCall(undefined);
  };

  const startNewSession = () => {
    services.session.newSession();
    services.log.clear();
    setSelectedToolCall(undefined);
  };

  return (
    // The notices row sits between the top bar and the panels only while there is one.
    <div className="app" style={view !== undefined || restoreNotice.length > 0 ? { gridTemplateRows: 'auto auto 1fr auto' } : undefined}>
      <header className="top-bar" ref={topBar}>
        <span className="brand">
          Glassbox<small>an MCP agent you can see through</small>
        </span>
        <ModelSettingsBar session={services.session} />
        <span className="spacer" />
        <SessionMenu
          getExportSource={() => ({
            configText: view ? view.file.config : services.config.getSnapshot().text,
            conversation: shownSession.exportData(),
            traffic: shownLog.getSnapshot(),
            appVersion: APP_VERSION,
            toolPins: view ? (view.file.toolPins ?? []) : services.policies.getSnapshot().pins,
            redact: (text) => services.secrets.redact(text),
          })}
          onNewSession={startNewSession}
          onOpenImported={switchView}
          readOnly={view !== undefined}
          saveStatus={saveStatus}
        />
        <button type="button" className="small-button" onClick={() => setTouring(true)} data-testid="tour-start" title="Walk through one tool-using turn, panel by panel">
          Tour
        </button>
        <button type="button" className="small-button" onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')} aria-label={`Switch to ${theme === 'dark' ? 'light' : 'dark'} theme`} data-testid="theme-toggle">
          {theme === 'dark' ? '☀ Light' : '☾ Dark'}
        </button>
      </header>
      {(view !== undefined || restoreNotice.length > 0) && (
        <div className="app-notices">
          {view && <ReadOnlyBanner view={view} onBack={() => switchView(undefined)} />}
          {restoreNotice.length > 0 && (
            <ProblemsNotice title="Part of your saved session could not be restored" problems={restoreNotice} onDismiss={() => setRestoreNotice([])} testId="restore-notice" />
          )}
        </div>
      )}
      <main className="panels">
        <div className="column" style={{ width: sizes.left }}>
          <Panel
            title="Config · mcp.json"
            testId="config-panel"
            style={{ height: sizes.config, flex: 'none' }}
          >
            <ConfigEditor store={services.config} onApply={() => void apply()} applying={applying} />
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
            {leftTab === 'servers' && <ServersPanel manager={services.connections} policies={services.policies} />}
            {leftTab === 'registry' && <ToolRegistryPanel registry={services.registry} policies={services.policies} guard={services.guard} provider={liveSettings.provider} />}
            {leftTab === 'reminders' && <RemindersPanel reminders={services.reminders} />}
          </Panel>
        </div>
        <Splitter label="Resize left column" value={sizes.left} onResize={resize('left', 240)} />
        <Panel title="Chat" testId="chat-panel" style={{ width: sizes.chat, flex: 'none' }} maximised={maximised === 'chat'} onToggleMaximise={toggle('chat')}>
          <ReadOnlyFrame readOnly={view !== undefined} label="Imported conversation (read-only)">
            <ChatPanel key={viewKey} session={shownSession} selectedToolCallId={selectedToolCall} onSelectToolCall={setSelectedToolCall} />
          </ReadOnlyFrame>
        </Panel>
        <Splitter label="Resize chat" value={sizes.chat} onResize={resize('chat', 240)} />
        <Panel title="MCP wire" style={{ width: sizes.mcp, flex: 'none' }} maximised={maximised === 'mcp'} onToggleMaximise={toggle('mcp')}>
          <TrafficPanel key={viewKey} log={shownLog} eraOf={view ? undefined : eraOf} selectedToolCallId={selectedToolCall} onSelectToolCall={setSelectedToolCall} appVersion={APP_VERSION} />
        </Panel>
        <Splitter label="Resize MCP wire" value={sizes.mcp} onResize={resize('mcp', 240)} />
        <Panel title="Model wire" style={{ flex: 1 }} maximised={maximised === 'model'} onToggleMaximise={toggle('model')}>
          <ModelTrafficPanel key={viewKey} log={shownLog} session={shownSession} selectedToolCallId={selectedToolCall} linked={linked} appVersion={APP_VERSION} />
        </Panel>
      </main>
      {touring && <GuidedTour onClose={closeTour} />}
      <footer className="bottom-bar">
        <TurnTimeline key={viewKey} session={shownSession} onSelectToolCall={setSelectedToolCall} />
      </footer>
    </div>
  );
}
