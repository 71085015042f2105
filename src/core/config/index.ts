// The mcp.json boundary: text in, typed servers plus located problems out; the one store of the text; share links without secrets.
export type {
  ConfigInput,
  ConfigProblem,
  ConfigProblemCode,
  McpConfig,
  McpConfigDialect,
  OAuthConfig,
  ParseResult,
  ProblemSeverity,
  ServerConfig,
  ServerStatus,
  ServerTransport,
  SourceRange,
} from './config-types';
// parseMcpConfig (./parse-mcp-config: the schema's validators bundled in) is for Node and tests; the page loads them apart.
export { readMcpConfig } from './read-mcp-config';
export { loadSchemaValidators, type SchemaValidators } from './schema-validators';
export {
  CONFIG_STORAGE_KEY,
  ConfigStore,
  type ConfigSnapshot,
  type ConfigSource,
  type ConfigStartSources,
  type ConfigStoreOptions,
  type ParsedConfigText,
} from './config-store';
export { decodeConfigFragment, encodeConfigFragment, stripSecrets, ShareLinkError } from './share-link';
export { DEFAULT_CONFIG_TEXT, EXAMPLE_CONFIG_TEXTS, IN_PAGE_DEMO_CONFIG_TEXT, LOOPBACK_DEMO_CONFIG_TEXT } from './default-config';
export { IN_PAGE_DEMO_LABEL, IN_PAGE_DEMO_URLS, inPageDemoLabel, inPageDemoServer, LOOPBACK_DEMO_URLS } from './demo-servers';
export type { ConfigExample } from './default-config';
export { findPlaceholders, parsePlaceholder } from './placeholders';
export type { Placeholder, PlaceholderKind } from './placeholders';
export { recogniseRemoteWrapper } from './remote-wrappers';
export type { RemoteWrapper, RemoteWrapperTool } from './remote-wrappers';
export { default as mcpConfigSchema } from './mcp-config-schema.json';
