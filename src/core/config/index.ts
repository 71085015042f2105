// The mcp.json boundary: text in, typed servers plus located problems out; the one store of the text; share links without secrets.
export type { ConfigProblem, ProblemSeverity, ServerConfig } from './config-types';
// parseMcpConfig (./parse-mcp-config: the schema's validators bundled in) is for Node and tests; the page loads them apart.
export { readMcpConfig } from './read-mcp-config';
export { loadSchemaValidators, type SchemaValidators } from './schema-validators';
export { CONFIG_STORAGE_KEY, ConfigStore, type ConfigSource } from './config-store';
export { decodeConfigFragment, stripSecrets } from './share-link';
export { DEFAULT_CONFIG_TEXT, EXAMPLE_CONFIG_TEXTS, IN_PAGE_DEMO_CONFIG_TEXT } from './default-config';
export { inPageDemoLabel, inPageDemoServer } from './demo-servers';
export { default as mcpConfigSchema } from './mcp-config-schema.json';
export { fillPlaceholders } from './placeholders';
export { mockLabelOfUrl, mockUrl } from './mock-servers';
export { setServerUrls } from './set-server-urls';
