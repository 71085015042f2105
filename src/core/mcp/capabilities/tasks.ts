/**
 * The tasks capability: a tool call the server runs as a task, in both forms (see task-wire.ts).
 * A 2025 tool whose `execution.taskSupport` is "required" is called task-augmented; a 2026 server
 * may turn any call into a task (Glassbox declares the extension). Either way the caller gets the
 * tool's result as for a plain call: the task is polled with `tasks/get` at the server's interval
 * until it ends (2025: then `tasks/result`). A 2026 task that needs input lists its questions in
 * `inputRequests`: each new key is answered through the host (the inbox's cards) and the answers
 * are sent with `tasks/update`, then polling goes on. Every task is listed on the server's state, the person
 * may cancel it (`tasks/cancel`), and one that never ends is given up after five times the
 * server's timeout, with a clear error, rather than waited on forever.
 */
import type { CallToolResult } from '@modelcontextprotocol/client';
import type { ServerState } from '../connection-state';
import { formatTimeout } from '../explain-failure';
import { McpError } from '../mcp-error';
import { CodedError } from '../../shared/coded-error';
import type { CapabilityHost, CapabilityModule } from './capability';
import { ANY_OBJECT_RESULT, isTerminal, readTask, TASKS_EXTENSION } from './task-wire';
import type { TaskInfo, TaskSnapshot } from './task-wire';
import { CREATED_TASK, isCreatedTask } from './tools';
import type { CallToolOptions, ToolsCapability } from './tools';

/** Why a task gave no result. */
export type TaskErrorCode = 'unreadable' | 'cancelled' | 'failed' | 'no-result';

/** A task that ended without a result the caller can use. */
export class TaskError extends CodedError<TaskErrorCode> {
  override readonly name = 'TaskError';
}

/** How long a 2025 task-augmented request asks the server to keep the task: 5 minutes. */
const REQUESTED_TTL_MS = 300_000;

/** Polling interval when the server suggests none: 1 second. */
const DEFAULT_POLL_MS = 1000;
/** Polling stays within these bounds whatever the server suggests (a 0 would be a busy loop). */
const MIN_POLL_MS = 100;
const MAX_POLL_MS = 10_000;
/** A task is waited on for at most this many times the server's timeout (as a call reporting progress). */
const TASK_WAIT_FACTOR = 5;
/** Ended tasks kept on the list, beyond those still running. */
const MAX_ENDED_TASKS = 50;

/** What the capability reads from its connection. */
export interface TasksContext {
  server: string;
  state(): ServerState;
  now(): number;
}

/** The tasks capability of one connection. */
export class TasksCapability implements CapabilityModule {
  readonly name = 'tasks';
  private tasks: TaskInfo[] = [];
  /** Wakes a task's polling loop before its interval is over (it was cancelled). */
  private readonly wakers = new Map<string, () => void>();
  /** 2026: the input request keys already answered, per task (the server lists them until it has read the answers). */
  private readonly answered = new Map<string, Set<string>>();
  /** 2026: stops the questions a task is waiting on when it is cancelled. */
  private readonly asking = new Map<string, AbortController>();

  constructor(
    private readonly host: CapabilityHost,
    private readonly tools: ToolsCapability,
    private readonly context: TasksContext,
  ) {}

  /** 2026: the extension is declared on every request, so a server may answer with a task. */
  clientOptions() {
    return { capabilities: { extensions: { [TASKS_EXTENSION]: {} } } };
  }

  /** The tasks followed so far. */
  list(): readonly TaskInfo[] {
    return this.tasks;
  }

  /** Calls a tool; when the server makes a task of it, waits for the task and returns its result. */
  async callTool(name: string, args: Record<string, unknown>, options: CallToolOptions = {}): Promise<CallToolResult> {
    const state = this.context.state();
    const tool = state.tools.find((entry) => entry.name === name);
    const augmented = state.era === 'legacy' && tool?.execution?.taskSupport === 'required';
    const answer = await this.tools.call(name, args, options, augmented ? { ttl: REQUESTED_TTL_MS } : undefined);
    if (!isCreatedTask(answer)) return answer;
    return this.follow(answer[CREATED_TASK], name, options, state.era === 'modern' ? '2026-07-28' : '2025-11-25');
  }

  /** Asks the server to cancel a task (`tasks/cancel`); its waiting caller gets a `cancelled` TaskError. */
  async cancel(taskId: string): Promise<void> {
    const info = this.tasks.find((task) => task.taskId === taskId);
    if (!info || isTerminal(info.status)) return;
    const answer = await this.host.request({ methods: ['tasks/cancel'], ...toolCall(info) }, (client, call) =>
      client.request({ method: 'tasks/cancel', params: { taskId } }, ANY_OBJECT_RESULT, {
        signal: call.controller.signal,
        timeout: this.host.timeoutMs(),
      }),
    );
    // 2025 answers with the task; 2026 with an empty acknowledgement (the client need not poll again).
    const snapshot = readTask(answer);
    this.put(taskId, { status: 'cancelled', statusMessage: snapshot?.statusMessage ?? 'Cancelled (tasks/cancel).' });
    this.wakers.get(taskId)?.();
    this.asking.get(taskId)?.abort(new TaskError('cancelled', `Task ${taskId} was cancelled.`));
  }

