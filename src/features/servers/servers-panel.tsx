import { Suspense, useState } from 'react';
import type { ReactNode } from 'react';
import type { ConnectionManager, Diagnosis, McpToolInfo, ServerState } from '../../core/mcp';
import { inPageDemoLabel } from '../../core/config';
import { redactUrl } from '../../core/secrets';
import { useStore } from '../../ui/use-store';
import { EraBadge, McpIconView, ServerInstructionsView } from './server-identity';
import { JsonView, ServerSignInSection } from './lazy-views';
import { ToolList } from './tool-list';
import { ToolChangesNote } from './tool-changes-note';
import type { PolicySnapshot } from '../../core/tools';
import type { ExternalStore } from '../../ui/use-store';
import { CardAction } from './card-action';

/** Extra tools listed as a third "server" (the agent's own local tools). */
export interface LocalToolsGroup {
  name: string;
  tools: McpToolInfo[];
  run: (tool: string, args: Record<string, unknown>, signal: AbortSignal) => Promise<unknown>;
}

/**
 * The servers list: each server's state, era, session, diagnosis and tools, with manual tool calls.
 * `contents` renders more of a server under its tools (the app composes resources and prompts there);
 * `onShowSignInSteps` opens the auth debugger for a server; `policies` lists, per server, the tools
 * whose definition changed since the person allowed them.
 */
export function ServersPanel({
  manager,
  local,
  contents,
  callInbox,
  onShowSignInSteps,
  onCheck,
  onCompare,
  onExportSnapshot,
  onMakeMock,
  mockLine,
  onLoadProbe,
  policies,
  process,
  notice,
}: {
  manager: ConnectionManager;
  /** What runs a local server (the app renders the bridge's process section here), under the card's address. */
  process?: (server: ServerState) => ReactNode;
  /** Above the cards (the app renders the bridge's pairing state here). */
  notice?: ReactNode;
  local?: LocalToolsGroup;
  contents?: (server: ServerState) => ReactNode;
  /** What a server asks of the client during a manual call (the app renders the inbox's cards here). */
  callInbox?: (server: string, since: number) => ReactNode;
  onShowSignInSteps?: (server: string) => void;
  /** Opens a connected server's check. */
  onCheck?: (server: string) => void;
  /** Opens the comparison of servers, this one as A. */
  onCompare?: (server: string) => void;
  /** Downloads a connected server's snapshot. */
  onExportSnapshot?: (server: string) => void;
  /** Opens Make a mock for a server the session has talked to. */
  onMakeMock?: (server: string) => void;
  /** What a card says about the mock it talks to (the app renders it for mock addresses). */
  mockLine?: (server: ServerState) => ReactNode;
  /** Opens a connected server's load probe. */
  onLoadProbe?: (server: string) => void;
  /** The PolicyStore: each card lists its tools that changed since the person allowed them. */
  policies?: ExternalStore<PolicySnapshot>;
}) {
  const { servers } = useStore(manager);
  // One element for the area's tab panel (which stretches each child it has): the notice above the
  // cards keeps its own height instead of taking half the panel.
  if (servers.length === 0) {
    return (
      <div className="servers-panel">
        {notice}
        <div className="empty">No servers yet. Paste an mcp.json in the config editor and press Apply.</div>
      </div>
    );
  }
  return (
    <div className="servers-panel">
      {notice}
      <ul className="server-list" aria-label="MCP servers">
        {servers.map((server) => (
          <ServerCard
            key={server.name}
            server={server}
            manager={manager}
            contents={contents}
            callInbox={callInbox}
            onShowSignInSteps={onShowSignInSteps}
            onCheck={onCheck}
            onCompare={onCompare}
            onExportSnapshot={onExportSnapshot}
            onMakeMock={onMakeMock}
            mockLine={mockLine}
            onLoadProbe={onLoadProbe}
            policies={policies}
            process={process}
          />
        ))}
        {local && local.tools.length > 0 && (
          <li className="server-card" data-testid={`server-${local.name}`} data-status="connected" data-era="local">
            <div className="server-head">
              <span className="status-dot connected" aria-hidden />
              <strong>{local.name}</strong>
              <span className="badge">agent&apos;s own tools</span>
            </div>
            <ToolList serverName={local.name} tools={local.tools} run={(tool, args, signal) => local.run(tool, args, signal)} />
          </li>
        )}
      </ul>
    </div>
  );
}

