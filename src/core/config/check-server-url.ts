import { findPlaceholders, replacePlaceholders } from './placeholders';

/** One finding about a server URL: `bad-url` (an error: it cannot be fetched) or `insecure-url` (a warning). */
export interface UrlFinding {
  code: 'bad-url' | 'insecure-url';
  severity: 'error' | 'warning';
  reason: string;
}

const EXAMPLE = '"https://example.com/mcp"';

/**
 * Checks that a server address is an absolute http(s) URL a browser will fetch. Placeholders are
 * checked as if filled in; an address that starts with a placeholder cannot be checked and passes.
 */
export function checkServerUrl(raw: string, key = 'url'): UrlFinding[] {
  const placeholders = findPlaceholders(raw);
  if (placeholders.some((placeholder) => raw.trimStart().startsWith(placeholder))) return [];
  const candidate = replacePlaceholders(raw, 'placeholder').trim();
  const bad = (reason: string): UrlFinding[] => [{ code: 'bad-url', severity: 'error', reason }];

  if (candidate === '') return bad(`"${key}" is empty: give the server's address, like ${EXAMPLE}`);

  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(candidate)?.[1]?.toLowerCase();
  if (scheme === undefined) {
    if (candidate.startsWith('/')) {
      return bad(`"${key}" is a path, not an address: add the server's origin, like ${EXAMPLE}`);
    }
    const hostLike = /^([a-z0-9.-]+|\[[0-9a-f:.]+\])(:\d+)?(\/|$)/i.exec(candidate);
    if (hostLike) {
      const host = hostLike[1] ?? '';
      const suggestion = `${isLoopbackHost(host) ? 'http' : 'https'}://${raw.trim()}`;
      return bad(`"${key}" must be an absolute http(s) URL, like ${EXAMPLE}: did you mean "${suggestion}"?`);
    }
    return bad(`"${key}" must be an absolute http(s) URL, like ${EXAMPLE}`);
  }
  if (scheme === 'ws' || scheme === 'wss') {
    return bad(`"${key}" uses ${scheme}://, a WebSocket address: MCP servers are reached over http:// or https://`);
  }
  if (scheme !== 'http' && scheme !== 'https') {
    return bad(`"${key}" must start with http:// or https://, not ${scheme}://`);
  }

  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return bad(`"${key}" is not a valid URL: check the host name and port, like ${EXAMPLE}`);
  }
  if (url.username !== '' || url.password !== '') {
    return bad(`"${key}" contains a user name or password, which a browser refuses to fetch: send credentials in "headers" instead`);
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname) && !url.hostname.includes('placeholder')) {
    return [
      {
        code: 'insecure-url',
        severity: 'warning',
        reason:
          `"${key}" uses plain http to ${url.hostname}: a page served over https is not allowed to fetch it (mixed content), ` +
          'and everything sent, headers included, travels unencrypted. Use https://',
      },
    ];
  }
  return [];
}

/** Whether a host name is this machine (which browsers treat as secure even over plain http). */
export function isLoopbackHost(host: string): boolean {
  const lower = host.toLowerCase();
  return (
    lower === 'localhost' ||
    lower.endsWith('.localhost') ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(lower) ||
    lower === '[::1]' ||
    lower === '::1'
  );
}
