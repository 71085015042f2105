/**
 * The agent loop end to end over real HTTP: the scripted model server speaks the real
 * Anthropic and OpenAI wire formats, requests go through a real recording fetch into a real
 * traffic log, tools come from a real ToolRegistry and PolicyStore. Only the MCP side is a
 * function of our own (callMcpTool), which is the loop's boundary.
 */
import { memoryStorage } from '../shared/key-value-storage';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { start, type ModelServerHandle, type ScriptStep } from '../../../e2e/servers/model-server.mjs';
import type { ProviderId } from '../providers';
import { PolicyStore, ToolRegistry } from '../tools';
import { createWireTap, SecretRegistry, TrafficLog } from '../traffic';
import type { CallContext } from '../traffic';
import { AgentSession } from './agent-session';
import type { AgentSessionDeps } from './session-services';
import type { AgentSnapshot, AssistantItem, ChatItem, ErrorItem, ModelSettings, ToolCallItem } from './session-types';
import { sleepWithSignal } from './sleep';
import type { McpCallOptions } from './execute-tool-call';

let server: ModelServerHandle;

beforeAll(async () => {
  server = await start({ port: 0, chunkDelayMs: 5 });
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.reset();
});

const FORMATS: ProviderId[] = ['anthropic', 'openai'];
const FORECAST = 'weather_get_forecast';

function baseUrl(provider: ProviderId): string {
  return provider === 'openai' ? `${server.url}/v1` : server.url;
}

interface McpCall {
  server: string;
  remoteName: string;
  args: Record<string, unknown>;
  options: McpCallOptions;
  startedAt: number;
  endedAt?: number;
}

interface HarnessOptions {
  provider?: ProviderId;
  settings?: Partial<ModelSettings>;
  /** Replaces the default fake MCP call (answers "Sunny in <city>" after `mcpDelayMs`). */
  callMcpTool?: AgentSessionDeps['callMcpTool'];
  mcpDelayMs?: number;
  /** Policy for weather/get_forecast; default allow. `undefined` = the default (ask). */
  forecastPolicy?: 'allow' | 'ask' | 'deny' | undefined;
  /** Rewrites each model request body before it leaves (simulates a server ignoring `stream`). */
  rewriteBody?: (body: Record<string, unknown>) => Record<string, unknown>;
  pageOrigin?: string;
  /** Replaces the instant test sleep. */
  sleep?: AgentSessionDeps['sleep'];
}

function createHarness(options: HarnessOptions = {}) {
  const provider = options.provider ?? 'anthropic';
  const log = new TrafficLog();
  const secrets = new SecretRegistry();
  const baseFetch: typeof fetch = options.rewriteBody
    ? async (input, init) => {
        const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
        return fetch(input, { ...init, body: JSON.stringify(options.rewriteBody?.(body)) });
      }
    : fetch;
  const modelFetch = (source: ProviderId, context: CallContext) =>
    createWireTap({ log, wire: 'model', source, secrets, context })(baseFetch) as typeof fetch;

  const registry = new ToolRegistry();
  registry.setServerTools('weather', [
    {
      name: 'get_forecast',
      description: 'Forecast for a city.',
      inputSchema: {
        type: 'object',
        properties: { city: { type: 'string' }, days: { type: 'integer', minimum: 1, maximum: 7 } },
        required: ['city'],
      },
    },
  ]);
  const localRuns: unknown[] = [];
  registry.registerLocalTool({
    name: 'add_reminder',
    description: 'Adds a reminder.',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
    async run(args) {
      localRuns.push(args);
      return { content: [{ type: 'text', text: `Reminder saved: ${(args as { text: string }).text}` }] };
    },
  });
  const policies = new PolicyStore({ storage: memoryStorage() });
  const forecastPolicy = 'forecastPolicy' in options ? options.forecastPolicy : 'allow';
  if (forecastPolicy !== undefined) policies.setPolicy('weather', 'get_forecast', forecastPolicy);
  policies.setPolicy('local', 'add_reminder', 'allow');

  const mcpCalls: McpCall[] = [];
  const defaultCall: AgentSessionDeps['callMcpTool'] = async (serverName, remoteName, args, callOptions) => {
    const call: McpCall = { server: serverName, remoteName, args, options: callOptions, startedAt: performance.now() };
    mcpCalls.push(call);
    await new Promise((resolve) => setTimeout(resolve, options.mcpDelayMs ?? 0));
    call.endedAt = performance.now();
    return { content: [{ type: 'text', text: `Sunny in ${String(args['city'])}` }] };
  };
  const sleeps: number[] = [];
  const session = new AgentSession({
    registry,
    policies,
    callMcpTool: options.callMcpTool
      ? async (serverName, remoteName, args, callOptions) => {
          mcpCalls.push({ server: serverName, remoteName, args, options: callOptions, startedAt: performance.now() });
          return options.callMcpTool!(serverName, remoteName, args, callOptions);
        }
      : defaultCall,
    timeoutFor: () => 5_000,
    modelFetch,
    sleep: async (ms, signal) => {
      sleeps.push(ms);
      await options.sleep?.(ms, signal);
    },
    registerSecret: (value) => secrets.add(value),
    ...(options.pageOrigin !== undefined ? { pageOrigin: options.pageOrigin } : {}),
    initialSettings: {
      provider,
      model: 'scripted-model',
      baseUrl: baseUrl(provider),
      apiKey: 'test-key-123',
      ...options.settings,
    },
  });
  const modelExchanges = () => log.getSnapshot().exchanges.filter((exchange) => exchange.wire === 'model');
  return { session, log, registry, policies, mcpCalls, localRuns, sleeps, modelExchanges };
}

function script(steps: ScriptStep[]): void {
  server.setScript(steps);
}

