/**
 * The two demo servers that live in the page: reserved `example.com` names (RFC 2606, never a real
 * MCP server) that the page's demo Service Worker answers itself, with the same tools as the
 * loopback demo servers `npm start` runs.
 */

/** The in-page demo servers' endpoint URLs: weather is 2025-era (sessions), calendar 2026-07-28. */
export const IN_PAGE_DEMO_URLS = {
  weather: 'https://weather.example.com/mcp',
  calendar: 'https://calendar.example.com/mcp',
} as const;

/** The loopback demo servers of `npm start` (e2e/servers/start-demo.mjs). */
export const LOOPBACK_DEMO_URLS = {
  weather: 'http://127.0.0.1:3101/mcp',
  calendar: 'http://127.0.0.1:3102/mcp',
} as const;

/** The small label every card and wire row of an in-page demo server carries: nothing pretends to be remote. */
export const IN_PAGE_DEMO_LABEL = 'demo server in this page';

/** Which in-page demo server `url` names, if any (origin and path compared; a query or fragment is ignored). */
export function inPageDemoServer(url: string | undefined): keyof typeof IN_PAGE_DEMO_URLS | undefined {
  if (url === undefined) return undefined;
  // Asked for every wire row and request: a page talks to a handful of URLs, so the answers are kept.
  if (demoServerOf.has(url)) return demoServerOf.get(url);
  const name = findDemoServer(url);
  if (demoServerOf.size >= 256) demoServerOf.clear();
  demoServerOf.set(url, name);
  return name;
}

/** `inPageDemoServer`'s answers by URL. */
const demoServerOf = new Map<string, keyof typeof IN_PAGE_DEMO_URLS | undefined>();

function findDemoServer(url: string): keyof typeof IN_PAGE_DEMO_URLS | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  for (const [name, demoUrl] of Object.entries(IN_PAGE_DEMO_URLS) as [keyof typeof IN_PAGE_DEMO_URLS, string][]) {
    const demo = new URL(demoUrl);
    if (parsed.origin === demo.origin && parsed.pathname.replace(/\/+$/, '') === demo.pathname) return name;
  }
  return undefined;
}

/** The label for a server or wire row at `url`: "demo server in this page" for the two reserved URLs, else undefined. */
export function inPageDemoLabel(url: string | undefined): string | undefined {
  return inPageDemoServer(url) === undefined ? undefined : IN_PAGE_DEMO_LABEL;
}
