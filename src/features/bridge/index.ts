/** The paired glassbox-bridge on the servers' cards: the process behind each local server, its restart, and the pairing's state. */
export { BridgeProcessSection, BridgeStatusNotice } from './bridge-sections';
