import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { start as startEverything } from '../../../../e2e/servers/everything.mjs';
import { CONFIRM_KEY, CONFIRM_SCHEMA, start as startTasks, REPORT_STAGES } from '../../../../e2e/servers/tasks.mjs';
import type { RunningServer } from '../../../../e2e/servers/weather.mjs';
import { SecretRegistry, TrafficLog } from '../../traffic';
import { McpError } from '../mcp-error';
import { ServerConnection } from '../server-connection';
import type { CapabilityHost, CapabilityModule } from './capability';
import { InboxCapability } from './inbox';
import type { InboxHandler, InboxOrigin } from './inbox';
import { TaskError } from './tasks';

let everything: RunningServer;
let tasks2026: RunningServer;
const open: ServerConnection[] = [];

beforeAll(async () => {
  [everything, tasks2026] = await Promise.all([startEverything(), startTasks()]);
});
afterEach(async () => {
  await Promise.allSettled(open.splice(0).map((connection) => connection.disconnect()));
});
afterAll(async () => {
  await Promise.all([everything.close(), tasks2026.close()]);
});

/** A connected ServerConnection (Glassbox's own core) and the methods it sent, in order. */
async function connect(url: string, timeoutMs = 10_000, capabilities: (host: CapabilityHost) => readonly CapabilityModule[] = () => []) {
  const log = new TrafficLog();
  const connection = new ServerConnection({
    name: 'server',
    url,
    headers: {},
    timeoutMs,
    log,
    secrets: new SecretRegistry(),
    fetch,
    capabilities,
  });
  open.push(connection);
  await connection.connect();
  expect(connection.getState().status).toBe('connected');
  const methods = () =>
    log
      .getSnapshot()
      .exchanges.flatMap((exchange) => (exchange.requestBody ? [(JSON.parse(exchange.requestBody) as { method?: string }).method] : []));
  const sent = (method: string) => log.getSnapshot().exchanges.filter((exchange) => exchange.requestBody?.includes(`"method":"${method}"`));
  return { connection, methods, sent };
}

/** Resolves once `check` is true of the connection's state. */
async function until(check: () => boolean): Promise<void> {
  for (let tries = 0; tries < 200 && !check(); tries++) await new Promise((resolve) => setTimeout(resolve, 25));
  expect(check()).toBe(true);
}

