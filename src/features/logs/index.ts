/** The servers' log messages, read from the MCP wire, with the level asked of each server. */
export { LogView } from './log-view';