function requestBody(index: number): Record<string, unknown> {
  const request = server.requests()[index];
  if (!request) throw new Error(`No model request #${index}`);
  return request.body as Record<string, unknown>;
}

function itemsOf<K extends ChatItem['kind']>(snapshot: AgentSnapshot, kind: K): Array<Extract<ChatItem, { kind: K }>> {
  return snapshot.items.filter((item): item is Extract<ChatItem, { kind: K }> => item.kind === kind);
}

async function waitFor<T>(read: () => T | undefined | false, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error('waitFor timed out');
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

function toolItem(session: AgentSession, id?: string): ToolCallItem | undefined {
  return itemsOf(session.getSnapshot(), 'tool-call').find((item) => id === undefined || item.id === id);
}

describe.each(FORMATS)('AgentSession over %s', (provider) => {
  it('streams a text reply into the assistant item, then keeps it in the history', async () => {
    const { session, modelExchanges } = createHarness({ provider });
    script([{ text: 'Paris is sunny today, with a light breeze from the west and no rain.' }]);
    const seen: string[] = [];
    session.subscribe(() => {
      const assistant = itemsOf(session.getSnapshot(), 'assistant')[0];
      if (assistant?.streaming) seen.push(assistant.text);
    });

    await session.send('Weather in Paris?');

    const snapshot = session.getSnapshot();
    const [assistant] = itemsOf(snapshot, 'assistant');
    expect(assistant).toMatchObject({
      text: 'Paris is sunny today, with a light breeze from the west and no rain.',
      streaming: false,
      provider,
      turn: 1,
      step: 1,
      stopReason: provider === 'anthropic' ? 'end_turn' : 'stop',
    });
    // Several partial texts were shown while the stream was arriving.
    expect(new Set(seen).size).toBeGreaterThan(2);
    expect(seen.every((text) => assistant!.text.startsWith(text))).toBe(true);
    expect(snapshot.history).toEqual([
      { role: 'user', parts: [{ type: 'text', text: 'Weather in Paris?' }] },
      { role: 'assistant', parts: [{ type: 'text', text: assistant!.text }] },
    ]);
    expect(snapshot.running).toBe(false);
    expect(snapshot.canRetry).toBe(false);

    const request = server.requests()[0]!;
    expect(request.format).toBe(provider);
    expect(request.stream).toBe(true);
    const [exchange] = modelExchanges();
    expect(exchange).toMatchObject({ turn: 1, step: 1, source: provider, state: 'done', status: 200 });
    expect(exchange!.sseEvents!.length).toBeGreaterThan(3);
    // The recorder stripped the glassbox headers before the request left.
    expect(Object.keys(request.headers).some((name) => name.startsWith('x-glassbox'))).toBe(false);
    expect(session.requestFor(1, 1)).toMatchObject({ model: 'scripted-model', stream: true, messages: [snapshot.history[0]] });
  });

  it('shows a tool call while the model writes its arguments, then runs that same card', async () => {
    const { session, mcpCalls } = createHarness({ provider });
    script([{ toolCalls: [{ name: FORECAST, input: { city: 'Copenhagen, with its harbour', days: 3 } }] }, { text: 'Done.' }]);
    const seen: Array<Pick<ToolCallItem, 'status' | 'partialArgs' | 'rawArguments' | 'server' | 'remoteName'>> = [];
    session.subscribe(() => {
      const item = toolItem(session);
      if (item?.status === 'streaming')
        seen.push({
          status: item.status,
          partialArgs: item.partialArgs,
          rawArguments: item.rawArguments,
          server: item.server,
          remoteName: item.remoteName,
        });
    });

    await session.send('Forecast?');

    // The card was there before the reply ended: its tool resolved, its arguments growing and readable part by part.
    expect(seen.length).toBeGreaterThan(1);
    expect(seen[0]).toMatchObject({ server: 'weather', remoteName: 'get_forecast' });
    const partials = seen.map((entry) => entry.partialArgs).filter((value) => value !== undefined);
    expect(partials.length).toBeGreaterThan(0);
    expect(partials.some((value) => JSON.stringify(value) !== JSON.stringify({ city: 'Copenhagen, with its harbour', days: 3 }))).toBe(
      true,
    );
    const lengths = seen.map((entry) => entry.rawArguments?.length ?? 0);
    expect(lengths).toEqual([...lengths].sort((a, b) => a - b));
    // One card in the end, the same call: it ran with the whole arguments.
    const calls = itemsOf(session.getSnapshot(), 'tool-call');
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ status: 'done', args: { city: 'Copenhagen, with its harbour', days: 3 } });
    expect(calls[0]!.partialArgs).toBeUndefined();
    expect(mcpCalls).toHaveLength(1);
  });

  it('runs a tool call and sends its result in the provider’s own shape', async () => {
    const { session, mcpCalls, modelExchanges } = createHarness({ provider });
    script([{ toolCalls: [{ name: FORECAST, input: { city: 'Paris' } }] }, { echoToolResults: true }]);

    await session.send('Weather in Paris?');

    const snapshot = session.getSnapshot();
    const call = itemsOf(snapshot, 'tool-call')[0]!;
    expect(call).toMatchObject({
      publicName: FORECAST,
      server: 'weather',
      remoteName: 'get_forecast',
      origin: 'mcp',
      args: { city: 'Paris' },
      status: 'done',
      decision: 'allowed-by-policy',
      turn: 1,
      step: 1,
      mcpResult: { content: [{ type: 'text', text: 'Sunny in Paris' }] },
      modelResult: { parts: [{ type: 'text', text: 'Sunny in Paris' }], isError: false },
      truncated: false,
    });
    expect(mcpCalls).toHaveLength(1);
    expect(mcpCalls[0]).toMatchObject({ server: 'weather', remoteName: 'get_forecast', args: { city: 'Paris' } });
    expect(mcpCalls[0]!.options).toMatchObject({ toolCallId: call.id, timeoutMs: 5_000 });
    expect(mcpCalls[0]!.options.signal).toBeInstanceOf(AbortSignal);

    const second = requestBody(1);
    const messages = second['messages'] as unknown[];
    if (provider === 'anthropic') {
      expect(messages.slice(1)).toEqual([
        { role: 'assistant', content: [{ type: 'tool_use', id: call.id, name: FORECAST, input: { city: 'Paris' } }] },
        {
          role: 'user',
          content: [{ type: 'tool_result', tool_use_id: call.id, content: [{ type: 'text', text: 'Sunny in Paris' }], is_error: false }],
        },
      ]);
    } else {
      expect(messages.slice(1)).toEqual([
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: call.id, type: 'function', function: { name: FORECAST, arguments: '{"city":"Paris"}' } }],
        },
        { role: 'tool', tool_call_id: call.id, content: 'Sunny in Paris' },
      ]);
    }
    const final = itemsOf(snapshot, 'assistant').at(-1)!;
    expect(final.text).toContain(`${FORECAST} [${call.id}] ok: Sunny in Paris`);
    expect(final.step).toBe(2);
    expect(snapshot.history.map((message) => message.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    expect(modelExchanges().map((exchange) => [exchange.turn, exchange.step])).toEqual([
      [1, 1],
      [1, 2],
    ]);
    // The neutral request of step 2 carries the tool result.
    expect(session.requestFor(1, 2)?.messages.at(-1)).toMatchObject({ role: 'tool', parts: [{ toolCallId: call.id }] });
  });

  it('tells the model when a tool result is an error (isError), keeping the server’s text', async () => {
    const { session } = createHarness({
      provider,
      callMcpTool: async () => ({ content: [{ type: 'text', text: 'City not found: Atlantis' }], isError: true }),
    });
    script([{ toolCalls: [{ name: FORECAST, input: { city: 'Atlantis' } }] }, { echoToolResults: true }]);
    await session.send('Weather in Atlantis?');
    const call = toolItem(session)!;
    expect(call.status).toBe('failed');
    expect(call.failure).toEqual({ category: 'tool-error', message: 'City not found: Atlantis' });
    expect(call.modelResult).toEqual({ parts: [{ type: 'text', text: 'City not found: Atlantis' }], isError: true });
    const messages = requestBody(1)['messages'] as Array<Record<string, unknown>>;
    if (provider === 'anthropic') {
      expect(messages[2]!['content']).toEqual([
        { type: 'tool_result', tool_use_id: call.id, content: [{ type: 'text', text: 'City not found: Atlantis' }], is_error: true },
      ]);
    } else {
      expect(messages[2]).toEqual({ role: 'tool', tool_call_id: call.id, content: 'Error: City not found: Atlantis' });
    }
  });

  it('keeps working when the server answers JSON although a stream was asked for', async () => {
    const { session, modelExchanges } = createHarness({ provider, rewriteBody: (body) => ({ ...body, stream: false }) });
    script([{ toolCalls: [{ name: FORECAST, input: { city: 'Oslo' } }] }, { text: 'Sunny in Oslo, it says.' }]);
    await session.send('Oslo?');
    const snapshot = session.getSnapshot();
    expect(server.requests().map((request) => request.stream)).toEqual([false, false]);
    expect(modelExchanges()[0]!.responseContentType).toContain('application/json');
    expect(toolItem(session)?.status).toBe('done');
    expect(itemsOf(snapshot, 'assistant').at(-1)).toMatchObject({ text: 'Sunny in Oslo, it says.', streaming: false });
    expect(snapshot.history.map((message) => message.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
  });

  it('retries a 429 after its retry-after, with both requests on the wire', async () => {
    const { session, sleeps, modelExchanges } = createHarness({ provider });
    script([{ error: { status: 429, retryAfter: 2 } }, { text: 'Here I am.' }]);
    await session.send('Hello?');
    const snapshot = session.getSnapshot();
    expect(sleeps).toEqual([2_000]);
    expect(server.requests().map((request) => request.status)).toEqual([429, 200]);
    expect(modelExchanges().map((exchange) => [exchange.status, exchange.turn, exchange.step])).toEqual([
      [429, 1, 1],
      [200, 1, 1],
    ]);
    expect(itemsOf(snapshot, 'notice').map((notice) => notice.text)).toEqual(['Too many requests: retrying in 2s (attempt 2 of 3).']);
    expect(itemsOf(snapshot, 'error')).toEqual([]);
    expect(itemsOf(snapshot, 'assistant')[0]?.text).toBe('Here I am.');
    // One model span per request.
    expect(snapshot.timelines[0]!.spans.filter((span) => span.kind === 'model')).toHaveLength(2);
  });

  it('explains a 401, keeps the history, and retry() succeeds once the key is fixed', async () => {
    const { session, modelExchanges } = createHarness({ provider, settings: { apiKey: 'bad-key' } });
    script([{ text: 'Now it works.' }]);
    await session.send('Hello?');
    let snapshot = session.getSnapshot();
    const [error] = itemsOf(snapshot, 'error');
    expect(error).toMatchObject({ code: 'bad-key', title: 'The API key was refused', retryable: false, status: 401, attempts: 1, turn: 1 });
    expect(error!.detail).toContain('401');
    expect(snapshot.canRetry).toBe(true);
    expect(snapshot.history).toEqual([{ role: 'user', parts: [{ type: 'text', text: 'Hello?' }] }]);
    expect(server.requests()).toHaveLength(1);
    // The key was registered as a secret: even an error body that echoes it is redacted.
    expect(JSON.stringify(modelExchanges())).not.toContain('bad-key');

    session.setSettings({ apiKey: 'good-key-456' });
    expect(session.getSnapshot().settings.hasApiKey).toBe(true);
    expect(JSON.stringify(session.getSnapshot())).not.toContain('good-key-456');
    await session.retry();
    snapshot = session.getSnapshot();
    expect(snapshot.canRetry).toBe(false);
    expect(itemsOf(snapshot, 'user')).toHaveLength(1);
    expect(itemsOf(snapshot, 'assistant')[0]?.text).toBe('Now it works.');
    expect(snapshot.history.map((message) => message.role)).toEqual(['user', 'assistant']);
    expect(modelExchanges().map((exchange) => [exchange.status, exchange.turn, exchange.step])).toEqual([
      [401, 1, 1],
      [200, 1, 1],
    ]);
    // The key never reached the traffic log.
    expect(JSON.stringify(modelExchanges())).not.toContain('good-key-456');
  });

  it('reports a cut stream, keeps the partial text out of the history, and can retry', async () => {
    const { session } = createHarness({ provider });
    script([{ cutStream: true, text: 'This answer will be cut off somewhere in the middle of it.' }, { text: 'Complete now.' }]);
    await session.send('Tell me.');
    let snapshot = session.getSnapshot();
    expect(itemsOf(snapshot, 'error')[0]).toMatchObject({ code: 'stream-cut', retryable: true });
    const partial = itemsOf(snapshot, 'assistant')[0]!;
    expect(partial).toMatchObject({ streaming: false, stopReason: 'incomplete' });
    expect(partial.text.length).toBeGreaterThan(0);
    expect(snapshot.history).toHaveLength(1);
    expect(snapshot.canRetry).toBe(true);
    await session.retry();
    snapshot = session.getSnapshot();
    expect(snapshot.history.map((message) => message.role)).toEqual(['user', 'assistant']);
    expect(itemsOf(snapshot, 'assistant').at(-1)?.text).toBe('Complete now.');
  });

  it('reports an error event in the middle of a stream', async () => {
    const { session } = createHarness({ provider });
    script([{ streamError: 'overloaded_error' }]);
    await session.send('Tell me.');
    const snapshot = session.getSnapshot();
    const [error] = itemsOf(snapshot, 'error');
    expect(error).toMatchObject({ code: 'stream-error', retryable: true });
    expect(error!.detail).toContain('overloaded_error');
    expect(snapshot.history).toHaveLength(1);
    expect(snapshot.canRetry).toBe(true);
  });
});

