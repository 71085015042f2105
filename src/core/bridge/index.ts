/** Pairing the page with glassbox-bridge, the local companion that serves a config's stdio servers over loopback HTTP. */
export type { BridgeServerInfo } from './bridge-client';
export { BridgeStore } from './bridge-store';
export { describeExit } from './explain-process-exit';
export type { BridgeKeeper } from './bridge-store';
export { queryLocalNetworkPermission } from './local-network-permission';
export type { LocalNetworkPermission } from './local-network-permission';
export type { BridgePairing } from './pair-link';
export { followBridge } from './follow-bridge';
