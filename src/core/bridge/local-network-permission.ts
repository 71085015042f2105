/** Chrome's local network access permission, as far as the browser says (see local-network-access.ts). */

/** The permission's state, where the browser can say (undefined: it cannot). */
export type LocalNetworkPermission = 'granted' | 'denied' | 'prompt' | undefined;

/** Asks the browser for the local network access permission's state, if it knows the name. */
export async function queryLocalNetworkPermission(permissions: Pick<Permissions, 'query'> | undefined): Promise<LocalNetworkPermission> {
  if (!permissions) return undefined;
  for (const name of ['local-network-access', 'loopback-network']) {
    try {
      const status = await permissions.query({ name } as unknown as PermissionDescriptor);
      return status.state;
    } catch {
      // This browser does not know the name (a TypeError): try the next, then say nothing.
    }
  }
  return undefined;
}