  /** Follows a created task to its end. */
  private async follow(
    raw: Record<string, unknown>,
    toolName: string,
    options: CallToolOptions,
    form: TaskInfo['form'],
  ): Promise<CallToolResult> {
    const first = readTask(raw);
    if (!first)
      throw new TaskError(
        'unreadable',
        `The server answered ${toolName} with a task Glassbox cannot read (no task id or an unknown status).`,
      );
    const now = this.context.now();
    const timeoutMs = options.timeoutMs ?? this.host.timeoutMs();
    this.tasks = [
      ...this.tasks,
      {
        ...first,
        server: this.context.server,
        toolName,
        ...(options.toolCallId ? { toolCallId: options.toolCallId } : {}),
        form,
        startedAt: now,
        updatedAt: now,
        polls: 0,
      },
    ];
    this.show();
    const limitMs = timeoutMs * TASK_WAIT_FACTOR;
    const deadline = now + limitMs;
    let task: TaskInfo = this.find(first.taskId);
    try {
      while (!isTerminal(task.status)) {
        const wait = Math.min(MAX_POLL_MS, Math.max(MIN_POLL_MS, task.pollIntervalMs ?? DEFAULT_POLL_MS));
        if (this.context.now() + wait > deadline) throw await this.giveUp(task, limitMs);
        await this.pause(task.taskId, wait, options.signal);
        task = this.find(task.taskId);
        if (isTerminal(task.status)) break;
        task = await this.poll(task);
        // 2025: the server asks for input on the tasks/result stream, so it is opened now (as the spec says).
        if (task.form === '2025-11-25' && task.status === 'input_required')
          return await this.fetchResult(task, deadline - this.context.now(), options.signal);
        if (task.status === 'input_required' && task.inputRequests) await this.answerQuestions(task, options.signal);
        task = this.find(task.taskId);
      }
    } catch (error) {
      if (options.signal?.aborted) await this.cancel(task.taskId).catch(() => undefined);
      if (this.find(task.taskId).status === 'cancelled' && error instanceof TaskError) throw this.cancelled(this.find(task.taskId));
      // A tasks/result cut short by the person's cancel is that cancel (a give-up keeps its timeout).
      if (!(error instanceof McpError) && this.find(task.taskId).status === 'cancelled') throw this.cancelled(this.find(task.taskId));
      throw error;
    }
    return this.outcome(task);
  }

  /**
   * 2026: answers the task's new input requests (each through the host: a card the person answers)
   * and sends the answers with one `tasks/update`. Keys answered before are not asked again.
   */
  private async answerQuestions(task: TaskInfo, signal: AbortSignal | undefined): Promise<void> {
    const answered = this.answered.get(task.taskId) ?? new Set<string>();
    this.answered.set(task.taskId, answered);
    const fresh = Object.entries(task.inputRequests ?? {}).filter(([key]) => !answered.has(key));
    if (fresh.length === 0) return;
    for (const [key] of fresh) answered.add(key);
    const asking = new AbortController();
    const stop = () => asking.abort(signal?.reason);
    signal?.addEventListener('abort', stop, { once: true });
    this.asking.set(task.taskId, asking);
    try {
      const context = { signal: asking.signal, ...(task.toolCallId ? { toolCallId: task.toolCallId } : {}) };
      const answers = await Promise.all(
        fresh.map(async ([key, request]) => [key, await this.host.answerInput(key, request, context)] as const),
      );
      const inputResponses = Object.fromEntries(answers);
      await this.host.request({ methods: ['tasks/update'], ...toolCall(task) }, (client, call) =>
        client.request({ method: 'tasks/update', params: { taskId: task.taskId, inputResponses } }, ANY_OBJECT_RESULT, {
          signal: call.controller.signal,
          timeout: this.host.timeoutMs(),
        }),
      );
    } finally {
      signal?.removeEventListener('abort', stop);
      this.asking.delete(task.taskId);
    }
  }

  /** One `tasks/get`, its snapshot kept. */
  private async poll(task: TaskInfo): Promise<TaskInfo> {
    const answer = await this.host
      .request({ methods: ['tasks/get'], ...toolCall(task) }, (client, call) =>
        client.request({ method: 'tasks/get', params: { taskId: task.taskId } }, ANY_OBJECT_RESULT, {
          signal: call.controller.signal,
          timeout: this.host.timeoutMs(),
        }),
      )
      .catch((error: unknown) => {
        this.put(task.taskId, { problem: `tasks/get failed: ${error instanceof Error ? error.message : String(error)}` });
        throw error;
      });
    const snapshot = readTask(answer);
    if (!snapshot) throw new TaskError('unreadable', `The server's answer to tasks/get for task ${task.taskId} is not a task.`);
    // A cancel sent meanwhile stands (2026: the server may still say "working" for a while).
    const status = this.find(task.taskId).status === 'cancelled' ? 'cancelled' : snapshot.status;
    return this.put(task.taskId, { ...snapshot, status, polls: task.polls + 1 });
  }

