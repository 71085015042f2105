// The mcp.json boundary: text in, typed servers plus located problems out; the one store of the text; share links without secrets.
export type {
  ConfigInput,
  ConfigProblem,
  ConfigProblemCode,
  McpConfig,
  McpConfigDialect,
  ParseResult,
  ProblemSeverity,
  ServerConfig,
  ServerStatus,
  ServerTransport,
  SourceRange,
} from './config-types';
export { parseMcpConfig } from './parse-mcp-config';
export {
  CONFIG_STORAGE_KEY,
  ConfigStore,
  type ConfigSnapshot,
  type ConfigSource,
  type ConfigStartSources,
  type ConfigStoreOptions,
  type KeyValueStorage,
  type ParsedConfigText,
} from './config-store';
export { decodeConfigFragment, encodeConfigFragment, stripSecrets, ShareLinkError } from './share-link';
export { DEFAULT_CONFIG_TEXT, EXAMPLE_CONFIG_TEXTS } from './default-config';
export type { ConfigExample } from './default-config';
export { findPlaceholders, parsePlaceholder } from './placeholders';
export type { Placeholder, PlaceholderKind } from './placeholders';
export { recogniseRemoteWrapper } from './remote-wrappers';
export type { RemoteWrapper, RemoteWrapperTool } from './remote-wrappers';
export { default as mcpConfigSchema } from './mcp-config-schema.json';
