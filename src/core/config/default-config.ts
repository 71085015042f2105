import { IN_PAGE_DEMO_URLS, LOOPBACK_DEMO_URLS } from './demo-servers';

/** The demo config naming the demo servers at `urls`, in the mcpServers dialect. */
function demoConfigText(urls: { weather: string; calendar: string }): string {
  return `${JSON.stringify({ mcpServers: { weather: { url: urls.weather }, calendar: { url: urls.calendar } } }, null, 2)}\n`;
}

/** The demo config naming the loopback demo servers that `npm start` (or `npm run servers`) runs. */
const LOOPBACK_DEMO_CONFIG_TEXT = demoConfigText(LOOPBACK_DEMO_URLS);

/** The demo config naming the two demo servers the page's Service Worker answers (a static host has no other). */
export const IN_PAGE_DEMO_CONFIG_TEXT = demoConfigText(IN_PAGE_DEMO_URLS);

/**
 * Whether this is a production build (`vite build`): a page on a static host, where only the in-page
 * demo servers exist. Under `npm start` (Vite's dev server), in unit tests and in plain Node it is
 * false, and the loopback servers are the demo.
 */
const PRODUCTION_BUILD = import.meta.env?.PROD === true;

/** The demo config shown on first visit: the in-page demo servers in a production build, the loopback ones under `npm start`. */
export const DEFAULT_CONFIG_TEXT = PRODUCTION_BUILD ? IN_PAGE_DEMO_CONFIG_TEXT : LOOPBACK_DEMO_CONFIG_TEXT;

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
    description:
      'Local (stdio) servers need a process a browser cannot start; an mcp-remote wrapper points to a URL Glassbox can use directly.',
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
