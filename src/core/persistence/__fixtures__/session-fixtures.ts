/**
 * Shared test material for core/persistence: a real AgentSession with no network, a
 * conversation with a tool call, and a traffic log filled through its public API.
 */
import { AgentSession } from '../../agent/agent-session';
import type { AgentSessionData } from '../../agent/session-types';
import { PolicyStore, ToolRegistry } from '../../tools';
import { TrafficLog } from '../../traffic/traffic-log';
import { memoryStorage } from '../../shared/key-value-storage';

/** The API key the tests set and then look for in storage and files. */
export const TEST_API_KEY = 'sk-test-key-1234567890';
/** A bearer token the test config carries in a header. */
export const TEST_BEARER = 'bearer-token-abcdef123456';

/** A config with a secret header value. */
export const CONFIG_WITH_SECRET = `{
  // the demo server
  "mcpServers": {
    "weather": { "url": "http://127.0.0.1:4101/mcp", "headers": { "Authorization": "Bearer ${TEST_BEARER}" } }
  }
}`;

/** A session that never touches the network (its tool calls and model fetches reject). */
export function createOfflineSession(): AgentSession {
  return new AgentSession({
    registry: new ToolRegistry(),
    policies: new PolicyStore({ storage: memoryStorage() }),
    callMcpTool: () => Promise.reject(new Error('offline')),
    modelFetch: () => () => Promise.reject(new Error('offline')),
    initialSettings: { apiKey: TEST_API_KEY },
  });
}

/** A one-turn conversation: a question, a tool call with its result, and the answer. */
export function conversationData(): AgentSessionData {
  return {
    version: 1,
    settings: { provider: 'anthropic', model: 'claude-test', baseUrl: 'http://127.0.0.1:9/', maxSteps: 10, maxTokens: 1024 },
    items: [
      { kind: 'user', id: 'u1', text: 'Weather in Paris?', at: 1000 },
      {
        kind: 'assistant',
        id: 'a1',
        turn: 1,
        step: 1,
        text: 'Let me check.',
        streaming: false,
        at: 1100,
        provider: 'anthropic',
        stopReason: 'tool_use',
      },
      {
        kind: 'tool-call',
        id: 'toolu_1',
        turn: 1,
        step: 1,
        publicName: 'weather_get_forecast',
        server: 'weather',
        remoteName: 'get_forecast',
        origin: 'mcp',
        args: { city: 'Paris' },
        status: 'done',
        decision: 'allowed-once',
        mcpResult: { content: [{ type: 'text', text: 'Sunny in Paris' }] },
      },
      {
        kind: 'assistant',
        id: 'a2',
        turn: 1,
        step: 2,
        text: 'Sunny in Paris.',
        streaming: false,
        at: 1300,
        provider: 'anthropic',
        stopReason: 'end_turn',
      },
    ],
    history: [
      { role: 'user', parts: [{ type: 'text', text: 'Weather in Paris?' }] },
      {
        role: 'assistant',
        parts: [
          { type: 'text', text: 'Let me check.' },
          { type: 'tool-call', toolCallId: 'toolu_1', toolName: 'weather_get_forecast', input: { city: 'Paris' } },
        ],
      },
      {
        role: 'tool',
        parts: [
          {
            type: 'tool-result',
            toolCallId: 'toolu_1',
            toolName: 'weather_get_forecast',
            result: { parts: [{ type: 'text', text: 'Sunny in Paris' }], isError: false },
          },
        ],
      },
      { role: 'assistant', parts: [{ type: 'text', text: 'Sunny in Paris.' }] },
    ],
    timelines: [{ turn: 1, startedAt: 1000, endedAt: 1300, spans: [{ kind: 'model', label: 'model', start: 1000, end: 1100, step: 1 }] }],
    turn: 1,
    requests: [],
  } as AgentSessionData;
}

/** Adds one model exchange (done) and one MCP exchange with a paired request and response. */
export function recordTurn(log: TrafficLog, at = 1000): void {
  const model = log.beginExchange({
    wire: 'model',
    source: 'anthropic',
    method: 'POST',
    url: 'http://127.0.0.1:9/v1/messages',
    startedAt: at,
    requestHeaders: { 'content-type': 'application/json', 'x-api-key': '[redacted]' },
    requestBody: '{"model":"claude-test"}',
    turn: 1,
    step: 1,
  });
  log.updateExchange(model, { state: 'done', status: 200, responseBody: '{"content":[]}', durationMs: 40 });
  const mcp = log.beginExchange({
    wire: 'mcp',
    source: 'weather',
    method: 'POST',
    url: 'http://127.0.0.1:4101/mcp',
    startedAt: at + 50,
    requestHeaders: { authorization: 'Bearer [redacted]' },
    requestBody: '{"jsonrpc":"2.0","id":1,"method":"tools/call"}',
    toolCallId: 'toolu_1',
  });
  log.addMessage({
    server: 'weather',
    direction: 'out',
    method: 'tools/call',
    rpcId: 1,
    message: { jsonrpc: '2.0', id: 1, method: 'tools/call' },
    at: at + 50,
    exchangeId: mcp,
    toolCallId: 'toolu_1',
  });
  log.addMessage({
    server: 'weather',
    direction: 'in',
    method: '',
    rpcId: 1,
    message: { jsonrpc: '2.0', id: 1, result: { content: [] } },
    at: at + 80,
    exchangeId: mcp,
  });
  log.updateExchange(mcp, { state: 'done', status: 200, durationMs: 30 });
}

/** Adds `count` plain MCP exchanges, each with one notification message. */
export function recordMany(log: TrafficLog, count: number): void {
  for (let index = 0; index < count; index++) {
    const id = log.beginExchange({
      wire: 'mcp',
      source: 'weather',
      method: 'POST',
      url: 'http://127.0.0.1:4101/mcp',
      startedAt: index,
      requestHeaders: {},
      state: 'done',
      status: 202,
    });
    log.addMessage({
      server: 'weather',
      direction: 'out',
      method: 'notifications/progress',
      message: { jsonrpc: '2.0', method: 'notifications/progress', params: { n: index } },
      at: index,
      exchangeId: id,
    });
  }
}

/** A fresh log whose notifications run synchronously (no microtask wait in tests). */
export function syncLog(): TrafficLog {
  return new TrafficLog({ schedule: (flush) => flush() });
}
