/**
 * The views of each area's tabs. To add a view to an area, name its tab in area-tabs.ts and
 * draw it here: the shell (layout/) gives every area a tab strip when it holds more than one tab, keeps the
 * chosen tab across reloads, mounts a tab the first time it is shown and keeps it mounted when
 * hidden (its state survives a switch). Views not on the first screen load then (lazy-panels.tsx).
 */
import { Suspense, type ReactNode } from 'react';
import type { BridgeStore } from '../core/bridge';
import type { Services } from '../core/composition';
import type { AgentSession } from '../core/agent';
import type { ProtocolEra, TrafficLog } from '../core/traffic';
import { mockLabelOfUrl } from '../core/config';
import { ModelTrafficPanel, type RequestFocus } from '../features/model-traffic';
import { ServersPanel } from '../features/servers';
import { TrafficPanel, type ExchangeFocus } from '../features/traffic';
import { useStore } from '../ui/use-store';
import {
  BridgeProcessSection,
  BridgeStatusNotice,
  ViewWirePanel,
  EvalsPanel,
  InboxCards,
  LogView,
  MockCardLine,
  RemindersPanel,
  RootsEditor,
  ServerContents,
  TasksPanel,
  TokenBillPanel,
  ToolRegistryPanel,
} from './lazy-panels';
import type { ProviderId } from '../core/providers';
import { MCP_WIRE_TAB_NAMES, MODEL_WIRE_TAB_NAMES, SERVER_TAB_NAMES, type AreaTabName } from './area-tabs';

/**
 * The bridge's sections, drawn only once a bridge is paired or a pair link was refused: until
 * then they would draw nothing, and their code (a chunk of its own) is not loaded at all.
 */
function WhenBridge({ bridge, children }: { bridge: BridgeStore; children: ReactNode }) {
  const { status, pairError } = useStore(bridge);
  if (status === 'unpaired' && pairError === undefined) return null;
  return <Suspense fallback={null}>{children}</Suspense>;
}

/** What a tab may show: the services and the shell's shared state. */
export interface AreaContext {
  services: Services;
  /** The session shown (the live one, or an imported one, read-only). */
  session: AgentSession;
  /** The traffic shown (live or imported). */
  log: TrafficLog;
  /** Changes when the shown session does, so views with their own state start afresh. */
  viewKey: string;
  readOnly: boolean;
  appVersion: string;
  /** The era of a live server, by name (undefined for an imported session). */
  eraOf?: (server: string) => ProtocolEra | undefined;
  /** The live session's wire format. */
  provider: ProviderId;
  selectedToolCallId?: string;
  onSelectToolCall: (id: string | undefined) => void;
  /** The model exchanges of the selected tool call (its tool_use response and tool_result request). */
  linked?: { responseKey: { turn: number; step: number }; requestKey: { turn: number; step: number } };
  /** The model request a replay's link asked for (selected and opened on the model wire). */
  requestFocus?: RequestFocus | undefined;
  /** Selects an eval run on both wires: its first tool call (MCP wire) and first model request (model wire). */
  showEvalRun?: (toolCallId: string | undefined, exchangeId: number | undefined) => void;
  /** Opens the auth debugger (sign-in steps) of a server. */
  showSignInSteps?: (server: string) => void;
  /** Opens a server's check (its report, run the first time). */
  checkServer?: (server: string) => void;
  /** Opens the comparison with this server as A. */
  compareServer?: (server: string) => void;
  /** Downloads a connected server's snapshot (`<name>.mcp-snapshot.json`). */
  exportSnapshot?: (server: string) => void;
  /** Opens Make a mock (of a server, or of any server of a recording). */
  makeMock?: (server?: string) => void;
  /** Opens a server's load probe. */
  loadProbe?: (server: string) => void;
  /** MCP exchanges asked for (a server check's finding): selected on the MCP wire. */
  exchangeFocus?: ExchangeFocus | undefined;
}

/** One tab of an area: its name and its view. */
export interface AreaTab extends AreaTabName {
  render(context: AreaContext): ReactNode;
}

type TabViews<Names extends readonly AreaTabName[]> = { [Id in Names[number]['id']]: (context: AreaContext) => ReactNode };

/** The named tabs, in their order, each with its view (every id must have one). */
function withViews<Names extends readonly AreaTabName[]>(names: Names, views: TabViews<Names>): readonly AreaTab[] {
  return names.map((name) => ({ ...name, render: views[name.id as Names[number]['id']] }));
}

