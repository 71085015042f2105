/** MCP Apps: a tool's interactive view in a sandboxed frame, its bridge, and the App bridge wire. */
export { ToolCallApp } from './tool-call-app';
export { BridgeWirePanel } from './bridge-wire-panel';
export type { AppsHost } from './apps-host';
import './apps.css';
