import { Suspense, useCallback, useEffect, useState } from 'react';
import { Command as CommandIcon, GraduationCap } from 'lucide-react';
import { version as APP_VERSION } from '../../package.json';
import type { ToolCallItem } from '../core/agent';
import { ChatPanel, ModelSettingsBar, TurnTimeline } from '../features/chat';
import { ConfigEditor } from '../features/config-editor';
import { ProblemsNotice, ReadOnlyFrame, SessionMenu } from '../features/session';
import type { ImportedView } from '../features/session';
import { isTourDismissed, rememberTourDismissed } from '../features/tour/tour-dismissed';
import {
  AppPalette,
  AuthDebugger,
  DiffScreen,
  GuidedTour,
  IDLE_PRELOADS,
  InboxCards,
  LoadProbePanel,
  MockCreate,
  OtelSettingsDialog,
  ReadOnlyBanner,
  ServerReport,
} from './lazy-panels';
import { traceSourceOf } from '../core/trace';
import { preloadWhenIdle } from '../ui/lazy-named';
import { useStoreValue } from '../ui/use-store';
import { useShareLinkPaste } from './use-share-link-paste';
import { browserStorage, pageStorage } from './browser-storage';
import type { Services } from '../core/composition';
import { useTheme } from './theme';
import { ThemeToggleIcon } from './theme-toggle-icon';
import type { AreaContext } from './areas';
import { ShellLayout } from './layout/shell-layout';
import { showTourTarget, useShell } from './layout/use-shell';
import { TopBarSettings } from './layout/top-bar-settings';
import { PROVIDERS } from '../core/providers';
import { usePaletteShortcut } from './palette/palette-shortcut';
import { isFirstFrame } from '../ui/first-frame';
import { whenIdle } from '../ui/when-idle';
import { useToolAppSlot } from './apps-mount';
import { useWireSelection } from './use-wire-selection';
import { ToolAppSlot } from '../ui/tool-app-slot';

/** The first frame's root attributes (src/ui/first-frame.ts). */
const FIRST_FRAME_ATTRIBUTES = { 'data-first-frame': '', inert: true, 'aria-busy': true, 'aria-disabled': true } as const;

