/**
 * The tabs of each area of the screen. To add a view to an area, add one entry to its list:
 * the shell (layout/) gives every area a tab strip when it holds more than one tab, keeps the
 * chosen tab across reloads, mounts a tab the first time it is shown and keeps it mounted when
 * hidden (its state survives a switch). Views not on the first screen load then (lazy-panels.tsx).
 */
import { Suspense, type ReactNode } from 'react';
import type { BridgeStore } from '../core/bridge';
import type { Services } from '../core/composition';
import type { AgentSession } from '../core/agent';
import type { ProtocolEra, TrafficLog } from '../core/traffic';
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
  RemindersPanel,
  RootsEditor,
  ServerContents,
  TasksPanel,
  TokenBillPanel,
  ToolRegistryPanel,
} from './lazy-panels';
import type { ProviderId } from '../core/providers';

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
  /** MCP exchanges asked for (a server check's finding): selected on the MCP wire. */
  exchangeFocus?: ExchangeFocus | undefined;
}

/** One tab of an area. `id` is also part of its test id: `<area>-tab-<id>`. */
export interface AreaTab {
  id: string;
  label: string;
  render(context: AreaContext): ReactNode;
}

/** The lower part of the config + servers area. */
export const SERVER_TABS: readonly AreaTab[] = [
  {
    id: 'servers',
    label: 'Servers',
    render: ({ services, showSignInSteps, checkServer }) => (
      <ServersPanel
        manager={services.connections}
        {...(showSignInSteps && { onShowSignInSteps: showSignInSteps })}
        {...(checkServer && { onCheck: checkServer })}
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
  },
  {
    id: 'registry',
    label: 'Tool registry',
    render: ({ services, provider }) => (
      <ToolRegistryPanel registry={services.registry} policies={services.policies} guard={services.guard} provider={provider} />
    ),
  },
  { id: 'reminders', label: 'Reminders', render: ({ services }) => <RemindersPanel reminders={services.reminders} /> },
  { id: 'tasks', label: 'Tasks', render: ({ services }) => <TasksPanel manager={services.connections} /> },
  {
    id: 'tokens',
    label: 'Token bill',
    render: ({ services, provider, log }) => (
      <TokenBillPanel registry={services.registry} policies={services.policies} provider={provider} log={log} bill={services.bill} />
    ),
  },
  {
    id: 'evals',
    label: 'Evals',
    render: ({ services, showEvalRun }) => (
      <EvalsPanel services={services} onOpenRun={(toolCallId, exchangeId) => showEvalRun?.(toolCallId, exchangeId)} />
    ),
  },
  {
    id: 'roots',
    label: 'Roots & sampling',
    render: ({ services }) => (
      <RootsEditor roots={services.roots} policies={services.samplingPolicies} connections={services.connections} />
    ),
  },
];

/** The MCP wire area (its first tab is the wire itself). */
export const MCP_WIRE_TABS: readonly AreaTab[] = [
  {
    id: 'mcp',
    label: 'MCP wire',
    render: (c) => (
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
  },
  {
    id: 'logs',
    label: 'Logs',
    render: (c) => (
      <LogView key={c.viewKey} log={c.log} manager={c.services.connections} {...(!c.readOnly && { stderr: c.services.bridge.stderrLog })} />
    ),
  },
  {
    id: 'bridge',
    label: 'App bridge',
    render: (c) => (
      <ViewWirePanel log={c.services.apps.log} selectedToolCallId={c.selectedToolCallId} onSelectToolCall={c.onSelectToolCall} />
    ),
  },
];

/** The model wire area (its first tab is the wire itself). */
export const MODEL_WIRE_TABS: readonly AreaTab[] = [
  {
    id: 'model',
    label: 'Model wire',
    render: (c) => (
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
  },
];