describe('tool calls', () => {
  it('runs parallel tool calls concurrently and records overlapping spans', async () => {
    const { session, mcpCalls } = createHarness({ mcpDelayMs: 80 });
    script([
      {
        toolCalls: [
          { name: FORECAST, input: { city: 'Paris' } },
          { name: FORECAST, input: { city: 'Rome' } },
          { name: 'add_reminder', input: { text: 'umbrella' } },
        ],
      },
      { echoToolResults: true },
    ]);
    await session.send('Paris and Rome?');
    expect(mcpCalls).toHaveLength(2);
    const [first, second] = mcpCalls;
    // The second call started before the first ended.
    expect(second!.startedAt).toBeLessThan(first!.endedAt!);
    const snapshot = session.getSnapshot();
    const tools = snapshot.timelines[0]!.spans.filter((span) => span.kind === 'tool');
    expect(tools).toHaveLength(3);
    const [a, b] = tools;
    expect(b!.start).toBeLessThan(a!.end!);
    // Results go back in call order, in one tool message.
    const toolMessage = snapshot.history[2]!;
    expect(toolMessage.role).toBe('tool');
    expect(toolMessage.parts.map((part) => (part.type === 'tool-result' ? part.result.parts[0] : undefined))).toEqual([
      { type: 'text', text: 'Sunny in Paris' },
      { type: 'text', text: 'Sunny in Rome' },
      { type: 'text', text: 'Reminder saved: umbrella' },
    ]);
    expect(itemsOf(snapshot, 'tool-call').map((item) => item.origin)).toEqual(['mcp', 'mcp', 'local']);
    expect(snapshot.timelines[0]!.endedAt).toBeGreaterThanOrEqual(snapshot.timelines[0]!.startedAt);
  });

  it('shows progress reported by the server', async () => {
    const progressSeen: unknown[] = [];
    const { session } = createHarness({
      callMcpTool: async (_server, _tool, _args, options) => {
        options.onProgress({ progress: 1, total: 2, message: 'half way' });
        await new Promise((resolve) => setTimeout(resolve, 20));
        return { content: [{ type: 'text', text: 'done' }] };
      },
    });
    session.subscribe(() => {
      const item = toolItem(session);
      if (item?.progress) progressSeen.push(item.progress);
    });
    script([{ toolCalls: [{ name: FORECAST, input: { city: 'Paris' } }] }, { text: 'ok' }]);
    await session.send('go');
    expect(progressSeen[0]).toEqual({ progress: 1, total: 2, message: 'half way' });
    expect(toolItem(session)?.progress).toEqual({ progress: 1, total: 2, message: 'half way' });
  });

  it('asks before running, and runs after approve once (no policy change)', async () => {
    const { session, mcpCalls, policies } = createHarness({ forecastPolicy: undefined });
    script([{ toolCalls: [{ name: FORECAST, input: { city: 'Paris' } }] }, { text: 'Sunny.' }]);
    const sent = session.send('Weather?');
    const waiting = await waitFor(() => (toolItem(session)?.status === 'awaiting-approval' ? toolItem(session) : undefined));
    expect(mcpCalls).toHaveLength(0);
    expect(session.getSnapshot().running).toBe(true);
    session.approve(waiting.id, 'once');
    await sent;
    expect(toolItem(session)).toMatchObject({ status: 'done', decision: 'allowed-once' });
    expect(mcpCalls).toHaveLength(1);
    expect(policies.explicitPolicy('weather', 'get_forecast')).toBeUndefined();
  });

  it('remembers approve always: the next call runs without asking', async () => {
    const { session, mcpCalls, policies } = createHarness({ forecastPolicy: undefined });
    script([
      { toolCalls: [{ name: FORECAST, input: { city: 'Paris' } }] },
      { text: 'Sunny.' },
      { toolCalls: [{ name: FORECAST, input: { city: 'Rome' } }] },
      { text: 'Also sunny.' },
    ]);
    const sent = session.send('Paris?');
    const waiting = await waitFor(() => (toolItem(session)?.status === 'awaiting-approval' ? toolItem(session) : undefined));
    session.approve(waiting.id, 'always');
    await sent;
    expect(toolItem(session, waiting.id)?.decision).toBe('always-allowed');
    expect(policies.explicitPolicy('weather', 'get_forecast')).toBe('allow');

    await session.send('Rome?');
    const second = itemsOf(session.getSnapshot(), 'tool-call')[1]!;
    expect(second).toMatchObject({ status: 'done', decision: 'allowed-by-policy', turn: 2 });
    expect(mcpCalls.map((call) => call.args['city'])).toEqual(['Paris', 'Rome']);
  });

  it('sends a denial to the model and never calls the tool', async () => {
    const { session, mcpCalls } = createHarness({ forecastPolicy: undefined });
    script([{ toolCalls: [{ name: FORECAST, input: { city: 'Paris' } }] }, { echoToolResults: true }]);
    const sent = session.send('Weather?');
    const waiting = await waitFor(() => (toolItem(session)?.status === 'awaiting-approval' ? toolItem(session) : undefined));
    session.deny(waiting.id);
    await sent;
    expect(mcpCalls).toHaveLength(0);
    expect(toolItem(session)).toMatchObject({ status: 'failed', decision: 'denied', failure: { category: 'denied' } });
    const content = (requestBody(1)['messages'] as Array<{ content: unknown }>)[2]!.content as Array<Record<string, unknown>>;
    expect(content[0]).toMatchObject({ type: 'tool_result', tool_use_id: waiting.id, is_error: true });
    expect(JSON.stringify(content[0])).toContain('denied');
  });

  it('answers a call denied by policy without asking', async () => {
    const { session, mcpCalls } = createHarness({ forecastPolicy: 'deny' });
    script([{ toolCalls: [{ name: FORECAST, input: { city: 'Paris' } }] }, { text: 'ok' }]);
    await session.send('Weather?');
    expect(mcpCalls).toHaveLength(0);
    expect(toolItem(session)).toMatchObject({ status: 'failed', decision: 'denied-by-policy', failure: { category: 'denied' } });
  });

  it('never sends invalid arguments to the server and names the field for the model', async () => {
    const { session, mcpCalls } = createHarness();
    script([{ toolCalls: [{ name: FORECAST, input: { city: 'Paris', days: 30 } }] }, { echoToolResults: true }]);
    await session.send('Forecast for a month?');
    expect(mcpCalls).toHaveLength(0);
    const item = toolItem(session)!;
    expect(item.status).toBe('failed');
    expect(item.failure?.category).toBe('invalid-arguments');
    expect(item.failure?.message).toContain('"days" must be at most 7');
    const content = (requestBody(1)['messages'] as Array<{ content: unknown }>)[2]!.content as Array<Record<string, unknown>>;
    expect(content[0]!['is_error']).toBe(true);
    const text = JSON.stringify(content[0]);
    expect(text).toContain('invalid-arguments');
    expect(text).toContain('days');
  });

  it('answers arguments that are not JSON (OpenAI) with invalid-arguments', async () => {
    const { session, mcpCalls } = createHarness({ provider: 'openai' });
    script([{ badArguments: true, toolCalls: [{ name: FORECAST, input: { city: 'Paris' } }] }, { echoToolResults: true }]);
    await session.send('Weather?');
    expect(mcpCalls).toHaveLength(0);
    const item = toolItem(session)!;
    expect(item.args).toBeUndefined();
    expect(item.rawArguments).toBe('{"city":"Paris"');
    expect(item.failure).toMatchObject({ category: 'invalid-arguments' });
    expect(item.failure?.message).toContain('not valid JSON');
    const tool = (requestBody(1)['messages'] as Array<Record<string, unknown>>)[2]!;
    expect(tool['role']).toBe('tool');
    expect(String(tool['content'])).toContain('invalid-arguments');
  });

  it('answers an unknown tool name with the tools that exist', async () => {
    const { session, mcpCalls } = createHarness();
    script([{ toolCalls: [{ name: 'weather_get_tides', input: {} }] }, { echoToolResults: true }]);
    await session.send('Tides?');
    expect(mcpCalls).toHaveLength(0);
    const item = toolItem(session)!;
    expect(item).toMatchObject({ status: 'failed', failure: { category: 'unknown-tool' } });
    expect(item.failure?.message).toContain(FORECAST);
    expect(JSON.stringify(requestBody(1))).toContain('unknown-tool');
  });

  it('stops at the step limit with a valid history', async () => {
    const { session, mcpCalls } = createHarness({ settings: { maxSteps: 2 } });
    const call = { toolCalls: [{ name: FORECAST, input: { city: 'Paris' } }] };
    script([call, call, call, { text: 'Finished.' }]);
    await session.send('Keep going.');
    let snapshot = session.getSnapshot();
    expect(server.requests()).toHaveLength(2);
    expect(mcpCalls).toHaveLength(1);
    expect(itemsOf(snapshot, 'notice').map((notice) => notice.text)).toEqual([
      'Stopped after 2 steps: the model kept calling tools. Raise the step limit or ask it to finish.',
    ]);
    const last = itemsOf(snapshot, 'tool-call').at(-1)!;
    expect(last).toMatchObject({ status: 'failed', failure: { category: 'cancelled' }, step: 2 });
    expect(snapshot.history.map((message) => message.role)).toEqual(['user', 'assistant', 'tool', 'assistant', 'tool']);
    expect(snapshot.canRetry).toBe(false);

    // The history is still valid: the server (which checks pairing like the real APIs) accepts it.
    server.setScript([{ text: 'Finished.' }]);
    await session.send('Please finish.');
    snapshot = session.getSnapshot();
    expect(server.requests().at(-1)!.status).toBe(200);
    expect(itemsOf(snapshot, 'assistant').at(-1)?.text).toBe('Finished.');
  });

  it('continueTurn() after the step limit asks the model again with a fresh budget of steps', async () => {
    const { session, mcpCalls } = createHarness({ settings: { maxSteps: 2 } });
    const call = { toolCalls: [{ name: FORECAST, input: { city: 'Paris' } }] };
    script([call, call, call, call, call, { text: 'Finished.' }]);
    await session.send('Keep going.');
    let snapshot = session.getSnapshot();
    expect(snapshot).toMatchObject({ canContinue: true, canRetry: false });
    expect(itemsOf(snapshot, 'notice').map((notice) => notice.code)).toEqual(['step-limit']);
    await session.retry(); // nothing failed: retry does nothing
    expect(server.requests()).toHaveLength(2);

    // Steps 3 and 4: one call runs, the next hits the (fresh) limit again.
    await session.continueTurn();
    snapshot = session.getSnapshot();
    expect(server.requests()).toHaveLength(4);
    expect(mcpCalls).toHaveLength(2);
    expect(snapshot.canContinue).toBe(true);
    expect(itemsOf(snapshot, 'notice')).toHaveLength(2);
    expect(server.requests().at(-1)!.status).toBe(200);

    // Steps 5 and 6: the call runs, then the model finishes.
    await session.continueTurn();
    snapshot = session.getSnapshot();
    expect(itemsOf(snapshot, 'assistant').at(-1)?.text).toBe('Finished.');
    expect(itemsOf(snapshot, 'assistant').at(-1)?.step).toBe(6);
    expect(snapshot.canContinue).toBe(false);
    expect(server.requests().every((request) => request.status === 200)).toBe(true);

    // A new message ends the chance to continue.
    script([call, call]);
    await session.send('Again.');
    expect(session.getSnapshot().canContinue).toBe(true);
    await session.send('Something else.');
    expect(session.getSnapshot().canContinue).toBe(false);
  });
});