/** The composition root: top bar, the four resizable columns, and the wiring between features. */
export function App({
  services,
  restoreProblems = [],
  onFirstRender,
}: {
  services: Services;
  restoreProblems?: readonly string[];
  /** Called once the first render is on the page. */
  onFirstRender?: () => void;
}) {
  // Once: the dependency is deliberately left out, a later prop would not be a first render.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => onFirstRender?.(), []);
  useEffect(() => preloadWhenIdle(IDLE_PRELOADS), []);
  // Each server's snapshot when first connected (the comparison's baseline): kept from when the page is idle.
  useEffect(() => {
    if (isFirstFrame()) return;
    let stop: (() => void) | undefined;
    let live = true;
    void whenIdle(4000)
      .then(() => import('../features/server-diff'))
      .then((diff) => {
        if (live) stop = diff.trackFirstSnapshots(services, pageStorage());
      });
    return () => {
      live = false;
      stop?.();
    };
  }, [services]);
  const [theme, setTheme] = useTheme();
  const shell = useShell();
  const renderToolApp = useToolAppSlot(services, theme);
  const [paletteOpen, setPaletteOpen] = useState(false);
  usePaletteShortcut(useCallback(() => setPaletteOpen((open) => !open), []));
  const [applying, setApplying] = useState(false);
  const { selectedToolCall, setSelectedToolCall, requestFocus, showRequest, showBoth, exchangeFocus, showExchanges } = useWireSelection(
    shell.reveal,
    shell.mode !== 'wide',
  );
  // Stable, so the chat's memoised tool cards are not all drawn again on every render of the app.
  const toolCallInbox = useCallback(
    (toolCallId: string) => (
      <Suspense fallback={null}>
        <InboxCards inbox={services.inbox} show={(item) => item.origin.toolCallId === toolCallId} />
      </Suspense>
    ),
    [services.inbox],
  );
  const [restoreNotice, setRestoreNotice] = useState(restoreProblems);
  const [signInSteps, setSignInSteps] = useState<string>();
  const [checking, setChecking] = useState<string>();
  // Compare servers: open (with the server chosen as A, if any) or not.
  const [comparing, setComparing] = useState<{ server?: string }>();
  const compareServers = useCallback((server?: string) => setComparing(server === undefined ? {} : { server }), []);
  const [diffStorage] = useState(pageStorage);
  // Make a mock: open (of a server, or `{}` for any), or closed.
  const [mocking, setMocking] = useState<{ server?: string }>();
  const makeMock = useCallback((server?: string) => setMocking(server === undefined ? {} : { server }), []);
  const [loadProbing, setLoadProbing] = useState<string>();
  // Whether this App is the prerendered first frame (src/ui/first-frame.ts), fixed at mount.
  const [firstFrame] = useState(isFirstFrame);
  // The tour opens on a first visit (not in the first frame); once closed or finished it stays closed until asked for.
  const [touring, setTouring] = useState(() => !firstFrame && !isTourDismissed(browserStorage()));
  const closeTour = useCallback(() => {
    setTouring(false);
    rememberTourDismissed(browserStorage());
  }, []);
  // An imported session is shown from its own stores, read-only; the live ones keep running and saving.
  const [view, setView] = useState<ImportedView>();
  const [otelOpen, setOtelOpen] = useState(false);
  const shownSession = view?.session ?? services.session;
  const shownLog = view?.log ?? services.log;
  const shownReplays = view?.replays ?? services.replays;
  const viewKey = view ? (view.replayed ? 'replayed' : 'imported') : 'live';
  // Only what the app itself shows: it is not drawn again at each change of the session (a long turn makes several a step).
  const selectedItem = useStoreValue(shownSession, (agent) =>
    selectedToolCall === undefined
      ? undefined
      : agent.items.find((item): item is ToolCallItem => item.kind === 'tool-call' && item.id === selectedToolCall),
  );
  const provider = useStoreValue(services.session, (agent) => agent.settings.provider);
  const model = useStoreValue(services.session, (agent) => agent.settings.model);
  const linked = selectedItem
    ? {
        responseKey: { turn: selectedItem.turn, step: selectedItem.step },
        requestKey: { turn: selectedItem.turn, step: selectedItem.step + 1 },
      }
    : undefined;

  const apply = async () => {
    setApplying(true);
    try {
      await services.applyConfig();
    } finally {
      setApplying(false);
    }
  };

  useShareLinkPaste(
    (text) => {
      services.config.setText(text);
      void apply();
    },
    (pairLink) => {
      void services.bridge.pairFromFragment(pairLink);
    },
  );

  const eraOf = (server: string) => services.connections.getSnapshot().servers.find((s) => s.name === server)?.era;

  const switchView = (next: ImportedView | undefined) => {
    // A replay shown before is left: its connections to the mocks end.
    if (view?.dispose && view.log !== next?.log) view.dispose();
    setView(next);
    setSelectedToolCall(undefined);
  };

  const areaContext: AreaContext = {
    services,
    session: shownSession,
    log: shownLog,
    viewKey,
    readOnly: view !== undefined,
    appVersion: APP_VERSION,
    eraOf: view ? undefined : eraOf,
    provider,
    selectedToolCallId: selectedToolCall,
    onSelectToolCall: setSelectedToolCall,
    linked,
    requestFocus,
    showEvalRun: showBoth,
    showSignInSteps: setSignInSteps,
    checkServer: setChecking,
    compareServer: compareServers,
    exportSnapshot: (server) => void import('../features/server-diff').then((diff) => diff.exportServerSnapshot(services, server)),
    makeMock,
    loadProbe: setLoadProbing,
    exchangeFocus,
  };

  // The trace of the session shown (live or imported), built from its recording; the OpenTelemetry SDK loads on first use.
  const exportTrace = (turn?: number) =>
    import('../features/otel').then(({ exportTraceFile }) => exportTraceFile(traceSourceOf(shownSession, shownLog), turn));

  const startNewSession = () => {
    services.session.newSession();
    services.log.clear();
    services.replays.clear();
    services.apps.log.clear();
    setSelectedToolCall(undefined);
  };

  return (
    // The notices row sits between the top bar and the panels only while there is one.
    // The first frame is only a picture of the app until the restored session replaces it (a few
    // hundred ms): inert, so nothing typed into it is lost, and marked busy and disabled for tools.
    <div
      className="app"
      {...(firstFrame && FIRST_FRAME_ATTRIBUTES)}
      style={view !== undefined || restoreNotice.length > 0 ? { gridTemplateRows: 'auto auto 1fr auto' } : undefined}
    >
      <header className="top-bar">
        <span className="brand">
          Glassbox<small>an MCP agent you can see through</small>
        </span>
        <TopBarSettings compact={shell.mode !== 'wide'} summary={`${PROVIDERS[provider].label} · ${model}`}>
          <ModelSettingsBar session={services.session} />
        </TopBarSettings>
        <span className="spacer" />
        <SessionMenu
          getExportSource={() => ({
            configText: view ? view.file.config : services.config.getSnapshot().text,
            conversation: shownSession.exportData(),
            traffic: shownLog.getSnapshot(),
            appVersion: APP_VERSION,
            toolPins: view ? (view.file.toolPins ?? []) : services.policies.getSnapshot().pins,
            replays: shownReplays.exportData(),
            redact: (text) => services.secrets.redact(text),
            secrets: services.secrets.values(),
          })}
          shownMocks={view?.mocks}
          onNewSession={startNewSession}
          onOpenImported={switchView}
          readOnly={view !== undefined}
          persistence={services.persistence}
          exportTrace={() => exportTrace()}
          onOpenOtelSettings={() => setOtelOpen(true)}
        />
        <button
          type="button"
          className="icon-button"
          onClick={() => setPaletteOpen(true)}
          data-testid="command-palette-open"
          aria-label="Commands"
          title="Commands (Ctrl+K)"
          aria-haspopup="dialog"
        >
          <CommandIcon aria-hidden size={16} />
        </button>
        <button
          type="button"
          className="icon-button"
          onClick={() => setTouring(true)}
          data-testid="tour-start"
          aria-label="Tour"
          title="Tour: walk through one tool-using turn, panel by panel"
        >
          <GraduationCap aria-hidden size={16} />
        </button>
        <button
          type="button"
          className="icon-button"
          onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')}
          aria-label={`Switch to ${theme === 'dark' ? 'light' : 'dark'} theme`}
          title={`Switch to ${theme === 'dark' ? 'light' : 'dark'} theme`}
          data-testid="theme-toggle"
        >
          <ThemeToggleIcon theme={theme} firstFrame={firstFrame} />
        </button>
      </header>
      {(view !== undefined || restoreNotice.length > 0) && (
        <div className="app-notices">
          {view && (
            <Suspense fallback={null}>
              <ReadOnlyBanner view={view} onBack={() => switchView(undefined)} onShowReplay={switchView} />
            </Suspense>
          )}
          {restoreNotice.length > 0 && (
            <ProblemsNotice
              title="Part of your saved session could not be restored"
              problems={restoreNotice}
              onDismiss={() => setRestoreNotice([])}
              testId="restore-notice"
            />
          )}
        </div>
      )}
      <ToolAppSlot.Provider value={view ? undefined : renderToolApp}>
        <ShellLayout
          shell={shell}
          context={areaContext}
          config={<ConfigEditor store={services.config} onApply={() => void apply()} applying={applying} />}
          chat={
            <ReadOnlyFrame readOnly={view !== undefined} label="Imported conversation (read-only)">
              <ChatPanel
                key={viewKey}
                session={shownSession}
                selectedToolCallId={selectedToolCall}
                onSelectToolCall={setSelectedToolCall}
                toolCallInbox={view ? undefined : toolCallInbox}
                replays={shownReplays}
                onShowRequest={showRequest}
                onExportTrace={exportTrace}
              />
            </ReadOnlyFrame>
          }
        />
      </ToolAppSlot.Provider>
      {/* Loaded when first opened; nothing to show meanwhile (each is an overlay). */}
      <Suspense fallback={null}>
        {otelOpen && <OtelSettingsDialog store={services.otel} onClose={() => setOtelOpen(false)} />}
        {paletteOpen && (
          <AppPalette
            services={services}
            shell={shell}
            startTour={() => setTouring(true)}
            toggleTheme={() => setTheme(theme === 'dark' ? 'light' : 'dark')}
            onClose={() => setPaletteOpen(false)}
            checkServer={setChecking}
            compareServers={compareServers}
            makeMock={makeMock}
          />
        )}
        {mocking !== undefined && !view && <MockCreate services={services} {...mocking} onClose={() => setMocking(undefined)} />}
        {touring && <GuidedTour onClose={closeTour} onShowTarget={(selector) => showTourTarget(shell, selector)} />}
        {signInSteps !== undefined && (
          <AuthDebugger
            manager={services.connections}
            server={signInSteps}
            onSelectServer={setSignInSteps}
            onClose={() => setSignInSteps(undefined)}
          />
        )}
        {checking !== undefined && !view && (
          <ServerReport
            services={services}
            server={checking}
            onSelectServer={setChecking}
            onShowExchanges={showExchanges}
            onClose={() => setChecking(undefined)}
          />
        )}
        {comparing !== undefined && !view && (
          <DiffScreen services={services} storage={diffStorage} initialServer={comparing.server} onClose={() => setComparing(undefined)} />
        )}
        {loadProbing !== undefined && !view && (
          <LoadProbePanel key={loadProbing} services={services} server={loadProbing} onClose={() => setLoadProbing(undefined)} />
        )}
      </Suspense>
      <footer className="bottom-bar">
        <TurnTimeline key={viewKey} session={shownSession} onSelectToolCall={setSelectedToolCall} />
      </footer>
    </div>
  );
}
