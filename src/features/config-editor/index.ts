// The mcp.json editor feature: Monaco (lazy) with our schema, problems, apply, share and examples.
export { ConfigEditor } from './config-editor';
