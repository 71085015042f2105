/**
 * The page's server state: one react-query QueryClient for the reads of servers'
 * contents (resource reads, prompt gets, completions; their keys and fetchers live in the
 * features). This module loads with the first view that reads server state (a lazy panel), so
 * react-query is not in the page's first chunk.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Services } from '../core/composition';
import { contentsViewsOf, ServerContents } from '../features/server-contents';
import type { ServerContentsProps } from '../features/server-contents';

/**
 * The one QueryClient. A failed read is shown at once, not retried: the MCP wire shows every
 * request, and a coded error is an answer. Nothing refetches on focus or reconnect by itself;
 * content changes from the connection (list_changed, resource updates) make reads stale.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false },
  },
});

/** A server's contents, reading through the page's QueryClient; its open tab and skill kept per page's services (they outlive a remount). */
export function ServerContentsWithState({ services, ...props }: Omit<ServerContentsProps, 'views'> & { services: Services }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ServerContents {...props} views={contentsViewsOf(services)} />
    </QueryClientProvider>
  );
}
