/** MCP connections from the browser: one official v2 client per server, traffic recorded, failures diagnosed. */
export * from './connection-state';
export * from './connection-manager';
export * from './server-connection';
export * from './diagnose-connection';
export * from './record-transport';
export * from './explain-failure';
export * from './watch-responses';
export * from './check-tool-list';
export * from './mcp-request-error';
