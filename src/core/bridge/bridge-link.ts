/**
 * What the bridge store needs only once a bridge is paired: its HTTP client, the pair link's
 * reader and the explanations of a bridge that does not answer. Loaded then (bridge-store.ts), so
 * a page that never pairs one never loads them.
 */
export { BridgeClient } from './bridge-client';
export { explainLocalNetworkAccess, meetsLocalNetworkAccess } from './local-network-access';
export { parseBridgeFragment } from './pair-link';
