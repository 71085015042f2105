/**
 * Recordings to make mocks from (tests only), filled through the traffic log's own API so the
 * pairing of answers to requests is the log's: a 2025 session (initialize, lists, a call with
 * progress and a sampling request on its stream, a list change on the GET stream) and a 2026
 * one (server/discover, a call answered in two input_required rounds).
 */
import { TrafficLog } from '../../traffic/traffic-log';
import type { MockRecording } from '../from-recording';

/** Builds a recording message by message: `out`/`in` add a message on an exchange of `server`. */
class RecordingBuilder {
  readonly log = new TrafficLog({ schedule: () => {} });
  private at = Date.parse('2026-12-01T10:00:00Z');

  exchange(server: string, method = 'POST', responseHeaders: Record<string, string> = {}): number {
    return this.log.beginExchange({
      wire: 'mcp',
      source: server,
      method,
      url: `https://${server}.example.com/mcp?api_key=sk-live-secret-abcdef`,
      startedAt: this.at,
      requestHeaders: {},
      status: 200,
      responseHeaders,
    });
  }

  message(server: string, exchangeId: number, direction: 'out' | 'in', message: Record<string, unknown>): void {
    this.at += 10;
    const id = message['id'];
    this.log.addMessage({
      server,
      direction,
      ...(typeof message['method'] === 'string' ? { method: message['method'] } : {}),
      ...(typeof id === 'string' || typeof id === 'number' ? { rpcId: id } : {}),
      message,
      at: this.at,
      exchangeId,
    });
  }

  /** One request and its answer on one exchange, with the server's own messages before the answer. */
  call(server: string, id: number, method: string, params: unknown, result: unknown, before: Record<string, unknown>[] = []): number {
    const exchange = this.exchange(server);
    this.message(server, exchange, 'out', { jsonrpc: '2.0', id, method, ...(params !== undefined ? { params } : {}) });
    for (const message of before) this.message(server, exchange, 'in', message);
    this.message(server, exchange, 'in', { jsonrpc: '2.0', id, result });
    return exchange;
  }

  recording(): MockRecording {
    const snapshot = this.log.getSnapshot();
    return { exchanges: snapshot.exchanges, messages: snapshot.messages };
  }
}

/** The tools a recorded server lists. */
export const WEATHER_TOOLS = [
  { name: 'get_forecast', inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
];

/** A 2025-era session with the server "weather" (and a little of another server, "other"). */
export function legacyRecording(): MockRecording {
  const builder = new RecordingBuilder();
  const init = builder.exchange('weather', 'POST', { 'mcp-session-id': 'session-1' });
  builder.message('weather', init, 'out', {
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: { sampling: {} }, clientInfo: { name: 'glassbox', version: '1' } },
  });
  builder.message('weather', init, 'in', {
    jsonrpc: '2.0',
    id: 0,
    result: {
      protocolVersion: '2025-11-25',
      capabilities: { tools: { listChanged: true } },
      serverInfo: { name: 'weather-server', version: '1.2.0' },
      instructions: 'Ask for a city.',
    },
  });
  const initialized = builder.exchange('weather');
  builder.message('weather', initialized, 'out', { jsonrpc: '2.0', method: 'notifications/initialized' });
  const getStream = builder.exchange('weather', 'GET');
  builder.call('weather', 1, 'tools/list', {}, { tools: WEATHER_TOOLS });
  const other = builder.exchange('other');
  builder.message('other', other, 'out', { jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-11-25' } });
  const call = builder.exchange('weather');
  builder.message('weather', call, 'out', {
    jsonrpc: '2.0',
    id: 2,
    method: 'tools/call',
    params: { name: 'get_forecast', arguments: { city: 'Paris' }, _meta: { progressToken: 7 } },
  });
  builder.message('weather', call, 'in', {
    jsonrpc: '2.0',
    method: 'notifications/progress',
    params: { progressToken: 7, progress: 1, total: 2 },
  });
  builder.message('weather', call, 'in', {
    jsonrpc: '2.0',
    id: 0,
    method: 'sampling/createMessage',
    params: { messages: [{ role: 'user', content: { type: 'text', text: 'Summarise' } }], maxTokens: 100 },
  });
  const reply = builder.exchange('weather');
  builder.message('weather', reply, 'out', {
    jsonrpc: '2.0',
    id: 0,
    result: { role: 'assistant', content: { type: 'text', text: 'Sunny' }, model: 'm' },
  });
  builder.message('weather', call, 'in', { jsonrpc: '2.0', id: 2, result: { content: [{ type: 'text', text: 'Sunny in Paris' }] } });
  builder.message('weather', getStream, 'in', { jsonrpc: '2.0', method: 'notifications/tools/list_changed' });
  builder.call(
    'weather',
    3,
    'tools/call',
    { name: 'get_forecast', arguments: { city: 'Oslo' } },
    { content: [{ type: 'text', text: 'Snow in Oslo' }] },
  );
  builder.call(
    'weather',
    4,
    'tools/call',
    { name: 'get_forecast', arguments: { city: 'Oslo' } },
    { content: [{ type: 'text', text: 'Rain in Oslo' }] },
  );
  return builder.recording();
}

const MODERN_META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'glassbox', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': { elicitation: {} },
};

/** A 2026 session with the server "calendar": discover, tools/list, a call answered after one elicitation round. */
export function modernRecording(): MockRecording {
  const builder = new RecordingBuilder();
  builder.call(
    'calendar',
    1,
    'server/discover',
    { _meta: MODERN_META },
    {
      resultType: 'complete',
      supportedVersions: ['2026-07-28'],
      capabilities: { tools: {} },
      _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'calendar-server', version: '2.0.0' } },
    },
  );
  builder.call(
    'calendar',
    2,
    'tools/list',
    { _meta: MODERN_META },
    { resultType: 'complete', ttlMs: 0, cacheScope: 'private', tools: [{ name: 'add_event', inputSchema: { type: 'object' } }] },
  );
  builder.call(
    'calendar',
    3,
    'tools/call',
    { name: 'add_event', arguments: { title: 'Lunch' }, _meta: MODERN_META },
    {
      resultType: 'input_required',
      inputRequests: {
        when: { method: 'elicitation/create', params: { message: 'When?', requestedSchema: { type: 'object', properties: {} } } },
      },
      requestState: 'state-abc',
    },
  );
  builder.call(
    'calendar',
    4,
    'tools/call',
    {
      name: 'add_event',
      arguments: { title: 'Lunch' },
      inputResponses: { when: { action: 'accept', content: { at: 'noon' } } },
      requestState: 'state-abc',
      _meta: MODERN_META,
    },
    { resultType: 'complete', content: [{ type: 'text', text: 'Added Lunch at noon' }] },
  );
  return builder.recording();
}
