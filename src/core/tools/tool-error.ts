/**
 * Why a tool call failed, in a fixed vocabulary. The model always receives the same JSON
 * envelope, `{"error":{"category":…,"message":…,"detail"?:…}}`, so it can tell "fix your
 * arguments" from "the server is down" without parsing prose; the UI shows a short label.
 */
import type { ModelToolResult } from '../conversation';

/** Every failure category, in a stable order (for tests, filters and legends). */
export const TOOL_FAILURE_CATEGORIES = [
  'invalid-arguments',
  'denied',
  'timeout',
  'network',
  'protocol-error',
  'tool-error',
  'unknown-tool',
  'server-disconnected',
  'cancelled',
  'not-recorded',
] as const;

/** The stable failure categories (the `code` of a ToolFailure). */
export type ToolFailureCategory = (typeof TOOL_FAILURE_CATEGORIES)[number];

/** True when `value` is one of the failure categories. */
export function isToolFailureCategory(value: unknown): value is ToolFailureCategory {
  return typeof value === 'string' && (TOOL_FAILURE_CATEGORIES as readonly string[]).includes(value);
}

/** A failed tool call; `code` is its category, `detail` what happened in this case. */
export class ToolFailure extends Error {
  override readonly name = 'ToolFailure';
  readonly code: ToolFailureCategory;
  readonly detail?: string;

  constructor(code: ToolFailureCategory, detail?: string, options?: { cause?: unknown }) {
    super(detail ? `${messageForCategory(code)} ${detail}` : messageForCategory(code), options);
    this.code = code;
    if (detail !== undefined) this.detail = detail;
  }
}

/** Each category's short label for the UI and the sentence the model reads (a Record: a new category cannot be forgotten). */
const CATEGORY_TEXT: Readonly<Record<ToolFailureCategory, { label: string; message: string }>> = {
  'invalid-arguments': {
    label: 'Invalid arguments',
    message: "The arguments do not match the tool's input schema. Fix them and call the tool again.",
  },
  denied: { label: 'Denied', message: 'The person denied this call. Do not retry it unless they ask you to.' },
  timeout: { label: 'Timed out', message: 'The tool did not answer in time. It may still have run; check before repeating an action.' },
  network: { label: 'Network error', message: 'The tool server could not be reached. Retrying may help later.' },
  'protocol-error': { label: 'Protocol error', message: 'The tool server answered with an MCP protocol error.' },
  'tool-error': { label: 'Tool error', message: 'The tool ran and reported an error.' },
  'unknown-tool': { label: 'Unknown tool', message: 'There is no tool with this name. Use one of the tools you were given.' },
  'server-disconnected': { label: 'Server disconnected', message: 'The server that provides this tool is not connected.' },
  cancelled: { label: 'Cancelled', message: 'The call was cancelled before it finished.' },
  'not-recorded': {
    label: 'Not recorded',
    message:
      'This is a replay of an earlier turn: only the tool calls made in the original turn have results, and this call was not one of them. It was not run.',
  },
};

/** A short label for the UI (badge, trace row). */
export function labelForCategory(category: ToolFailureCategory): string {
  return CATEGORY_TEXT[category].label;
}

/** The sentence the model reads: what happened and what it can do about it. */
export function messageForCategory(category: ToolFailureCategory): string {
  return CATEGORY_TEXT[category].message;
}

/** Longest `detail` passed on to the model; a failure should never flood the context. */
const MAX_DETAIL_CHARS = 2_000;

/** The one failure shape the model sees: a JSON envelope as text, with `isError: true`. */
export function toolFailureResult(category: ToolFailureCategory, detail?: string): ModelToolResult {
  const error: { category: ToolFailureCategory; message: string; detail?: string } = {
    category,
    message: messageForCategory(category),
  };
  const trimmed = detail?.trim();
  if (trimmed) {
    error.detail = trimmed.length > MAX_DETAIL_CHARS ? `${trimmed.slice(0, MAX_DETAIL_CHARS)}…` : trimmed;
  }
  return { parts: [{ type: 'text', text: JSON.stringify({ error }) }], isError: true };
}

/** The model-facing result for a ToolFailure. */
export function resultForFailure(failure: ToolFailure): ModelToolResult {
  return toolFailureResult(failure.code, failure.detail);
}
