/** The local bridges Claude Desktop users run to reach a remote MCP server from a stdio-only client. */
type RemoteWrapperTool = 'mcp-remote' | 'supergateway' | 'mcp-proxy';

/** A stdio entry recognised as a local bridge to a remote server, with the remote URL and the headers it would send. */
export interface RemoteWrapper {
  tool: RemoteWrapperTool;
  url: string;
  headers: Record<string, string>;
}

const TOOLS: readonly RemoteWrapperTool[] = ['mcp-remote', 'supergateway', 'mcp-proxy'];

/**
 * mcp-proxy reads its bearer token from this environment variable and sends it as
 * `Authorization: Bearer $API_ACCESS_TOKEN` (its README, "Configuration").
 */
const MCP_PROXY_TOKEN_VARIABLE = 'API_ACCESS_TOKEN';

/**
 * Recognises `npx mcp-remote <url>`, `npx -y supergateway --sse <url>`, `uvx mcp-proxy <url>` (and the
 * same with versions, paths or Windows `cmd /c`), returning the remote URL; undefined for anything else.
 * `envNames` are the names the entry's `env` sets: a header the wrapper builds from one of them is
 * suggested with a `${NAME}` placeholder, never with the value written there.
 */
export function recogniseRemoteWrapper(
  command: string,
  args: readonly string[],
  envNames: readonly string[] = [],
): RemoteWrapper | undefined {
  const tokens = [command, ...args];
  const toolIndex = tokens.findIndex((token) => toolName(token) !== undefined);
  if (toolIndex < 0) return undefined;
  const tool = toolName(tokens[toolIndex] ?? '');
  if (tool === undefined) return undefined;

  const rest = tokens.slice(toolIndex + 1);
  const url = rest.find((token) => /^https?:\/\//i.test(token));
  if (url === undefined) return undefined;
  const headers = headersFromArguments(tool, rest);
  const hasAuthorization = Object.keys(headers).some((name) => name.toLowerCase() === 'authorization');
  if (tool === 'mcp-proxy' && !hasAuthorization && envNames.includes(MCP_PROXY_TOKEN_VARIABLE)) {
    headers['Authorization'] = `Bearer \${${MCP_PROXY_TOKEN_VARIABLE}}`;
  }
  return { tool, url, headers };
}

// "mcp-remote", "mcp-remote@latest", "/usr/local/bin/mcp-remote", "mcp-remote.cmd" → "mcp-remote".
function toolName(token: string): RemoteWrapperTool | undefined {
  const base = token.split(/[\\/]/).pop() ?? token;
  const withoutVersion = base
    .replace(/@[^@]*$/, '')
    .replace(/\.(cmd|exe)$/i, '')
    .toLowerCase();
  return TOOLS.find((tool) => tool === withoutVersion);
}

function headersFromArguments(tool: RemoteWrapperTool, tokens: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] ?? '';
    if (tool === 'mcp-proxy') {
      // mcp-proxy: `--headers Name value` / `-H Name value`.
      if ((token === '--headers' || token === '-H') && i + 2 < tokens.length) {
        headers[tokens[i + 1] ?? ''] = tokens[i + 2] ?? '';
        i += 2;
      }
      continue;
    }
    // mcp-remote and supergateway: `--header "Name: value"`.
    if (token === '--header' && i + 1 < tokens.length) {
      const header = tokens[i + 1] ?? '';
      const colon = header.indexOf(':');
      if (colon > 0) headers[header.slice(0, colon).trim()] = header.slice(colon + 1).trim();
      i += 1;
    } else if (tool === 'supergateway' && token === '--oauth2Bearer' && i + 1 < tokens.length) {
      headers['Authorization'] = `Bearer ${tokens[i + 1] ?? ''}`;
      i += 1;
    }
  }
  return headers;
}