describe('stop', () => {
  it.each(FORMATS)('stops mid-stream (%s): partial text kept in the chat, not in the history', async (provider) => {
    const { session, modelExchanges } = createHarness({ provider });
    const long = Array.from({ length: 120 }, (_, index) => `word${index}`).join(' ');
    script([{ text: long }, { text: 'Second answer.' }]);
    const sent = session.send('Talk a lot.');
    await waitFor(() => (itemsOf(session.getSnapshot(), 'assistant')[0]?.text.length ?? 0) > 20);
    session.stop();
    expect(session.getSnapshot().running).toBe(false);
    await sent;

    const snapshot = session.getSnapshot();
    const partial = itemsOf(snapshot, 'assistant')[0]!;
    expect(partial).toMatchObject({ streaming: false, stopReason: 'stopped' });
    expect(partial.text.length).toBeLessThan(long.length);
    expect(snapshot.history).toEqual([{ role: 'user', parts: [{ type: 'text', text: 'Talk a lot.' }] }]);
    expect(itemsOf(snapshot, 'notice').map((notice) => notice.text)).toEqual(['Stopped.']);
    expect(itemsOf(snapshot, 'error')).toEqual([]);
    expect(snapshot.canRetry).toBe(false);
    await waitFor(() => modelExchanges()[0]?.state === 'aborted');

    // The next message is accepted: two user messages in a row are valid for both providers.
    await session.send('Shorter please.');
    expect(server.requests().at(-1)!.status).toBe(200);
    expect(itemsOf(session.getSnapshot(), 'assistant').at(-1)?.text).toBe('Second answer.');
  });

  it.each(FORMATS)('stops mid-tool-call (%s): the call is cancelled and the history stays valid', async (provider) => {
    let aborted = false;
    const { session } = createHarness({
      provider,
      callMcpTool: (_server, _tool, _args, options) =>
        new Promise((_resolve, reject) => {
          options.signal.addEventListener('abort', () => {
            aborted = true;
            const error = new Error('This operation was aborted');
            error.name = 'AbortError';
            reject(error);
          });
        }),
    });
    script([
      {
        toolCalls: [
          { name: FORECAST, input: { city: 'Paris' } },
          { name: 'add_reminder', input: { text: 'umbrella' } },
        ],
      },
      { text: 'After the stop.' },
    ]);
    const sent = session.send('Weather?');
    await waitFor(() => itemsOf(session.getSnapshot(), 'tool-call').find((item) => item.status === 'running' && item.origin === 'mcp'));
    session.stop();
    await sent;
    expect(aborted).toBe(true);

    const snapshot = session.getSnapshot();
    const [forecast, reminder] = itemsOf(snapshot, 'tool-call');
    expect(forecast).toMatchObject({ status: 'failed', failure: { category: 'cancelled' } });
    expect(reminder).toMatchObject({ status: 'done' });
    expect(snapshot.history.map((message) => message.role)).toEqual(['user', 'assistant', 'tool']);
    const results = snapshot.history[2]!.parts;
    expect(results.map((part) => (part.type === 'tool-result' ? [part.toolCallId, part.result.isError] : undefined))).toEqual([
      [forecast!.id, true],
      [reminder!.id, false],
    ]);
    expect(itemsOf(snapshot, 'notice').at(-1)?.text).toBe('Stopped.');
    expect(snapshot.timelines[0]!.spans.every((span) => span.end !== undefined)).toBe(true);

    await session.send('Go on.');
    expect(server.requests().at(-1)!.status).toBe(200);
    expect(itemsOf(session.getSnapshot(), 'assistant').at(-1)?.text).toBe('After the stop.');
  });

  it('stops while a call waits for approval', async () => {
    const { session, mcpCalls } = createHarness({ forecastPolicy: undefined });
    script([{ toolCalls: [{ name: FORECAST, input: { city: 'Paris' } }] }]);
    const sent = session.send('Weather?');
    await waitFor(() => toolItem(session)?.status === 'awaiting-approval');
    session.stop();
    await sent;
    expect(mcpCalls).toHaveLength(0);
    expect(toolItem(session)).toMatchObject({ status: 'failed', failure: { category: 'cancelled' } });
    expect(session.getSnapshot().history.at(-1)?.role).toBe('tool');
  });
});

