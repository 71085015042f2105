import type { AppContextStore, ViewLog } from '../../core/apps';
import type { ConnectionManager } from '../../core/mcp';
import type { PolicyStore } from '../../core/tools';

/** What a view's host needs from the app: the servers, the person's policies, the logs, the chat. */
export interface AppsHost {
  connections: ConnectionManager;
  policies: PolicyStore;
  log: ViewLog;
  context: AppContextStore;
  /** Adds a user message from a view to the chat (and runs a turn); rejects when a turn is running. */
  sendMessage(text: string, from: string): Promise<void>;
  theme: 'light' | 'dark';
}

/**
 * Where views run: Glassbox's own sandbox page (same file, opaque origin) unless the deployment
 * names a sandbox on a separate origin (VITE_GLASSBOX_APP_SANDBOX_URL at build time).
 */
export function sandboxTarget(): { url: string; origin: string | 'opaque' } {
  const configured = (import.meta.env.VITE_GLASSBOX_APP_SANDBOX_URL as string | undefined) ?? '';
  if (configured !== '') {
    const url = new URL(configured, location.href);
    if (url.origin !== location.origin) return { url: url.href, origin: url.origin };
  }
  return { url: new URL('app-sandbox.html', document.baseURI).href, origin: 'opaque' };
}
