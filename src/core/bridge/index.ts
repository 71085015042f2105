/** Pairing the page with glassbox-bridge, the local companion that serves a config's stdio servers over loopback HTTP. */
export { BridgeClient } from './bridge-client';
export { bridgeEndpoint } from './endpoint';
export type { BridgeProcessStatus, BridgeServerInfo, BridgeServerList, BridgeStderrLine, BridgeStderrPage } from './bridge-client';
export { BridgeError } from './bridge-error';
export type { BridgeErrorCode } from './bridge-error';
export { BridgeStore } from './bridge-store';
export { describeExit, explainProcessExit } from './explain-process-exit';
export type { BridgeKeeper, BridgeProblem, BridgeSnapshot, BridgeStatus, BridgeStoreOptions } from './bridge-store';
export { explainLocalNetworkAccess, meetsLocalNetworkAccess } from './local-network-access';
export { queryLocalNetworkPermission } from './local-network-permission';
export type { LocalNetworkPermission } from './local-network-permission';
export {
  BRIDGE_FRAGMENT_PREFIX,
  checkBridgeUrl,
  encodeBridgeFragment,
  isBridgeFragment,
  isLoopbackHost,
  parseBridgeFragment,
} from './pair-link';
export type { BridgePairing } from './pair-link';
export { bridgeCommands, routeThroughBridge } from './route-servers';
export { followBridge, type FollowBridgeOptions } from './follow-bridge';
export type { BridgeRouteView } from './route-servers';
