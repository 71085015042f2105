/** Pairing the page with glassbox-bridge, the local companion that serves a config's stdio servers over loopback HTTP. */
export { bridgeEndpoint } from './endpoint';
export type { BridgeProcessStatus, BridgeServerInfo } from './bridge-client';
export { BridgeStore } from './bridge-store';
export { describeExit, explainProcessExit } from './explain-process-exit';
export type { BridgeKeeper } from './bridge-store';
export { queryLocalNetworkPermission } from './local-network-permission';
export type { LocalNetworkPermission } from './local-network-permission';
export type { BridgePairing } from './pair-link';
export { routeThroughBridge } from './route-servers';
