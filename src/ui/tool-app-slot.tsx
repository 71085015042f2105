import { createContext, useContext, type ReactNode } from 'react';

/** One tool call that may have an MCP App view: which tool, with what, and how it went. */
export interface ToolAppCall {
  server: string;
  /** The tool's own name on its server. */
  toolName: string;
  /** The chat's tool call id, or the manual call's own. */
  toolCallId: string;
  /** The arguments, once known. */
  input?: unknown;
  /** While the model is still writing the arguments: what can be read of them so far. */
  partialInput?: unknown;
  /** The CallToolResult, once it came. */
  result?: unknown;
  /** `cancelled` when the call was stopped or failed before a result. */
  status: 'streaming' | 'running' | 'done' | 'cancelled';
}

/** Renders the view of a tool call (nothing when its tool has none). */
export type RenderToolApp = (call: ToolAppCall) => ReactNode;

/**
 * The slot through which the app shell puts MCP App views under tool calls: the chat's cards and
 * the servers' call form render it without knowing the apps feature (features never import each other).
 */
export const ToolAppSlot = createContext<RenderToolApp | undefined>(undefined);

/** The view of a tool call, when the shell provides the slot. */
export function ToolApp({ call }: { call: ToolAppCall }) {
  const render = useContext(ToolAppSlot);
  return render ? <>{render(call)}</> : null;
}