  /** The result of an ended task, or why there is none. */
  private async outcome(task: TaskInfo): Promise<CallToolResult> {
    if (task.status === 'cancelled') throw this.cancelled(task);
    if (task.status === 'failed')
      throw new TaskError(
        'failed',
        `Task ${task.taskId} failed: ${task.error?.message ?? task.statusMessage ?? 'the server gave no reason'}.`,
      );
    if (task.result) return task.result;
    if (task.form === '2026-07-28') throw new TaskError('no-result', `Task ${task.taskId} completed without a result.`);
    return this.fetchResult(task, this.host.timeoutMs());
  }

  /** 2025: `tasks/result`, which the server answers once the task has ended (serving its input requests meanwhile). */
  private async fetchResult(task: TaskInfo, timeoutMs: number, signal?: AbortSignal): Promise<CallToolResult> {
    const result = await this.host.request(
      { methods: ['tasks/result'], ...toolCall(task), ...(signal ? { signal } : {}) },
      (client, call) =>
        client.request({ method: 'tasks/result', params: { taskId: task.taskId } }, ANY_OBJECT_RESULT, {
          signal: call.controller.signal,
          timeout: Math.max(timeoutMs, 1),
        }),
    );
    const ended = this.find(task.taskId);
    return this.put(task.taskId, {
      result: result as unknown as CallToolResult,
      status: ended.status === 'cancelled' ? 'cancelled' : 'completed',
    }).result as CallToolResult;
  }

  private cancelled(task: TaskInfo): TaskError {
    return new TaskError('cancelled', `Task ${task.taskId} was cancelled${task.statusMessage ? `: ${task.statusMessage}` : '.'}`);
  }

  /** Stops waiting for a task that does not end: it is cancelled on the server, and the error says so. */
  private async giveUp(task: TaskInfo, limitMs: number): Promise<McpError> {
    const title = `Task ${task.taskId} did not finish within ${formatTimeout(limitMs)}`;
    const detail = `Glassbox waits for a task up to five times the server's timeout (${formatTimeout(limitMs / TASK_WAIT_FACTOR)}); it was still "${task.status}"${task.statusMessage ? ` (${task.statusMessage})` : ''}, so Glassbox stopped waiting and asked the server to cancel it. Raise the server's "timeout" in mcp.json for longer tasks.`;
    this.put(task.taskId, { problem: title });
    await this.cancel(task.taskId).catch(() => undefined);
    return new McpError({ code: 'timeout', title, detail });
  }

  /** Waits `ms`, or less when the task is cancelled; rejects when the caller's signal aborts. */
  private pause(taskId: string, ms: number, signal: AbortSignal | undefined): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const settle = (error?: unknown) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', stop);
        this.wakers.delete(taskId);
        if (error === undefined) resolve();
        else reject(error);
      };
      const stop = () => settle(signal?.reason instanceof Error ? signal.reason : new DOMException('The task was stopped.', 'AbortError'));
      const timer = setTimeout(settle, ms);
      this.wakers.set(taskId, () => settle());
      if (signal?.aborted) stop();
      else signal?.addEventListener('abort', stop, { once: true });
    });
  }

  private find(taskId: string): TaskInfo {
    const task = this.tasks.find((entry) => entry.taskId === taskId);
    if (!task) throw new TaskError('unreadable', `Task ${taskId} is not followed.`);
    return task;
  }

  /** Replaces a task's record with a patched copy and shows the list. */
  private put(taskId: string, patch: Partial<TaskSnapshot & TaskInfo>): TaskInfo {
    const next = { ...this.find(taskId), ...patch, updatedAt: this.context.now() };
    this.tasks = this.tasks.map((task) => (task.taskId === taskId ? next : task));
    this.show();
    return next;
  }

  private show(): void {
    const ended = this.tasks.filter((task) => isTerminal(task.status));
    if (ended.length > MAX_ENDED_TASKS) {
      const dropped = new Set(ended.slice(0, ended.length - MAX_ENDED_TASKS));
      this.tasks = this.tasks.filter((task) => !dropped.has(task));
    }
    this.host.loaded(this.name, { state: { tasks: this.tasks }, warnings: [] });
  }
}

/** The agent tool call a task serves, for its requests' traffic. */
function toolCall(task: TaskInfo): { toolCallId?: string } {
  return task.toolCallId ? { toolCallId: task.toolCallId } : {};
}
