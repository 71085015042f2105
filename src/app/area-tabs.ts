/**
 * Which tabs each area of the screen holds, by id and label: what the shell (which area a tab
 * is in) and the command palette (a "Go to" command per tab) need, without the views. The views
 * are drawn in areas.tsx, one per id listed here.
 */

/** One tab's name. `id` is also part of its test id: `<area>-tab-<id>`. */
export interface AreaTabName {
  id: string;
  label: string;
}

/** The lower part of the config + servers area. */
export const SERVER_TAB_NAMES = [
  { id: 'servers', label: 'Servers' },
  { id: 'registry', label: 'Tool registry' },
  { id: 'reminders', label: 'Reminders' },
  { id: 'tasks', label: 'Tasks' },
  { id: 'tokens', label: 'Token bill' },
  { id: 'evals', label: 'Evals' },
  { id: 'roots', label: 'Roots & sampling' },
] as const satisfies readonly AreaTabName[];

/** The MCP wire area (its first tab is the wire itself). */
export const MCP_WIRE_TAB_NAMES = [
  { id: 'mcp', label: 'MCP wire' },
  { id: 'logs', label: 'Logs' },
  { id: 'bridge', label: 'App bridge' },
] as const satisfies readonly AreaTabName[];

/** The model wire area (its first tab is the wire itself). */
export const MODEL_WIRE_TAB_NAMES = [{ id: 'model', label: 'Model wire' }] as const satisfies readonly AreaTabName[];
