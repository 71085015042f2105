/** Loads the MCP SDK's client classes once (a separate chunk in the browser build). */
export type ClientSdk = typeof import('./client-sdk');

let loading: Promise<ClientSdk> | undefined;

/** The SDK's client classes; the first call loads them, later calls share that load. A failed load is retried on the next call. */
export function loadClientSdk(): Promise<ClientSdk> {
  loading ??= import('./client-sdk').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
