/** MCP Apps: a tool's interactive view in a sandboxed frame, its bridge, and the App bridge wire. */
import { lazy } from 'react';

/** The view of an MCP App under a tool call, loaded (with the bridge library) the first time a tool with a view runs. */
export const ToolCallApp = lazy(() => import('./tool-call-app').then((module) => ({ default: module.ToolCallApp })));
// The App bridge tab (view-wire-panel.tsx) is not offered here: the app loads it when first shown (lazy-panels.tsx).
export type { AppsHost } from './apps-host';
import './apps.css';
