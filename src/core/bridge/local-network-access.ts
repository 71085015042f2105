/**
 * Chrome's local network access: a page served from a public origin that fetches a loopback
 * address first needs the person's permission (a prompt names the site; "Block" makes every such
 * fetch fail with a TypeError, as a bridge that is not running does). This tells the two apart as
 * far as a page can: the page is not on loopback, the bridge is, the fetch failed with a TypeError,
 * and, where the browser has it, `navigator.permissions.query({name: 'local-network-access'})`.
 */
import { isLoopbackHost } from './pair-link';

import type { LocalNetworkPermission } from './local-network-permission';

/** Whether a page at `pageOrigin` reaching `bridgeUrl` meets the local network access check. */
export function meetsLocalNetworkAccess(pageOrigin: string, bridgeUrl: string): boolean {
  try {
    return !isLoopbackHost(new URL(pageOrigin).hostname) && isLoopbackHost(new URL(bridgeUrl).hostname);
  } catch {
    return false;
  }
}

/**
 * The card's explanation when the bridge cannot be reached from this page and the permission may
 * be why; undefined when it cannot be (the page is on loopback, or the permission is granted).
 */
export function explainLocalNetworkAccess(
  pageOrigin: string,
  bridgeUrl: string,
  permission: LocalNetworkPermission,
): { title: string; detail: string } | undefined {
  if (!meetsLocalNetworkAccess(pageOrigin, bridgeUrl) || permission === 'granted') return undefined;
  const allow = `allow "Local network access" for ${pageOrigin}: click the site controls at the left of the address bar (or open chrome://settings/content/localNetworkAccess), set Local network access to Allow (the page asks the bridge again every few seconds)`;
  if (permission === 'denied') {
    return {
      title: 'Local network access is blocked for this page',
      detail: `This page (${pageOrigin}) is not on your machine, so Chrome asks before it reaches the bridge at ${bridgeUrl}, and the answer was Block. To use the bridge, ${allow}.`,
    };
  }
  return {
    title: 'The browser may be asking for local network access',
    detail: `This page (${pageOrigin}) is not on your machine, so Chrome asks before it may reach the bridge at ${bridgeUrl} ("… wants to look for and connect to any device on your local network"). Answer Allow in that prompt; if it was blocked, ${allow}. A page cannot tell this from a bridge that is not running (start it again) or one that refuses this page's origin (start it with --app set to this page's URL).`,
  };
}
