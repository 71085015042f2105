/**
 * A 2026-07-28-era MCP server ("tasks") whose tools run as tasks of the 2026 tasks extension
 * (`io.modelcontextprotocol/tasks`): `tools/call` answers `{ resultType: "task", taskId, … }` to a
 * client that declared the extension on the request, then `tasks/get` reports the status (the
 * result inline once completed) and `tasks/cancel` acknowledges. `confirm_report` needs input: its
 * task goes `input_required` with an elicitation in `inputRequests`, and finishes once the client
 * answers it with `tasks/update { taskId, inputResponses }`.
 *
 * @modelcontextprotocol/server 2.x has no runtime for the extension, so the v2 SDK
 * (`createMcpHandler`, stateless) serves discovery, tools/list and the plain tool, and the task
 * methods are answered here as plain JSON, following the extension's specification
 * (modelcontextprotocol/ext-tasks, specification/2026-07-28/tasks.md).
 *
 * Run: node e2e/servers/tasks.mjs --port 3107
 */
import { randomUUID } from 'node:crypto';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { isMain, readBody, runCli, sendJson, serveMcpEndpoint } from './http-kit.mjs';

/** Server name and version reported in serverInfo. */
const TASKS_SERVER_INFO = { name: 'tasks', version: '1.0.0' };
/** The extension id. */
const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';
/** Stages `slow_report` goes through, one per STAGE_MS. */
export const REPORT_STAGES = ['Collecting', 'Counting', 'Writing'];
/** How long each stage takes, in milliseconds. */
const STAGE_MS = 300;
/** The polling interval the server suggests, in milliseconds. */
const POLL_INTERVAL_MS = 200;
/** The task tools (answered here); other tools go to the SDK. */
const TASK_TOOLS = new Set(['slow_report', 'never_ends', 'confirm_report']);

/** The form `confirm_report`'s task asks for (the key of its input request is CONFIRM_KEY). */
export const CONFIRM_SCHEMA = { type: 'object', properties: { publish: { type: 'boolean', title: 'Publish it' } }, required: ['publish'] };
/** The key of `confirm_report`'s input request. */
export const CONFIRM_KEY = 'confirm';

/** Builds the McpServer that lists the tools (createMcpHandler asks for one per request). */
function createListingServer() {
  const server = new McpServer(TASKS_SERVER_INFO, { capabilities: { extensions: { [TASKS_EXTENSION]: {} } } });
  const taskTool = (name, description, inputSchema) =>
    server.registerTool(name, { description, inputSchema, execution: { taskSupport: 'required' } }, async () => ({
      content: [{ type: 'text', text: `${name} runs only as a task: declare ${TASKS_EXTENSION}.` }],
      isError: true,
    }));
  taskTool('slow_report', 'Writes a report on a topic as a task, in three stages.', z.object({ topic: z.string() }));
  taskTool('never_ends', 'A task that never finishes (until cancelled).', z.object({}));
  taskTool(
    'confirm_report',
    'Writes a report as a task that asks whether to publish it (input_required, answered with tasks/update).',
    z.object({ topic: z.string() }),
  );
  server.registerTool(
    'echo',
    { description: 'Echoes the text (a plain call).', inputSchema: z.object({ text: z.string() }) },
    async ({ text }) => ({
      content: [{ type: 'text', text }],
    }),
  );
  return server;
}

/** The tasks of one started server, and how they run. */
class TaskBoard {
  /** @type {Map<string, { taskId: string, status: string, statusMessage?: string, createdAt: string, lastUpdatedAt: string, result?: object, timers: NodeJS.Timeout[] }>} */
  tasks = new Map();

  /** @param {string} tool @param {Record<string, unknown>} args */
  create(tool, args) {
    const now = new Date().toISOString();
    const task = { taskId: randomUUID(), status: 'working', statusMessage: 'Starting…', createdAt: now, lastUpdatedAt: now, timers: [] };
    this.tasks.set(task.taskId, task);
    if (tool === 'slow_report') {
      REPORT_STAGES.forEach((stage, index) =>
        task.timers.push(setTimeout(() => this.update(task, { statusMessage: `${stage}…` }), index * STAGE_MS)),
      );
      const text = `Report on ${String(args.topic)}: ${REPORT_STAGES.length} stages done.`;
      task.timers.push(
        setTimeout(
          () =>
            this.update(task, {
              status: 'completed',
              statusMessage: 'Done.',
              result: { content: [{ type: 'text', text }], isError: false },
            }),
          REPORT_STAGES.length * STAGE_MS,
        ),
      );
    } else if (tool === 'confirm_report') {
      const message = `Publish the report on ${String(args.topic)}?`;
      this.update(task, {
        status: 'input_required',
        statusMessage: 'Waiting for the client to confirm.',
        topic: String(args.topic),
        inputRequests: {
          [CONFIRM_KEY]: { method: 'elicitation/create', params: { mode: 'form', message, requestedSchema: CONFIRM_SCHEMA } },
        },
      });
    } else {
      this.update(task, { statusMessage: 'Working on it (forever)…' });
    }
    return task;
  }

