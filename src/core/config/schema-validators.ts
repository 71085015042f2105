/**
 * The mcp.json schema's precompiled validators (src/core/config/generated/, from `npm run gen`). They
 * are a sizeable part of the config code, and the page's first frame does not need them: the config
 * store is given them at start-up (`loadSchemaValidators`), in a file of their own.
 */
import type { McpConfigValidateFunction } from './generated/validate-mcp-config';

/** The validator of a whole document and of one server entry. */
export interface SchemaValidators {
  document: McpConfigValidateFunction;
  server: McpConfigValidateFunction;
}

/** Loads the validators (a separate file in the page's build). */
export async function loadSchemaValidators(): Promise<SchemaValidators> {
  const generated = await import('./generated/validate-mcp-config');
  return { document: generated.validateMcpConfig, server: generated.validateMcpServer };
}