describe('switching provider mid-chat', () => {
  it('sends the next request in the other format with the earlier tool call and result', async () => {
    const { session, modelExchanges } = createHarness({ provider: 'anthropic' });
    script([{ toolCalls: [{ name: FORECAST, input: { city: 'Paris' } }] }, { text: 'Sunny in Paris.' }, { text: 'Same answer.' }]);
    await session.send('Weather in Paris?');
    const call = toolItem(session)!;

    session.setSettings({ provider: 'openai', baseUrl: baseUrl('openai') });
    const notices = itemsOf(session.getSnapshot(), 'notice');
    expect(notices.at(-1)?.text).toBe('Next request in OpenAI Chat Completions format — same history, same MCP messages.');

    await session.send('And again?');
    const request = server.requests().at(-1)!;
    expect(request.format).toBe('openai');
    expect(request.status).toBe(200);
    const messages = (request.body as { messages: unknown[] }).messages;
    expect(messages).toEqual([
      { role: 'user', content: 'Weather in Paris?' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: call.id, type: 'function', function: { name: FORECAST, arguments: '{"city":"Paris"}' } }],
      },
      { role: 'tool', tool_call_id: call.id, content: 'Sunny in Paris' },
      { role: 'assistant', content: 'Sunny in Paris.' },
      { role: 'user', content: 'And again?' },
    ]);
    expect(modelExchanges().map((exchange) => exchange.source)).toEqual(['anthropic', 'anthropic', 'openai']);
    const assistant = itemsOf(session.getSnapshot(), 'assistant').at(-1) as AssistantItem;
    expect(assistant).toMatchObject({ provider: 'openai', text: 'Same answer.', turn: 2 });
    // The earlier request can still be rebuilt from the same neutral history.
    expect(session.requestFor(1, 2)?.messages).toHaveLength(3);
  });
});

