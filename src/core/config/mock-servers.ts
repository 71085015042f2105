/**
 * Where a mock lives in the page: `https://<name>.mock.invalid/mcp`. `.invalid` is reserved
 * (RFC 2606), so the address can never be a real host: a request to it that the page's Service
 * Worker did not answer fails at once instead of reaching anyone.
 */

/** The host suffix every mock address ends with. */
const MOCK_HOST_SUFFIX = '.mock.invalid';

/** The page address of the mock named `name` (lower-cased; characters a host cannot hold become `-`). */
export function mockUrl(name: string): string {
  const label =
    name
      .toLowerCase()
      .replace(/[^a-z0-9-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 63) || 'server';
  return `https://${label}${MOCK_HOST_SUFFIX}/mcp`;
}

/** The host label of a mock address (`weather` for `https://weather.mock.invalid/mcp`), or undefined for any other URL. */
export function mockLabelOfUrl(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'https:' || !parsed.hostname.endsWith(MOCK_HOST_SUFFIX)) return undefined;
  const label = parsed.hostname.slice(0, -MOCK_HOST_SUFFIX.length);
  return label === '' || label.includes('.') ? undefined : label;
}