describe('tasks, 2025-11-25 form (the official everything server)', () => {
  it('runs simulate-research-query task-augmented: created, polled at the interval, result fetched', async () => {
    const { connection, methods, sent } = await connect(everything.url);
    const result = await connection.callTool('simulate-research-query', { topic: 'tides' }, { toolCallId: 'toolu_task' });
    expect(JSON.stringify(result.content)).toContain('Research Report: tides');
    // The tools/call carried params.task; the task was polled, then its result fetched.
    const call = JSON.parse(sent('tools/call')[0]?.requestBody ?? '{}') as { params?: { task?: { ttl?: number } } };
    expect(call.params?.task?.ttl).toBeGreaterThan(0);
    expect(methods().filter((method) => method === 'tasks/get').length).toBeGreaterThanOrEqual(3);
    expect(methods().at(-1)).toBe('tasks/result');
    const [task] = connection.getState().tasks ?? [];
    expect(task).toMatchObject({
      toolName: 'simulate-research-query',
      status: 'completed',
      form: '2025-11-25',
      toolCallId: 'toolu_task',
      pollIntervalMs: 1000,
    });
    expect(task?.statusMessage).toBeDefined();
    expect(JSON.stringify(task?.result)).toContain('Research Report');
  }, 20_000);

  it('a task that needs input (input_required) is answered on the tasks/result stream', async () => {
    const asked: string[] = [];
    const answerElicitation: CapabilityModule = {
      name: 'elicitation',
      clientOptions: () => ({ capabilities: { elicitation: { form: {} } } }),
      register(client) {
        client.setRequestHandler('elicitation/create', async (request) => {
          asked.push(request.params.message);
          return { action: 'accept', content: { interpretation: 'historical' } };
        });
      },
    };
    const { connection, methods } = await connect(everything.url, 10_000, () => [answerElicitation]);
    const result = await connection.callTool('simulate-research-query', { topic: 'tides', ambiguous: true });
    expect(asked).toHaveLength(1);
    expect(JSON.stringify(result.content)).toContain('Research Report: tides (historical)');
    expect(methods()).toContain('tasks/result');
    expect(connection.getState().tasks?.[0]?.status).toBe('completed');
  }, 20_000);

  it('cancels a running task: tasks/cancel sent, the caller told, the row cancelled', async () => {
    const { connection, methods } = await connect(everything.url);
    const running = connection.callTool('simulate-research-query', { topic: 'cancel me' });
    await until(() => (connection.getState().tasks ?? []).length === 1);
    await connection.cancelTask(connection.getState().tasks?.[0]?.taskId ?? '');
    const error = await running.catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(TaskError);
    expect((error as TaskError).code).toBe('cancelled');
    expect(methods()).toContain('tasks/cancel');
    expect(connection.getState().tasks?.[0]?.status).toBe('cancelled');
  }, 20_000);

  it('a stopped call cancels its task on the server too', async () => {
    const { connection, methods } = await connect(everything.url);
    const controller = new AbortController();
    const running = connection.callTool('simulate-research-query', { topic: 'stop' }, { signal: controller.signal });
    await until(() => (connection.getState().tasks ?? []).length === 1);
    controller.abort(new DOMException('Stopped', 'AbortError'));
    await expect(running).rejects.toThrow();
    await until(() => methods().includes('tasks/cancel'));
  }, 20_000);

  it('sends a progressToken and reports notifications/progress of a long-running call', async () => {
    const { connection, sent } = await connect(everything.url);
    const seen: Array<{ progress: number; total?: number }> = [];
    await connection.callTool(
      'trigger-long-running-operation',
      { duration: 1, steps: 3 },
      { onProgress: (progress) => seen.push(progress) },
    );
    const call = JSON.parse(sent('tools/call')[0]?.requestBody ?? '{}') as { params?: { _meta?: { progressToken?: unknown } } };
    expect(call.params?._meta?.progressToken).toBeDefined();
    expect(seen.map((progress) => [progress.progress, progress.total])).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
  }, 20_000);
});

