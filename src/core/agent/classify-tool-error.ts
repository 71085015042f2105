/**
 * Maps whatever a tool call threw (MCP SDK errors, JSON-RPC errors, fetch failures, aborts, a
 * local tool's own exception) onto the fixed failure categories of core/tools. Structural
 * checks (`name`, `code`), not `instanceof`, so errors from any copy of the SDK are recognised.
 */
import { ToolFailure, type ToolFailureCategory } from '../tools';

/** A category and the detail to show the person and the model. */
export interface ClassifiedToolError {
  category: ToolFailureCategory;
  message: string;
}

/** SDK error codes that mean the connection to the server is gone. */
const DISCONNECTED_CODES: ReadonlySet<string> = new Set(['NOT_CONNECTED', 'CONNECTION_CLOSED', 'NOT_INITIALIZED']);

/** Classifies a thrown value; `signal` tells a stop by the person from other aborts. */
export function classifyToolError(error: unknown, signal?: AbortSignal): ClassifiedToolError {
  const message = errorMessage(error);
  const name = typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '';
  const code: unknown = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;

  if (error instanceof ToolFailure) return { category: error.code, message: error.detail ?? error.message };
  if (signal?.aborted) return { category: 'cancelled', message: 'Stopped by the person.' };
  if (code === 'REQUEST_TIMEOUT' || name === 'TimeoutError') return { category: 'timeout', message };
  if (name === 'AbortError') return { category: 'cancelled', message };
  if (typeof code === 'number') return { category: 'protocol-error', message: `JSON-RPC error ${code}: ${message}` };
  if (typeof code === 'string' && DISCONNECTED_CODES.has(code)) return { category: 'server-disconnected', message };
  if (typeof code === 'string' && code.startsWith('CLIENT_HTTP_')) {
    const status = httpStatusOf(error);
    return { category: 'protocol-error', message: status === undefined ? message : `HTTP ${status}: ${message}` };
  }
  if (/timed? ?out/i.test(message)) return { category: 'timeout', message };
  if (/not connected|connection (was )?closed/i.test(message)) return { category: 'server-disconnected', message };
  if (error instanceof TypeError || /fetch failed|failed to fetch|network/i.test(message)) {
    return { category: 'network', message };
  }
  return { category: 'tool-error', message };
}

/** The message of an error, with its cause when it adds something (Node hides reasons there). */
function errorMessage(error: unknown): string {
  if (!(error instanceof Error)) return typeof error === 'string' ? error : String(error);
  const cause: unknown = error.cause;
  if (cause instanceof Error && cause.message && cause.message !== error.message) return `${error.message} (${cause.message})`;
  return error.message;
}

function httpStatusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const record = error as { status?: unknown; data?: unknown };
  if (typeof record.status === 'number') return record.status;
  const data = record.data;
  if (typeof data === 'object' && data !== null && 'status' in data && typeof data.status === 'number') return data.status;
  return undefined;
}