describe('model request failures', () => {
  it('gives up on 529 after three attempts, then retry() runs the turn again', async () => {
    const { session, sleeps } = createHarness();
    script([{ error: { status: 529 } }, { error: { status: 529 } }, { error: { status: 529 } }, { text: 'Back.' }]);
    await session.send('Hi');
    let snapshot = session.getSnapshot();
    expect(sleeps).toEqual([1_000, 2_000]);
    const error = itemsOf(snapshot, 'error')[0] as ErrorItem;
    expect(error).toMatchObject({ code: 'overloaded', attempts: 3, retryable: true, status: 529 });
    expect(itemsOf(snapshot, 'notice').map((notice) => notice.text)).toEqual([
      'The provider is overloaded: retrying in 1s (attempt 2 of 3).',
      'The provider is overloaded: retrying in 2s (attempt 3 of 3).',
    ]);
    expect(snapshot.canRetry).toBe(true);
    await session.retry();
    snapshot = session.getSnapshot();
    expect(itemsOf(snapshot, 'assistant')[0]?.text).toBe('Back.');
    expect(server.requests()).toHaveLength(4);
  });

  it('stops while waiting to retry', async () => {
    const { session } = createHarness({ sleep: sleepWithSignal });
    script([{ error: { status: 429, retryAfter: 30 } }, { text: 'never' }]);
    const sent = session.send('Hi');
    await waitFor(() => itemsOf(session.getSnapshot(), 'notice').length > 0);
    session.stop();
    await sent;
    const snapshot = session.getSnapshot();
    expect(server.requests()).toHaveLength(1);
    expect(itemsOf(snapshot, 'notice').map((notice) => notice.text)).toEqual([
      'Too many requests: retrying in 30s (attempt 2 of 3).',
      'Stopped.',
    ]);
    expect(itemsOf(snapshot, 'error')).toEqual([]);
    expect(snapshot.history).toHaveLength(1);
  });

  it('retries a 500 only once', async () => {
    const { session } = createHarness();
    script([{ error: { status: 500 } }, { error: { status: 500 } }, { text: 'never' }]);
    await session.send('Hi');
    expect(server.requests()).toHaveLength(2);
    expect(itemsOf(session.getSnapshot(), 'error')[0]).toMatchObject({ code: 'server-error', attempts: 2 });
  });

  it('does not retry a 400 and explains it', async () => {
    const { session } = createHarness();
    script([{ error: { status: 400 } }]);
    await session.send('Hi');
    expect(server.requests()).toHaveLength(1);
    expect(itemsOf(session.getSnapshot(), 'error')[0]).toMatchObject({ code: 'bad-request', attempts: 1 });
  });

  it('explains a failed fetch as CORS for another origin, naming the endpoint', async () => {
    const { session } = createHarness({ settings: { baseUrl: 'http://127.0.0.1:9' }, pageOrigin: 'http://localhost:5173' });
    await session.send('Hi');
    const snapshot = session.getSnapshot();
    const [error] = itemsOf(snapshot, 'error');
    expect(error).toMatchObject({ code: 'cors', title: 'The browser could not call http://127.0.0.1:9' });
    expect(error!.detail).toContain('http://127.0.0.1:9/v1/messages');
    expect(error!.detail).toContain('http://localhost:5173');
    expect(snapshot.canRetry).toBe(true);
    expect(snapshot.history).toHaveLength(1);
  });

  it('explains a failed fetch to the page’s own origin as a network problem', async () => {
    const { session } = createHarness({ settings: { baseUrl: 'http://127.0.0.1:9' }, pageOrigin: 'http://127.0.0.1:9' });
    await session.send('Hi');
    expect(itemsOf(session.getSnapshot(), 'error')[0]).toMatchObject({ code: 'network' });
  });
});

