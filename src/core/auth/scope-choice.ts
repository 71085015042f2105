/**
 * Which scope a sign-in asks for. The MCP spec's order: the scopes the person configured, else
 * the challenge's `scope`, else the resource metadata's `scopes_supported`, else none (no
 * `scope` parameter). Then `offline_access`, when the authorization server lists it (SEP-2207):
 * Glassbox refreshes tokens before they expire, and many servers issue a refresh token only for
 * that scope. It is added to the authorization request alone, never to the scope remembered for
 * step-up: it is no scope of the MCP server's, so a server that does not grant it must not make
 * a 403 look like it needs another sign-in.
 */
import type { AuthorizationServerMetadata } from '@modelcontextprotocol/client';
import type { Challenge, Discovery } from './discovery';

/** The scope that asks for a refresh token (OpenID Connect Core §11). */
export const OFFLINE_ACCESS = 'offline_access';

/** What the scope is chosen from. */
export interface ScopeSources {
  /** The step-up's union of scopes, which wins over everything else. */
  override?: string;
  /** The server entry's `oauth.scopes`. */
  configured?: readonly string[];
  challenge?: Challenge;
  discovery: Pick<Discovery, 'resourceMetadata'>;
}

/** The scope to sign in for (see the file comment), or undefined to send none. */
export function chooseScope({ override, configured, challenge, discovery }: ScopeSources): string | undefined {
  const scope =
    override ??
    (configured?.length ? configured.join(' ') : undefined) ??
    challenge?.scope ??
    discovery.resourceMetadata?.scopes_supported?.join(' ');
  return scope?.trim() ? scope : undefined;
}

/** `scope` with `offline_access` added when the authorization server lists it; unchanged when no scope is asked for. */
export function withOfflineAccess(
  scope: string | undefined,
  metadata: Pick<AuthorizationServerMetadata, 'scopes_supported'> | undefined,
): string | undefined {
  if (scope === undefined || !metadata?.scopes_supported?.includes(OFFLINE_ACCESS)) return scope;
  const tokens = scope.split(/\s+/).filter(Boolean);
  return tokens.includes(OFFLINE_ACCESS) ? scope : [...tokens, OFFLINE_ACCESS].join(' ');
}