  /**
   * `tasks/update`: the answer to an outstanding input request resumes the task (unknown or
   * already-answered keys are ignored, as the extension allows).
   * @param {any} task @param {Record<string, any> | undefined} responses
   */
  answer(task, responses) {
    const answer = responses?.[CONFIRM_KEY];
    if (task.status !== 'input_required' || !task.inputRequests?.[CONFIRM_KEY] || typeof answer !== 'object' || answer === null) return;
    const publish = answer.action === 'accept' && answer.content?.publish === true;
    const text = publish ? `Published the report on ${task.topic}.` : `Kept the report on ${task.topic} as a draft (${answer.action}).`;
    Object.assign(task, {
      status: 'working',
      statusMessage: 'Finishing…',
      inputRequests: undefined,
      lastUpdatedAt: new Date().toISOString(),
    });
    task.timers.push(
      setTimeout(
        () =>
          this.update(task, { status: 'completed', statusMessage: 'Done.', result: { content: [{ type: 'text', text }], isError: false } }),
        STAGE_MS,
      ),
    );
  }

  /** @param {{ status: string, timers: NodeJS.Timeout[], lastUpdatedAt: string }} task @param {object} patch */
  update(task, patch) {
    if (task.status !== 'working' && task.status !== 'input_required') return;
    Object.assign(task, patch, { lastUpdatedAt: new Date().toISOString() });
  }

  /** @param {string} taskId */
  cancel(taskId) {
    const task = this.tasks.get(taskId);
    if (!task) return false;
    task.timers.forEach(clearTimeout);
    this.update(task, { status: 'cancelled', statusMessage: 'Cancelled by the client.' });
    return true;
  }

  close() {
    for (const task of this.tasks.values()) task.timers.forEach(clearTimeout);
  }
}

/** The wire form of a task: the Task fields (and the result once completed). */
function wireTask(task) {
  const { taskId, status, statusMessage, createdAt, lastUpdatedAt, result, inputRequests } = task;
  return {
    taskId,
    status,
    statusMessage,
    createdAt,
    lastUpdatedAt,
    ttlMs: 600_000,
    pollIntervalMs: POLL_INTERVAL_MS,
    ...(status === 'completed' ? { result } : {}),
    ...(status === 'input_required' ? { inputRequests } : {}),
  };
}

/** True when the request declared the extension in its per-request capabilities. */
function declaresTasks(params) {
  return params?._meta?.['io.modelcontextprotocol/clientCapabilities']?.extensions?.[TASKS_EXTENSION] !== undefined;
}

/**
 * The answer to a task method, or undefined for a request the SDK answers.
 * @param {TaskBoard} board @param {{ id?: unknown, method?: unknown, params?: any }} message
 */
function answerTaskMethod(board, message) {
  const { id, method, params } = message;
  const taskMethod = method === 'tasks/get' || method === 'tasks/cancel' || method === 'tasks/update';
  const taskCall = method === 'tools/call' && TASK_TOOLS.has(params?.name);
  if (!taskMethod && !taskCall) return undefined;
  const error = (code, text, data) => ({ jsonrpc: '2.0', id, error: { code, message: text, ...(data ? { data } : {}) } });
  if (!declaresTasks(params))
    return error(-32021, 'Missing required client capability', { requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } });
  const meta = { 'io.modelcontextprotocol/serverInfo': TASKS_SERVER_INFO };
  if (taskCall)
    return {
      jsonrpc: '2.0',
      id,
      result: { resultType: 'task', ...wireTask(board.create(params.name, params.arguments ?? {})), _meta: meta },
    };
  const task = board.tasks.get(String(params?.taskId));
  if (!task) return error(-32602, 'Failed to retrieve task: Task not found');
  if (method === 'tasks/get') return { jsonrpc: '2.0', id, result: { resultType: 'complete', ...wireTask(task), _meta: meta } };
  if (method === 'tasks/cancel') board.cancel(task.taskId);
  if (method === 'tasks/update') board.answer(task, params?.inputResponses);
  return { jsonrpc: '2.0', id, result: { resultType: 'complete', _meta: meta } };
}

/**
 * Starts the tasks server. Port 0 picks a free port; `url` is the real endpoint URL.
 * @param {{ host?: string, port?: number, cors?: import('./cors.mjs').CorsOptions }} [options]
 * @returns {Promise<{ url: string, close(): Promise<void> }>}
 */
export async function start({ host = '127.0.0.1', port = 0, cors = {} } = {}) {
  const board = new TaskBoard();
  const handler = createMcpHandler(() => createListingServer(), {
    onerror: (error) => {
      if (process.env.MCP_SERVER_DEBUG) console.error('tasks:', error.message);
    },
  });
  const sdk = toNodeHandler(handler);
  /** @type {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => Promise<void>} */
  const handle = async (req, res) => {
    if (req.method !== 'POST') return sdk(req, res);
    const text = await readBody(req);
    let message;
    try {
      message = JSON.parse(text);
    } catch {
      return sdk(req, res, text);
    }
    const answer = answerTaskMethod(board, message ?? {});
    if (answer === undefined) return sdk(req, res, message);
    sendJson(res, 200, answer);
  };
  return serveMcpEndpoint({
    name: 'tasks',
    handle,
    close: async () => {
      board.close();
      await handler.close();
    },
    host,
    port,
    cors,
  });
}

if (isMain(import.meta.url)) await runCli(start, { name: 'tasks', port: 3107 });