describe('session lifecycle', () => {
  it('ignores a blank message', async () => {
    const { session } = createHarness();
    await session.send('   ');
    expect(session.getSnapshot().items).toEqual([]);
    expect(server.requests()).toHaveLength(0);
  });

  it('refuses a second send while a turn runs', async () => {
    const { session } = createHarness({ forecastPolicy: undefined });
    script([{ toolCalls: [{ name: FORECAST, input: { city: 'Paris' } }] }]);
    const sent = session.send('one');
    await waitFor(() => toolItem(session)?.status === 'awaiting-approval');
    await expect(session.send('two')).rejects.toMatchObject({ code: 'busy' });
    session.stop();
    await sent;
  });

  it('newSession clears the conversation and keeps the settings', async () => {
    const { session } = createHarness({ settings: { maxSteps: 4, system: 'Be brief.' } });
    script([{ text: 'Hi.' }]);
    await session.send('Hello');
    expect(requestBody(0)['system']).toBe('Be brief.');
    session.newSession();
    const snapshot = session.getSnapshot();
    expect(snapshot).toMatchObject({ items: [], history: [], timelines: [], turn: 0, running: false, canRetry: false });
    expect(snapshot.settings).toMatchObject({ maxSteps: 4, system: 'Be brief.', hasApiKey: true, model: 'scripted-model' });
    expect(session.getApiKey()).toBe('test-key-123');
    expect(session.requestFor(1, 1)).toBeUndefined();
  });

  it('exports plain JSON without the key and imports it back', async () => {
    const { session } = createHarness();
    script([{ toolCalls: [{ name: FORECAST, input: { city: 'Paris' } }] }, { text: 'Sunny.' }]);
    await session.send('Weather?');
    const data = session.exportData();
    const text = JSON.stringify(data);
    expect(text).not.toContain('test-key-123');
    expect(data.requests.map((record) => [record.turn, record.step, record.messageCount])).toEqual([
      [1, 1, 1],
      [1, 2, 3],
    ]);

    const { session: other } = createHarness({ provider: 'openai' });
    expect(other.importData(JSON.parse(text))).toEqual({ problems: [] });
    const snapshot = other.getSnapshot();
    expect(snapshot.items).toEqual(session.getSnapshot().items);
    expect(snapshot.history).toEqual(session.getSnapshot().history);
    expect(snapshot.turn).toBe(1);
    expect(snapshot.settings.provider).toBe('anthropic');
    expect(other.getApiKey()).toBe('test-key-123');
    expect(other.requestFor(1, 2)).toEqual(session.requestFor(1, 2));

    // The restored conversation continues.
    script([{ text: 'Still sunny.' }]);
    await other.send('And now?');
    expect(server.requests().at(-1)!.status).toBe(200);
    expect(other.getSnapshot().turn).toBe(2);
  });

  it('batches notifications per microtask and keeps the snapshot stable between changes', async () => {
    const { session } = createHarness();
    let calls = 0;
    session.subscribe(() => calls++);
    session.setSettings({ maxTokens: 100 });
    session.setSettings({ maxTokens: 200 });
    expect(calls).toBe(0);
    await Promise.resolve();
    expect(calls).toBe(1);
    expect(session.getSnapshot()).toBe(session.getSnapshot());
    expect(session.getSnapshot().settings.maxTokens).toBe(200);
  });
});