describe('tasks, the 2026 extension (io.modelcontextprotocol/tasks)', () => {
  it('declares the extension; a call answered with a task handle is polled to its inline result', async () => {
    const { connection, methods, sent } = await connect(tasks2026.url);
    expect(connection.getState().era).toBe('modern');
    const result = await connection.callTool('slow_report', { topic: 'bees' });
    expect(result.content).toEqual([{ type: 'text', text: `Report on bees: ${REPORT_STAGES.length} stages done.` }]);
    const call = JSON.parse(sent('tools/call')[0]?.requestBody ?? '{}') as {
      params?: { _meta?: Record<string, { extensions?: Record<string, unknown> }> };
    };
    expect(call.params?._meta?.['io.modelcontextprotocol/clientCapabilities']?.extensions).toHaveProperty('io.modelcontextprotocol/tasks');
    expect(methods()).toContain('tasks/get');
    expect(methods()).not.toContain('tasks/result');
    expect(connection.getState().tasks?.[0]).toMatchObject({ status: 'completed', form: '2026-07-28', pollIntervalMs: 200 });
    // A plain tool still answers plainly.
    expect((await connection.callTool('echo', { text: 'hi' })).content).toEqual([{ type: 'text', text: 'hi' }]);
  }, 20_000);

  /** An inbox handler that answers every elicitation with `answer` (after `wait`), noting what it was asked. */
  function elicitationAnswerer(answer: Record<string, unknown>, wait: (signal: AbortSignal) => Promise<void> = async () => undefined) {
    const asked: Array<{ origin: InboxOrigin; params: Record<string, unknown> }> = [];
    const handler: InboxHandler = {
      elicitation: async (origin, params, signal) => {
        asked.push({ origin, params });
        await wait(signal);
        return answer;
      },
      sampling: () => Promise.reject(new Error('no sampling here')),
      roots: () => [],
      refused: () => undefined,
    };
    return { asked, capabilities: (host: CapabilityHost) => [new InboxCapability(host, handler)] };
  }

  it('a task that needs input: its inputRequests are answered through the inbox and sent with tasks/update, then it completes', async () => {
    const answerer = elicitationAnswerer({ action: 'accept', content: { publish: true } });
    const { connection, methods, sent } = await connect(tasks2026.url, 10_000, answerer.capabilities);
    const result = await connection.callTool('confirm_report', { topic: 'bees' }, { toolCallId: 'toolu_confirm' });
    expect(result.content).toEqual([{ type: 'text', text: 'Published the report on bees.' }]);
    expect(answerer.asked).toHaveLength(1);
    expect(answerer.asked[0]?.origin).toEqual({ server: 'server', era: 'modern', inputKey: CONFIRM_KEY, toolCallId: 'toolu_confirm' });
    expect(answerer.asked[0]?.params).toMatchObject({ message: 'Publish the report on bees?', requestedSchema: CONFIRM_SCHEMA });
    const updates = sent('tasks/update').map((exchange) => JSON.parse(exchange.requestBody ?? '{}') as { params: unknown });
    const taskId = connection.getState().tasks?.[0]?.taskId;
    expect(updates.map((update) => update.params)).toEqual([
      expect.objectContaining({ taskId, inputResponses: { [CONFIRM_KEY]: { action: 'accept', content: { publish: true } } } }),
    ]);
    expect(methods().indexOf('tasks/update')).toBeLessThan(methods().lastIndexOf('tasks/get'));
    expect(connection.getState().tasks?.[0]).toMatchObject({ status: 'completed', form: '2026-07-28' });
  }, 20_000);

  it('cancelling a task while its question is open stops the question and the call', async () => {
    let stopped = false;
    const answerer = elicitationAnswerer(
      { action: 'accept', content: { publish: true } },
      (signal) =>
        new Promise((_resolve, reject) =>
          signal.addEventListener('abort', () => ((stopped = true), reject(signal.reason)), { once: true }),
        ),
    );
    const { connection, methods } = await connect(tasks2026.url, 10_000, answerer.capabilities);
    const running = connection.callTool('confirm_report', { topic: 'bees' });
    await until(() => answerer.asked.length === 1);
    await connection.cancelTask(connection.getState().tasks?.[0]?.taskId ?? '');
    await expect(running).rejects.toMatchObject({ code: 'cancelled' });
    expect(stopped).toBe(true);
    expect(methods()).not.toContain('tasks/update');
    expect(connection.getState().tasks?.[0]?.status).toBe('cancelled');
  }, 20_000);

  it('cancels a 2026 task (an empty acknowledgement)', async () => {
    const { connection } = await connect(tasks2026.url);
    const running = connection.callTool('never_ends', {});
    await until(() => (connection.getState().tasks ?? []).length === 1);
    await connection.cancelTask(connection.getState().tasks?.[0]?.taskId ?? '');
    await expect(running).rejects.toMatchObject({ code: 'cancelled' });
    expect(connection.getState().tasks?.[0]?.status).toBe('cancelled');
  }, 20_000);

  it('gives up on a task that never ends after five times the timeout, cancels it, and says so', async () => {
    const { connection, methods } = await connect(tasks2026.url, 300);
    const error = await connection.callTool('never_ends', {}).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(McpError);
    expect((error as McpError).code).toBe('timeout');
    expect((error as McpError).message).toMatch(/did not finish within 1\.5 s/);
    expect(methods()).toContain('tasks/cancel');
    expect(connection.getState().tasks?.[0]?.problem).toMatch(/did not finish/);
    // The connection keeps working.
    expect((await connection.callTool('echo', { text: 'still here' })).content).toEqual([{ type: 'text', text: 'still here' }]);
  }, 20_000);
});
