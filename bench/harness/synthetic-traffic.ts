/**
 * Realistic synthetic MCP traffic for the scale bench and the scale browser test: the
 * records the wire tap would write for three servers
 * (2025-era sessions: a GET stream each, POSTs answered with Server-Sent Events), written
 * through the real TrafficLog API so pairing and ids are the log's own; each message names its
 * exchange, as the tap records it.
 *
 * Every generated message is a row of the MCP wire panel; the three GET streams carry no
 * JSON-RPC request, so each adds one `HTTP GET` row as well.
 */
import type { TrafficLog } from '../../src/core/traffic';
import type { HeaderMap, SseEventRecord } from '../../src/core/traffic';

/** What was written: exact counts a test can check the panel against. */
export interface SyntheticTrafficSummary {
  /** JSON-RPC messages written (one row each). */
  messages: number;
  /** HTTP exchanges written (POSTs plus the GET streams). */
  exchanges: number;
  /** Rows the panel shows unfiltered: every message plus one per GET stream. */
  rows: number;
  /** Message rows per JSON-RPC method (a response counts under the method it answers). */
  byMethod: Record<string, number>;
  /** Rows per server. */
  byServer: Record<string, number>;
  /** Sequence number of the last message written. */
  lastSeq: number;
  /** The city named in the last tools/call request (a unique marker: `City <n>`). */
  lastCity?: string;
}

const SERVERS = ['weather', 'calendar', 'files'] as const;
const PROTOCOL = '2025-11-25';
const CONDITIONS = ['sunny', 'cloudy', 'rain', 'snow', 'fog', 'windy'];

/** Tools each server's calls use, with arguments built from the group number. */
const TOOLS: Record<(typeof SERVERS)[number], { name: string; args(group: number): Record<string, unknown> }> = {
  weather: { name: 'get_forecast', args: (group) => ({ city: `City ${group}`, days: 1 + (group % 7) }) },
  calendar: { name: 'list_events', args: (group) => ({ from: `2026-0${1 + (group % 9)}-01`, city: `City ${group}`, limit: 20 }) },
  files: { name: 'read_file', args: (group) => ({ path: `/notes/city-${group}.md`, city: `City ${group}` }) },
};

/** A text result like the demo servers send. */
function resultFor(server: string, group: number): Record<string, unknown> {
  const condition = CONDITIONS[group % CONDITIONS.length] ?? 'sunny';
  const days = 1 + (group % 7);
  if (server === 'weather') {
    const list = Array.from({ length: days }, (_, day) => ({
      day: day + 1,
      condition,
      high: 10 + ((group + day) % 20),
      low: (group + day) % 10,
      precipitationChance: (group * 7 + day) % 100,
    }));
    return {
      content: [
        { type: 'text', text: `City ${group}: ${list.map((d) => `day ${d.day} ${d.condition} ${d.high}/${d.low} °C`).join(', ')}` },
      ],
      structuredContent: { city: `City ${group}`, unit: 'celsius', days: list },
    };
  }
  if (server === 'calendar') {
    return { content: [{ type: 'text', text: `3 events in City ${group}: stand-up 09:00, review 14:00, ${condition} walk 18:00` }] };
  }
  return { content: [{ type: 'text', text: `# City ${group}\n\nNotes about City ${group}. The weather was ${condition}.` }] };
}

/** Options for `fillSyntheticTraffic`. */
export interface FillOptions {
  /** Epoch milliseconds of the first record. Default is 2026-05-01T09:00:00Z. */
  startAt?: number;
  /** Milliseconds between two call groups. Default is 4. */
  stepMs?: number;
}

/**
 * Writes exactly `messageCount` JSON-RPC messages (plus the exchanges that carried them)
 * into `log`: mostly tools/call with a response, every 20th group a tools/list, every 4th
 * call with a progress notification, and log notifications on the GET streams.
 */