describe('the OpenAI Responses format, through the same loop', () => {
  for (const stream of [true, false]) {
    it(`runs a tool-using turn with function_call and function_call_output items (${stream ? 'streamed' : 'JSON'})`, async () => {
      const { session, mcpCalls, modelExchanges } = createHarness({
        provider: 'openai-responses',
        ...(stream ? {} : { rewriteBody: (body: Record<string, unknown>) => ({ ...body, stream: false }) }),
      });
      script([{ text: 'Let me check.', toolCalls: [{ name: FORECAST, input: { city: 'Paris' } }] }, { echoToolResults: true }]);
      await session.send('Weather in Paris?');
      const call = toolItem(session)!;
      expect(call.status).toBe('done');
      expect(mcpCalls[0]).toMatchObject({ server: 'weather', remoteName: 'get_forecast', args: { city: 'Paris' } });

      const first = requestBody(0);
      expect(first).toMatchObject({ store: false, max_output_tokens: expect.any(Number) });
      expect(first).not.toHaveProperty('previous_response_id');
      expect(first['tools']).toContainEqual(expect.objectContaining({ type: 'function', name: FORECAST, strict: false }));
      const input = requestBody(1)['input'] as unknown[];
      expect(input.slice(1)).toEqual([
        { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Let me check.' }] },
        { type: 'function_call', call_id: call.id, name: FORECAST, arguments: '{"city":"Paris"}' },
        { type: 'function_call_output', call_id: call.id, output: 'Sunny in Paris' },
      ]);
      const final = itemsOf(session.getSnapshot(), 'assistant').at(-1)!;
      expect(final).toMatchObject({ provider: 'openai-responses', stopReason: 'completed' });
      expect(final.text).toContain(`${FORECAST} [${call.id}] ok: Sunny in Paris`);
      expect(modelExchanges().map((exchange) => exchange.url)).toEqual([`${server.url}/v1/responses`, `${server.url}/v1/responses`]);
    });
  }
});
