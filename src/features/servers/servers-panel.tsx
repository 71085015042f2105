import { useState } from 'react';
import type { ConnectionManager, McpToolInfo, ServerState } from '../../core/mcp';
import { JsonView } from '../../ui/json-view';
import { useStore } from '../../ui/use-store';
import { ToolCallForm } from './tool-call-form';

/** Extra tools listed as a third "server" (the agent's own local tools). */
export interface LocalToolsGroup {
  name: string;
  tools: McpToolInfo[];
  run: (tool: string, args: Record<string, unknown>, signal: AbortSignal) => Promise<unknown>;
}

/** The servers list: each server's state, era, session, diagnosis and tools, with manual tool calls. */
export function ServersPanel({ manager, local }: { manager: ConnectionManager; local?: LocalToolsGroup }) {
  const { servers } = useStore(manager);
  if (servers.length === 0) {
    return <div className="empty">No servers yet. Paste an mcp.json in the config editor and press Apply.</div>;
  }
  return (
    <ul className="server-list" aria-label="MCP servers">
      {servers.map((server) => (
        <ServerCard key={server.name} server={server} manager={manager} />
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
  );
}

const STATUS_LABEL: Record<ServerState['status'], string> = {
  idle: 'disconnected',
  connecting: 'connecting…',
  connected: 'connected',
  failed: 'failed',
  disabled: 'disabled',
  'needs-local-process': 'needs a local process',
  invalid: 'invalid entry',
};

function ServerCard({ server, manager }: { server: ServerState; manager: ConnectionManager }) {
  const [showInfo, setShowInfo] = useState(false);
  const dataStatus = server.status === 'needs-local-process' || server.status === 'invalid' ? 'disabled' : server.status === 'idle' ? 'disabled' : server.status;
  return (
    <li className={`server-card status-${server.status}`} data-testid={`server-${server.name}`} data-status={dataStatus} data-era={server.era ?? ''}>
      <div className="server-head">
        <span className={`status-dot ${server.status}`} aria-hidden />
        <strong>{server.name}</strong>
        <span className={`badge ${server.status === 'connected' ? 'ok' : server.status === 'failed' ? 'err' : ''}`}>{STATUS_LABEL[server.status]}</span>
        {server.era && (
          <span className="badge info" title={server.era === 'legacy' ? '2025 era: initialize handshake, sessions' : '2026-07-28 era: stateless, server/discover'}>
            {server.era === 'legacy' ? '2025' : '2026'} · {server.protocolVersion}
          </span>
        )}
        <span className="spacer" />
        {server.status === 'connected' || server.status === 'connecting' ? (
          <button type="button" className="small-button" onClick={() => void manager.disconnect(server.name)} aria-label={`Disconnect ${server.name}`}>
            Disconnect
          </button>
        ) : server.status === 'failed' || server.status === 'idle' ? (
          <button type="button" className="small-button" onClick={() => void manager.reconnect(server.name)} aria-label={`Connect ${server.name}`}>
            {server.status === 'failed' ? 'Retry' : 'Connect'}
          </button>
        ) : null}
      </div>
      <div className="server-meta mono">
        <span title="URL">{server.url}</span>
        {server.serverInfo && (
          <span>
            {' '}
            · {server.serverInfo.name} {server.serverInfo.version}
          </span>
        )}
      </div>
      {server.sessionId && (
        <div className="server-meta mono" data-testid={`session-${server.name}`}>
          Mcp-Session-Id: {server.sessionId}
        </div>
      )}
      {server.diagnosis && (
        <div className={server.status === 'disabled' || server.status === 'needs-local-process' ? 'warn-box' : 'error-box'} data-testid={`server-error-${server.name}`} data-code={server.diagnosis.code} role={server.status === 'failed' ? 'alert' : undefined}>
          <strong>{server.diagnosis.title}</strong>
          <div>{server.diagnosis.detail}</div>
          {server.diagnosis.headersToAdd && (
            <>
              <div className="section-title">Response headers to add</div>
              <pre className="headers-to-add">{server.diagnosis.headersToAdd.join('\n')}</pre>
            </>
          )}
          {server.diagnosis.serverText && server.diagnosis.code !== 'http-error' && (
            <details>
              <summary>The server&apos;s reply</summary>
              <pre>{server.diagnosis.serverText}</pre>
            </details>
          )}
        </div>
      )}
      {server.warnings.map((warning) => (
        <div className="warn-box" key={warning}>
          {warning}
        </div>
      ))}
      {server.status === 'connected' && (
        <>
          <button type="button" className="link-button small" onClick={() => setShowInfo(!showInfo)} aria-expanded={showInfo}>
            {showInfo ? 'Hide' : 'Show'} capabilities{server.instructions ? ' and instructions' : ''}
          </button>
          {showInfo && (
            <div className="server-info">
              {server.instructions && <pre className="instructions">{server.instructions}</pre>}
              <JsonView value={server.capabilities ?? {}} label="Server capabilities" />
            </div>
          )}
          <ToolList
            serverName={server.name}
            tools={server.tools}
            pages={server.toolPages}
            run={async (tool, args, signal) => {
              const connection = manager.get(server.name);
              if (!connection) throw new Error('Not connected');
              return connection.callTool(tool, args, { signal });
            }}
          />
        </>
      )}
    </li>
  );
}

function ToolList({ serverName, tools, pages, run }: { serverName: string; tools: McpToolInfo[]; pages?: number; run: (tool: string, args: Record<string, unknown>, signal: AbortSignal) => Promise<unknown> }) {
  const [open, setOpen] = useState<string>();
  return (
    <div className="tool-list">
      <div className="section-title">
        Tools ({tools.length}){pages && pages > 1 ? ` · ${pages} pages` : ''}
      </div>
      {tools.length === 0 && <div className="muted">This server offers no tools.</div>}
      <ul>
        {tools.map((tool) => (
          <li key={tool.name} className={open === tool.name ? 'open' : ''}>
            <button type="button" className="tool-button" data-testid={`tool-${serverName}-${tool.name}`} aria-expanded={open === tool.name} onClick={() => setOpen(open === tool.name ? undefined : tool.name)}>
              <span className="mono tool-name">{tool.name}</span>
              {tool.title && <span className="muted"> — {tool.title}</span>}
              <Annotations annotations={tool.annotations} />
            </button>
            {open === tool.name && (
              <div className="tool-detail">
                {tool.description && <pre className="tool-description">{tool.description}</pre>}
                <details>
                  <summary>Input schema</summary>
                  <JsonView value={tool.inputSchema} openDepth={4} label="Input schema" />
                </details>
                {tool.outputSchema && (
                  <details>
                    <summary>Output schema</summary>
                    <JsonView value={tool.outputSchema} openDepth={4} label="Output schema" />
                  </details>
                )}
                <ToolCallForm tool={tool} run={(args, signal) => run(tool.name, args, signal)} />
              </div>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

function Annotations({ annotations }: { annotations?: McpToolInfo['annotations'] }) {
  if (!annotations) return null;
  const hints: string[] = [];
  if (annotations.readOnlyHint) hints.push('read-only');
  if (annotations.destructiveHint === false && !annotations.readOnlyHint) hints.push('non-destructive');
  if (annotations.destructiveHint === true) hints.push('destructive');
  if (annotations.idempotentHint) hints.push('idempotent');
  if (annotations.openWorldHint === false) hints.push('closed world');
  if (hints.length === 0) return null;
  return (
    <span className="hints" title="Hints from the server, not guarantees">
      {hints.map((hint) => (
        <span key={hint} className="badge">
          {hint}
        </span>
      ))}
    </span>
  );
}
