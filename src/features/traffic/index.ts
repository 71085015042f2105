/** The MCP wire panel: every JSON-RPC message and HTTP exchange with the MCP servers. */
export { preloadTrafficList, TrafficPanel } from './traffic-panel';
export type { ExchangeFocus } from './traffic-panel';
