/**
 * The two wire forms of MCP tasks, read into one shape. 2025-11-25: a task-augmented request
 * (`params.task: { ttl }`) answered by `CreateTaskResult { task }`, then `tasks/get` (the task's
 * fields), `tasks/result` (the tool's result) and `tasks/cancel`. 2026-07-28, the extension
 * `io.modelcontextprotocol/tasks`: the server may answer any `tools/call` with
 * `{ resultType: "task", taskId, … }`; `tasks/get` carries the result (or error) inline once the
 * task ends, and the server's questions (`inputRequests`, answered with `tasks/update`) while it
 * is `input_required`; `tasks/cancel` is an empty acknowledgement. Server data is untrusted: nothing here throws.
 */
import type { CallToolResult, StandardSchemaV1 } from '@modelcontextprotocol/client';
import { isPlainObject } from '../../shared/json';
import type { InputRequest } from './capability';

/** The extension id a 2026 client declares (in `capabilities.extensions`) to receive tasks. */
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

/** A task's status (the same five in both forms). */
export type TaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';

const STATUSES: readonly TaskStatus[] = ['working', 'input_required', 'completed', 'failed', 'cancelled'];

/** True for a status after which the task never changes. */
export function isTerminal(status: TaskStatus): boolean {
  return status === 'completed' || status === 'failed' || status === 'cancelled';
}

/** One snapshot of a task as the server described it. */
export interface TaskSnapshot {
  taskId: string;
  status: TaskStatus;
  statusMessage?: string;
  /** The server's suggested polling interval, in milliseconds. */
  pollIntervalMs?: number;
  /** How long the server keeps the task, in milliseconds (null: unlimited). */
  ttlMs?: number | null;
  /** 2026: the tool's result, inline once the task completed. */
  result?: CallToolResult;
  /** 2026: the JSON-RPC error of a failed task. */
  error?: { code?: number; message: string };
  /** 2026, `input_required`: the server's outstanding requests by key (answered with `tasks/update`). */
  inputRequests?: Record<string, InputRequest>;
}

/** The well-formed entries of an `inputRequests` map (a method and object params); others are left out. */
function readInputRequests(raw: unknown): Record<string, InputRequest> | undefined {
  if (!isPlainObject(raw)) return undefined;
  const entries = Object.entries(raw).flatMap(([key, entry]): Array<[string, InputRequest]> =>
    isPlainObject(entry) && typeof entry['method'] === 'string'
      ? [[key, { method: entry['method'], params: isPlainObject(entry['params']) ? entry['params'] : {} }]]
      : [],
  );
  return Object.fromEntries(entries);
}

/** A Standard Schema that accepts any object: task results are read by `readTask`, not by the SDK. */
export const ANY_OBJECT_RESULT: StandardSchemaV1<unknown, Record<string, unknown>> = {
  '~standard': {
    version: 1,
    vendor: 'glassbox',
    validate(value: unknown) {
      return isPlainObject(value) ? { value } : { issues: [{ message: 'the result is not an object' }] };
    },
  },
};

/** A number field that may be spelled with or without its unit (`pollIntervalMs` in 2026, `pollInterval` in 2025). */
function millis(raw: Record<string, unknown>, withUnit: string, without: string): number | undefined {
  const value = raw[withUnit] ?? raw[without];
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}

/**
 * Reads a task from a `CreateTaskResult` (2025: under `task`; 2026: flat beside `resultType`), a
 * `tasks/get` or `tasks/cancel` result, or a `notifications/tasks` payload; undefined when it is
 * not one (no task id, or an unknown status).
 */
export function readTask(raw: unknown): TaskSnapshot | undefined {
  const source = isPlainObject(raw) && isPlainObject(raw['task']) ? raw['task'] : raw;
  if (!isPlainObject(source) || typeof source['taskId'] !== 'string' || source['taskId'] === '') return undefined;
  const status = source['status'];
  if (typeof status !== 'string' || !STATUSES.includes(status as TaskStatus)) return undefined;
  const task: TaskSnapshot = { taskId: source['taskId'], status: status as TaskStatus };
  if (typeof source['statusMessage'] === 'string') task.statusMessage = source['statusMessage'];
  const poll = millis(source, 'pollIntervalMs', 'pollInterval');
  if (poll !== undefined) task.pollIntervalMs = poll;
  const ttl = source['ttlMs'] === null || source['ttl'] === null ? null : millis(source, 'ttlMs', 'ttl');
  if (ttl !== undefined) task.ttlMs = ttl;
  if (isPlainObject(source['result'])) task.result = source['result'] as unknown as CallToolResult;
  const inputRequests = status === 'input_required' ? readInputRequests(source['inputRequests']) : undefined;
  if (inputRequests) task.inputRequests = inputRequests;
  const error = source['error'];
  if (isPlainObject(error))
    task.error = {
      ...(typeof error['code'] === 'number' ? { code: error['code'] } : {}),
      message: typeof error['message'] === 'string' ? error['message'] : 'The task failed.',
    };
  return task;
}

/** A task as Glassbox follows it: the server's last snapshot, and what came of it. */
export interface TaskInfo extends TaskSnapshot {
  server: string;
  toolName: string;
  /** The agent's tool call it serves, if the model started it. */
  toolCallId?: string;
  /** The form it was made in: 2025-11-25 (task-augmented request) or the 2026 extension. */
  form: '2025-11-25' | '2026-07-28';
  /** Epoch ms when it was created, and of the last snapshot. */
  startedAt: number;
  updatedAt: number;
  /** How many times `tasks/get` was asked. */
  polls: number;
  /** Why Glassbox stopped following it without a result (gave up waiting, the session was lost). */
  problem?: string;
}
