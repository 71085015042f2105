import { useCallback, useMemo } from 'react';
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
  return useCallback((call) => <ToolCallApp host={host} call={call} />, [host]);
}

/** Which wire the MCP column shows: the MCP messages, or the App bridge between Glassbox and app views. */
export type McpWireTab = 'mcp' | 'bridge';

/** The MCP column's tabs. */
export function McpWireTabs({ tab, onTab }: { tab: McpWireTab; onTab(tab: McpWireTab): void }) {
  return (
    <div className="tabs" role="tablist" aria-label="MCP column">
      {(['mcp', 'bridge'] as const).map((id) => (
        <button key={id} type="button" role="tab" className="tab" aria-selected={tab === id} data-testid={`wire-tab-${id}`} onClick={() => onTab(id)}>
          {id === 'mcp' ? 'MCP wire' : 'App bridge'}
        </button>
      ))}
    </div>
  );
}
