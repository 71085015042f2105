/**
 * The MCP connections follow the paired bridge: the config's stdio entries are routed through it
 * (and routed again when what routing depends on changes), a child seen to exit fails its server's
 * card at once, and when the bridge answers again its servers that failed meanwhile reconnect.
 */
import type { ServerConfig } from '../config';
import type { ConnectionManager } from '../mcp';
import type { BridgeProcessStatus } from './bridge-client';
import type { BridgeStore } from './bridge-store';
import { bridgeEndpoint } from './endpoint';
import { explainProcessExit } from './explain-process-exit';
import { routeThroughBridge } from './route-servers';

/** What following the bridge needs: the bridge, the connections, and the config's servers as they are now. */
export interface FollowBridgeOptions {
  bridge: Pick<BridgeStore, 'getSnapshot' | 'subscribe' | 'routeView'>;
  connections: Pick<ConnectionManager, 'apply' | 'get' | 'getSnapshot' | 'lost' | 'reconnect'>;
  servers: () => readonly ServerConfig[];
}

/**
 * Starts following the bridge; returns `applyConfig`, which connects the config's servers (its
 * stdio entries through the bridge, or saying what to run). Until it is first called, nothing is
 * applied: start-up pairs first, then applies once.
 */
export function followBridge({ bridge, connections, servers }: FollowBridgeOptions): { applyConfig(): Promise<void> } {
  // What routing depends on; the config is applied again when it changes (not on every poll).
  const routingKey = () => {
    const { url, listed, servers: served, problem } = bridge.getSnapshot();
    return JSON.stringify([url, listed, served.map((server) => server.name), problem?.code]);
  };
  let routed: string | undefined;
  const applyConfig = () => {
    routed = routingKey();
    return connections.apply(routeThroughBridge(servers(), bridge.routeView()));
  };
  let bridgeStatus = bridge.getSnapshot().status;
  // Each bridge child's state at the last listing: a child seen to exit fails its server's card at
  // once (no request has to fail first), saying so; a later Restart or Retry starts a fresh one.
  const processes = new Map<string, BridgeProcessStatus>();
  let processesOf: string | undefined;
  bridge.subscribe(() => {
    const { status, url, servers: served } = bridge.getSnapshot();
    if (url !== processesOf) processes.clear();
    processesOf = url;
    const cameBack = status === 'up' && bridgeStatus === 'down';
    bridgeStatus = status;
    if (routed !== undefined && routingKey() !== routed) void applyConfig();
    for (const info of served) {
      const was = processes.get(info.name);
      processes.set(info.name, info.status);
      if (info.status !== 'exited' || was === undefined || was === 'exited' || url === undefined) continue;
      if (connections.get(info.name)?.getState().url === bridgeEndpoint(url, info.name))
        void connections.lost(info.name, explainProcessExit(info));
    }
    // When the bridge answers again, its servers that failed meanwhile connect again.
    if (!cameBack || url === undefined) return;
    for (const server of connections.getSnapshot().servers) {
      if (server.status === 'failed' && server.url?.startsWith(`${url}/servers/`)) void connections.reconnect(server.name);
    }
  });
  return { applyConfig };
}
