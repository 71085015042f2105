/** The demo config shown on first visit: the two demo servers started by `npm run servers`, in the mcpServers dialect. */
export const DEFAULT_CONFIG_TEXT = `${JSON.stringify(
  {
    mcpServers: {
      weather: { url: 'http://127.0.0.1:3101/mcp' },
      calendar: { url: 'http://127.0.0.1:3102/mcp' },
    },
  },
  null,
  2,
)}\n`;

/** An example config offered in the empty state. */
export interface ConfigExample {
  /** Stable identifier, usable as a React key or test id. */
  id: 'vscode' | 'stdio';
  title: string;
  description: string;
  text: string;
}

/** Example configs for the empty state: VS Code's dialect with a secret input, and a Claude Desktop file with local (stdio) servers. */
export const EXAMPLE_CONFIG_TEXTS: readonly ConfigExample[] = [
  {
    id: 'vscode',
    title: 'VS Code (.vscode/mcp.json)',
    description: 'The "servers" dialect, with a token asked for through "inputs" and never stored.',
    text: `${JSON.stringify(
      {
        inputs: [{ type: 'promptString', id: 'weather-token', description: 'Token for the weather server', password: true }],
        servers: {
          weather: {
            type: 'http',
            url: 'http://127.0.0.1:3101/mcp',
            headers: { Authorization: 'Bearer ${input:weather-token}' },
          },
          calendar: { type: 'http', url: 'http://127.0.0.1:3102/mcp' },
        },
      },
      null,
      2,
    )}\n`,
  },
  {
    id: 'stdio',
    title: 'Claude Desktop (local servers)',
    description: 'Local (stdio) servers need a process a browser cannot start; an mcp-remote wrapper points to a URL Glassbox can use directly.',
    text: `${JSON.stringify(
      {
        mcpServers: {
          filesystem: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/Users/me/Desktop'] },
          weather: { command: 'npx', args: ['-y', 'mcp-remote', 'http://127.0.0.1:3101/mcp'] },
        },
      },
      null,
      2,
    )}\n`,
  },
];
