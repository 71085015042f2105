import type { ParseResult } from './config-types';
import { validateMcpConfig, validateMcpServer } from './generated/validate-mcp-config';
import { readMcpConfig } from './read-mcp-config';

/**
 * Parses an mcp.json, the schema's checks included (see `readMcpConfig`): for callers that have
 * the validators at hand, such as Node and the tests. The page's config store loads them instead.
 */
export function parseMcpConfig(text: string): ParseResult {
  return readMcpConfig(text, { document: validateMcpConfig, server: validateMcpServer });
}
