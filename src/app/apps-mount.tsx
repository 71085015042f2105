import { Suspense, useCallback, useMemo } from 'react';
import type { Services } from '../core/composition';
import { ToolCallApp, type AppsHost } from '../features/apps';
import type { RenderToolApp } from '../ui/tool-app-slot';

/** The slot that puts MCP App views under tool calls (chat cards, the manual call form). */
export function useToolAppSlot(services: Services, theme: 'light' | 'dark'): RenderToolApp {
  const host = useMemo<AppsHost>(
    () => ({
      connections: services.connections,
      policies: services.policies,
      log: services.apps.log,
      context: services.apps.context,
      sendMessage: (text, from) => services.session.send(text, { from }),
      theme,
    }),
    [services, theme],
  );
  return useCallback(
    (call) => (
      <Suspense fallback={null}>
        <ToolCallApp host={host} call={call} />
      </Suspense>
    ),
    [host],
  );
}
