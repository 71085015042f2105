/**
 * The servers an eval file names, connected with the MCP core the page uses (one connection per
 * server, both eras, recorded on the MCP wire) and offered to the model through a tool registry
 * of their own: the eval's tools are exactly the file's servers' tools.
 */
import type { CallMcpTool } from '../agent';
import type { ServerConfig } from '../config';
import { ConnectionManager } from '../mcp';
import { ToolRegistry } from '../tools';
import type { SecretRegistry, TrafficLog } from '../traffic';

/** The eval file's servers, connected. */
export interface EvalServers {
  registry: ToolRegistry;
  callMcpTool: CallMcpTool;
  /** One line per server that did not connect (its name and why). */
  problems: string[];
  /** Disconnects every server. */
  close(): Promise<void>;
}

/** Connects the servers (in parallel) and registers the tools of those that connected. */
export async function connectEvalServers(
  servers: readonly ServerConfig[],
  deps: { log: TrafficLog; secrets: SecretRegistry; fetch: typeof fetch },
): Promise<EvalServers> {
  const connections = new ConnectionManager({
    log: deps.log,
    secrets: deps.secrets,
    fetch: deps.fetch,
    probeFetch: deps.fetch,
  });
  await connections.apply(servers);
  const registry = new ToolRegistry();
  const problems: string[] = [];
  for (const server of connections.getSnapshot().servers) {
    if (server.status === 'connected') registry.setServerTools(server.name, server.tools);
    else problems.push(`${server.name}: ${server.diagnosis?.title ?? `not connected (${server.status})`}`);
  }
  const callMcpTool: CallMcpTool = (server, remoteName, args, options) => {
    const connection = connections.get(server);
    if (!connection || connection.getState().status !== 'connected')
      return Promise.reject(new Error(`Server "${server}" is not connected`));
    return connection.callTool(remoteName, args, options);
  };
  return { registry, callMcpTool, problems, close: () => connections.disconnectAll() };
}