/** The lower part of the config + servers area. */
export const SERVER_TABS = withViews(SERVER_TAB_NAMES, {
  servers: ({ services, showSignInSteps, checkServer, compareServer, exportSnapshot, makeMock, loadProbe }) => (
    <ServersPanel
      manager={services.connections}
      {...(showSignInSteps && { onShowSignInSteps: showSignInSteps })}
      {...(checkServer && { onCheck: checkServer })}
      {...(compareServer && { onCompare: compareServer })}
      {...(exportSnapshot && { onExportSnapshot: exportSnapshot })}
      {...(makeMock && { onMakeMock: makeMock })}
      mockLine={(server) => {
        const label = mockLabelOfUrl(server.url);
        return (
          label !== undefined && (
            <Suspense fallback={null}>
              <MockCardLine label={label} />
            </Suspense>
          )
        );
      }}
      {...(loadProbe && { onLoadProbe: loadProbe })}
      policies={services.policies}
      notice={
        <WhenBridge bridge={services.bridge}>
          <BridgeStatusNotice bridge={services.bridge} />
        </WhenBridge>
      }
      process={(server) => (
        <WhenBridge bridge={services.bridge}>
          <BridgeProcessSection server={server} bridge={services.bridge} />
        </WhenBridge>
      )}
      contents={(server) => (
        <Suspense fallback={null}>
          <ServerContents
            services={services}
            server={server}
            connection={services.connections.get(server.name)}
            onAttach={(label, parts) => services.session.attach(label, parts)}
            onInsert={(source, messages) => services.session.insertMessages(messages, source)}
            skillOffers={services.skillOffers}
            guard={services.guard}
          />
        </Suspense>
      )}
      // What a server asks of the client during a manual call: its requests since the call started, outside any chat turn.
      callInbox={(server, since) => (
        <Suspense fallback={null}>
          <InboxCards
            inbox={services.inbox}
            show={(item) => item.origin.server === server && item.origin.toolCallId === undefined && item.at >= since}
          />
        </Suspense>
      )}
    />
  ),
  registry: ({ services, provider }) => (
    <ToolRegistryPanel registry={services.registry} policies={services.policies} guard={services.guard} provider={provider} />
  ),
  reminders: ({ services }) => <RemindersPanel reminders={services.reminders} />,
  tasks: ({ services }) => <TasksPanel manager={services.connections} />,
  tokens: ({ services, provider, log }) => (
    <TokenBillPanel registry={services.registry} policies={services.policies} provider={provider} log={log} bill={services.bill} />
  ),
  evals: ({ services, showEvalRun }) => (
    <EvalsPanel services={services} onOpenRun={(toolCallId, exchangeId) => showEvalRun?.(toolCallId, exchangeId)} />
  ),
  roots: ({ services }) => <RootsEditor roots={services.roots} policies={services.samplingPolicies} connections={services.connections} />,
});

/** The MCP wire area (its first tab is the wire itself). */
export const MCP_WIRE_TABS = withViews(MCP_WIRE_TAB_NAMES, {
  mcp: (c) => (
    <TrafficPanel
      key={c.viewKey}
      log={c.log}
      eraOf={c.eraOf}
      selectedToolCallId={c.selectedToolCallId}
      onSelectToolCall={c.onSelectToolCall}
      appVersion={c.appVersion}
      focusExchanges={c.exchangeFocus}
    />
  ),
  logs: (c) => (
    <LogView key={c.viewKey} log={c.log} manager={c.services.connections} {...(!c.readOnly && { stderr: c.services.bridge.stderrLog })} />
  ),
  bridge: (c) => (
    <ViewWirePanel log={c.services.apps.log} selectedToolCallId={c.selectedToolCallId} onSelectToolCall={c.onSelectToolCall} />
  ),
});

/** The model wire area (its first tab is the wire itself). */
export const MODEL_WIRE_TABS = withViews(MODEL_WIRE_TAB_NAMES, {
  model: (c) => (
    <ModelTrafficPanel
      key={c.viewKey}
      log={c.log}
      session={c.session}
      selectedToolCallId={c.selectedToolCallId}
      linked={c.linked}
      appVersion={c.appVersion}
      onFork={c.readOnly ? undefined : c.services.fork}
      focusRequest={c.requestFocus}
    />
  ),
});