export function fillSyntheticTraffic(log: TrafficLog, messageCount: number, options: FillOptions = {}): SyntheticTrafficSummary {
  const startAt = options.startAt ?? Date.UTC(2026, 4, 1, 9, 0, 0);
  const stepMs = options.stepMs ?? 4;
  const summary: SyntheticTrafficSummary = { messages: 0, exchanges: 0, rows: 0, byMethod: {}, byServer: {}, lastSeq: 0 };
  const count = (server: string, method: string | undefined) => {
    summary.messages += 1;
    summary.rows += 1;
    if (method !== undefined) summary.byMethod[method] = (summary.byMethod[method] ?? 0) + 1;
    summary.byServer[server] = (summary.byServer[server] ?? 0) + 1;
  };

  const sessions = new Map<string, { id: string; nextRpcId: number; stream: number }>();
  for (const [index, server] of SERVERS.entries()) {
    const sessionId = `${server}-session-${(0x5eed + index).toString(16)}`;
    const stream = log.beginExchange({
      wire: 'mcp',
      source: server,
      method: 'GET',
      url: `http://127.0.0.1:${3101 + index}/mcp`,
      startedAt: startAt,
      headersMs: 3,
      state: 'streaming',
      requestHeaders: { accept: 'text/event-stream', 'mcp-protocol-version': PROTOCOL, 'mcp-session-id': sessionId },
      status: 200,
      statusText: 'OK',
      responseHeaders: { 'content-type': 'text/event-stream', 'mcp-session-id': sessionId },
      responseContentType: 'text/event-stream',
      sseEvents: [],
    });
    summary.exchanges += 1;
    summary.rows += 1;
    summary.byServer[server] = (summary.byServer[server] ?? 0) + 1;
    sessions.set(server, { id: sessionId, nextRpcId: 2, stream });
  }

  const post = (server: string, session: { id: string }, request: unknown, at: number, events: SseEventRecord[]) => {
    const requestHeaders: HeaderMap = {
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
      'mcp-protocol-version': PROTOCOL,
      'mcp-session-id': session.id,
    };
    return log.beginExchange({
      wire: 'mcp',
      source: server,
      method: 'POST',
      requestMessages: 1,
      url: `http://127.0.0.1:${3101 + SERVERS.indexOf(server as (typeof SERVERS)[number])}/mcp`,
      startedAt: at,
      durationMs: 3,
      headersMs: 2,
      state: 'done',
      requestHeaders,
      requestBody: JSON.stringify(request),
      status: 200,
      statusText: 'OK',
      responseHeaders: { 'content-type': 'text/event-stream', 'mcp-session-id': session.id },
      responseContentType: 'text/event-stream',
      sseEvents: events,
    });
  };

  let group = 0;
  while (summary.messages < messageCount) {
    const server = SERVERS[group % SERVERS.length] ?? 'weather';
    const session = sessions.get(server)!;
    const at = startAt + 10 + group * stepMs;
    const left = messageCount - summary.messages;
    const isList = group % 20 === 0;
    const withProgress = !isList && group % 4 === 1;
    const size = isList ? 2 : withProgress ? 3 : 2;

    if (left < size || group % 25 === 7) {
      // A log notification on the server's GET stream (also fills an odd remainder).
      const notification = {
        jsonrpc: '2.0',
        method: 'notifications/message',
        params: { level: 'info', logger: server, data: `Cache warmed for City ${group}` },
      };
      log.appendSseEvent(session.stream, { atMs: at - startAt, event: 'message', data: JSON.stringify(notification) });
      summary.lastSeq = log.addMessage({
        server,
        direction: 'in',
        kind: 'notification',
        method: 'notifications/message',
        message: notification,
        at,
        exchangeId: session.stream,
      });
      count(server, 'notifications/message');
      group += 1;
      continue;
    }

    const rpcId = session.nextRpcId++;
    const method = isList ? 'tools/list' : 'tools/call';
    const tool = TOOLS[server];
    const toolArgs = tool.args(group);
    const request = isList
      ? { jsonrpc: '2.0', id: rpcId, method }
      : {
          jsonrpc: '2.0',
          id: rpcId,
          method,
          params: { name: tool.name, arguments: toolArgs, ...(withProgress ? { _meta: { progressToken: rpcId } } : {}) },
        };
    const result = isList
      ? {
          tools: [
            {
              name: tool.name,
              description: `The ${server} tool.`,
              inputSchema: { type: 'object', properties: { city: { type: 'string' } } },
            },
          ],
        }
      : resultFor(server, group);
    const response = { jsonrpc: '2.0', id: rpcId, result };
    const progress = {
      jsonrpc: '2.0',
      method: 'notifications/progress',
      params: { progressToken: rpcId, progress: 1, total: 2, message: `Working on City ${group}` },
    };
    const events: SseEventRecord[] = [];
    if (withProgress) events.push({ atMs: 1, event: 'message', id: `${rpcId}-p`, data: JSON.stringify(progress) });
    events.push({ atMs: 2, event: 'message', id: `${rpcId}-r`, data: JSON.stringify(response) });
    const exchangeId = post(server, session, request, at, events);
    summary.exchanges += 1;

    log.addMessage({ server, direction: 'out', kind: 'request', method, rpcId, message: request, at, exchangeId });
    count(server, method);
    if (!isList) summary.lastCity = `City ${group}`;
    if (withProgress) {
      log.addMessage({
        server,
        direction: 'in',
        kind: 'notification',
        method: 'notifications/progress',
        message: progress,
        at: at + 1,
        exchangeId,
      });
      count(server, 'notifications/progress');
    }
    summary.lastSeq = log.addMessage({
      server,
      direction: 'in',
      kind: 'response',
      method: '',
      rpcId,
      message: response,
      at: at + 2,
      exchangeId,
    });
    count(server, method);
    group += 1;
  }
  return summary;
}