/** hh:mm:ss of an epoch-ms time, in the person's time zone. */
function clock(at: number): string {
  const d = new Date(at);
  return [d.getHours(), d.getMinutes(), d.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');
}

/** The body of a diagnosis box: title, detail, headers to add, the server's reply. */
function DiagnosisBody({ diagnosis }: { diagnosis: Diagnosis }) {
  return (
    <>
      <strong>{diagnosis.title}</strong>
      <div>{diagnosis.detail}</div>
      {diagnosis.headersToAdd && (
        <>
          <div className="section-title">Response headers to add</div>
          <pre className="headers-to-add">{diagnosis.headersToAdd.join('\n')}</pre>
        </>
      )}
      {diagnosis.serverText && diagnosis.code !== 'http-error' && (
        <details>
          <summary>The server&apos;s reply</summary>
          <pre>{diagnosis.serverText}</pre>
        </details>
      )}
    </>
  );
}

const STATUS_LABEL: Record<ServerState['status'], string> = {
  idle: 'disconnected',
  connecting: 'connecting…',
  connected: 'connected',
  failed: 'failed',
  disabled: 'disabled',
  'needs-local-process': 'needs a local process',
  'needs-sign-in': 'needs sign-in',
  invalid: 'invalid entry',
};

function ServerCard({
  server,
  manager,
  contents,
  callInbox,
  onShowSignInSteps,
  onCheck,
  onCompare,
  onExportSnapshot,
  onMakeMock,
  mockLine,
  onLoadProbe,
  policies,
  process,
}: {
  server: ServerState;
  process?: ((server: ServerState) => ReactNode) | undefined;
  manager: ConnectionManager;
  contents?: (server: ServerState) => ReactNode;
  callInbox?: (server: string, since: number) => ReactNode;
  onShowSignInSteps?: ((server: string) => void) | undefined;
  onCheck?: ((server: string) => void) | undefined;
  onCompare?: ((server: string) => void) | undefined;
  onExportSnapshot?: ((server: string) => void) | undefined;
  onMakeMock?: ((server: string) => void) | undefined;
  mockLine?: ((server: ServerState) => ReactNode) | undefined;
  onLoadProbe?: ((server: string) => void) | undefined;
  policies?: ExternalStore<PolicySnapshot>;
}) {
  const [showInfo, setShowInfo] = useState(false);
  const dataStatus =
    server.status === 'needs-local-process' || server.status === 'invalid'
      ? 'disabled'
      : server.status === 'idle'
        ? 'disabled'
        : server.status;
  return (
    <li
      className={`server-card status-${server.status}`}
      data-testid={`server-${server.name}`}
      data-status={dataStatus}
      data-era={server.era ?? ''}
    >
      <div className="server-head">
        <span className={`status-dot ${server.status}`} aria-hidden />
        <McpIconView icons={server.serverInfo?.icons} testId={`server-icon-${server.name}`} />
        <strong>{server.name}</strong>
        <span className={`badge ${server.status === 'connected' ? 'ok' : server.status === 'failed' ? 'err' : ''}`}>
          {STATUS_LABEL[server.status]}
        </span>
        <EraBadge server={server} />
        {inPageDemoLabel(server.url) && (
          <span
            className="badge"
            data-testid={`demo-label-${server.name}`}
            title="A Service Worker in this page answers this URL with the demo server's real SDK code: nothing leaves the browser."
          >
            {inPageDemoLabel(server.url)}
          </span>
        )}
        <span className="spacer" />
        {onCheck && server.status === 'connected' && server.url !== undefined && (
          <CardAction
            label="Check"
            ariaLabel={`Check ${server.name}`}
            title="Check this server against the protocol, the model providers' rules, and browsers"
            testId={`server-check-${server.name}`}
            onClick={() => onCheck(server.name)}
          />
        )}
        {onCompare && server.status === 'connected' && (
          <CardAction
            label="Compare"
            ariaLabel={`Compare ${server.name} with another server or snapshot`}
            title="Compare with another server, a snapshot file, or this server when first connected"
            testId="diff-open"
            onClick={() => onCompare(server.name)}
          />
        )}
        {onExportSnapshot && server.status === 'connected' && (
          <CardAction
            label="Snapshot"
            ariaLabel={`Download the snapshot of ${server.name}`}
            title="Download this server's lists and schemas as a snapshot file (no secret in it)"
            testId={`snapshot-export-${server.name}`}
            onClick={() => onExportSnapshot(server.name)}
          />
        )}
        {onMakeMock &&
          server.url !== undefined &&
          (server.status === 'connected' || server.status === 'failed' || server.status === 'idle') && (
            <CardAction
              label="Mock"
              ariaLabel={`Make a mock of ${server.name}`}
              title="Make a mock: a server that answers as this one did in this session, with no network"
              testId="mock-create"
              onClick={() => onMakeMock(server.name)}
            />
          )}
        {onLoadProbe && server.status === 'connected' && server.url !== undefined && (
          <CardAction
            label="Load"
            ariaLabel={`Load probe of ${server.name}`}
            title="Send the same request many times at once and see throughput, latency and errors"
            testId={`load-probe-${server.name}`}
            onClick={() => onLoadProbe(server.name)}
          />
        )}
        {server.status === 'connected' || server.status === 'connecting' ? (
          <button
            type="button"
            className="small-button"
            onClick={() => void manager.disconnect(server.name)}
            aria-label={`Disconnect ${server.name}`}
          >
            Disconnect
          </button>
        ) : server.status === 'failed' || server.status === 'idle' ? (
          <button
            type="button"
            className="small-button"
            onClick={() => void manager.reconnect(server.name)}
            aria-label={`Connect ${server.name}`}
          >
            {server.status === 'failed' ? 'Retry' : 'Connect'}
          </button>
        ) : null}
      </div>
      <div className="server-meta mono">
        {server.url !== undefined && (
          <span title="URL (secret query values hidden: the config editor shows them)" data-testid={`server-url-${server.name}`}>
            {redactUrl(server.url)}
          </span>
        )}
        {server.serverInfo && (
          <span>
            {' '}
            · {server.serverInfo.title ? `${server.serverInfo.title} (${server.serverInfo.name})` : server.serverInfo.name}{' '}
            {server.serverInfo.version}
          </span>
        )}
      </div>
      {mockLine?.(server)}
      {process?.(server)}
      {server.sessionId && (
        <div className="server-meta mono" data-testid={`session-${server.name}`}>
          Mcp-Session-Id: {server.sessionId}
        </div>
      )}
      {server.sessionRenewedAt !== undefined && (
        <div
          className="server-meta"
          data-testid={`session-renewed-${server.name}`}
          title="The server answered 404 to the session id: the client initialized again and retried the request once."
        >
          Session renewed at {clock(server.sessionRenewedAt)}
        </div>
      )}
      {server.diagnosis && (
        <div
          className={
            server.status === 'disabled' || server.status === 'needs-local-process' || server.status === 'needs-sign-in'
              ? 'warn-box'
              : 'error-box'
          }
          data-testid={`server-error-${server.name}`}
          data-code={server.diagnosis.code}
          data-reason={server.diagnosis.reason}
          role={server.status === 'failed' ? 'alert' : undefined}
        >
          <DiagnosisBody diagnosis={server.diagnosis} />
        </div>
      )}
      {server.auth !== undefined && (
        <Suspense fallback={null}>
          <ServerSignInSection server={server} manager={manager} {...(onShowSignInSteps && { onShowSteps: onShowSignInSteps })} />
        </Suspense>
      )}
      {server.status === 'failed' && inPageDemoLabel(server.url) && (
        <div className="server-meta" data-testid={`demo-hint-${server.name}`}>
          This demo server runs in a Service Worker of this page, so nothing answers it without one: a browser that blocks Service Workers
          (some private windows, a page not on https or localhost) cannot run it. The failed request on the MCP wire says why.
        </div>
      )}
      {server.lastProblem && server.status !== 'failed' && (
        <div
          className="warn-box"
          data-testid={`server-problem-${server.name}`}
          data-code={server.lastProblem.diagnosis.code}
          data-reason={server.lastProblem.diagnosis.reason}
        >
          <div className="muted">
            {server.lastProblem.method} failed at {clock(server.lastProblem.at)}
          </div>
          <DiagnosisBody diagnosis={server.lastProblem.diagnosis} />
        </div>
      )}
      {policies && <ToolChangesNote server={server.name} policies={policies} />}
      {server.warnings.map((warning) => (
        <div className="warn-box" key={warning} data-testid={`server-warning-${server.name}`}>
          {warning}
        </div>
      ))}
      {server.status === 'connected' && (
        <>
          <ServerInstructionsView server={server} />
          <button type="button" className="link-button small" onClick={() => setShowInfo(!showInfo)} aria-expanded={showInfo}>
            {showInfo ? 'Hide' : 'Show'} capabilities
          </button>
          {showInfo && (
            <div className="server-info">
              <Suspense fallback={null}>
                <JsonView value={server.capabilities ?? {}} label="Server capabilities" />
              </Suspense>
            </div>
          )}
          <ToolList
            serverName={server.name}
            tools={server.tools}
            pages={server.toolPages}
            run={async (tool, args, signal, onProgress) => {
              const connection = manager.get(server.name);
              if (!connection) throw new Error('Not connected');
              return connection.callTool(tool, args, { signal, onProgress });
            }}
            inbox={callInbox ? (since) => callInbox(server.name, since) : undefined}
          />
          {contents?.(server)}
        </>
      )}
    </li>
  );
}
