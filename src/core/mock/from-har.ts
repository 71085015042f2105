/**
 * A HAR that Glassbox exported, read back as a recording: its MCP entries (`_wire: "mcp"`) become
 * exchanges, and the JSON-RPC messages their bodies carried are paired again by the traffic log
 * itself. A HAR keeps no time per event of a stream, so a stream's messages are placed at the end
 * of its entry: a notification on a long GET stream follows the last answer before that stream ended.
 */
import { createParser } from 'eventsource-parser';
import { isPlainObject } from '../shared/json';
import { parseRpcPayload } from '../traffic/rpc-messages';
import { TrafficLog } from '../traffic/traffic-log';
import type { MockRecording } from './from-recording';

/** A HAR that cannot be read as a recording. */
class HarRecordingError extends Error {
  override readonly name = 'HarRecordingError';
}

/** The JSON-RPC payloads in a response body: the body itself, or each event's data of an event stream. */
function responsePayloads(text: string, mimeType: string): string[] {
  if (!mimeType.includes('text/event-stream')) return text.trim() === '' ? [] : [text];
  const payloads: string[] = [];
  const parser = createParser({ onEvent: (event) => void (event.data.trim() !== '' && payloads.push(event.data)) });
  parser.feed(text);
  parser.feed('\n\n');
  return payloads;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** Reads a HAR's text as a recording of its MCP entries. Throws HarRecordingError when it is not a HAR with MCP entries. */
export function recordingFromHar(harText: string): MockRecording {
  let har: unknown;
  try {
    har = JSON.parse(harText);
  } catch (error) {
    throw new HarRecordingError(`The HAR is not JSON (${error instanceof Error ? error.message : String(error)}).`);
  }
  const entries = isPlainObject(har) && isPlainObject(har['log']) ? har['log']['entries'] : undefined;
  if (!Array.isArray(entries)) throw new HarRecordingError('The file is not a HAR: it has no log.entries.');
  const log = new TrafficLog({ schedule: () => {} });
  type Pending = { at: number; order: number; add: () => void };
  const pending: Pending[] = [];
  let order = 0;
  for (const entry of entries as unknown[]) {
    if (!isPlainObject(entry) || entry['_wire'] !== 'mcp' || !isPlainObject(entry['request']) || !isPlainObject(entry['response']))
      continue;
    const server = text(entry['_source']);
    const startedAt = Date.parse(text(entry['startedDateTime']));
    if (server === '' || Number.isNaN(startedAt)) continue;
    const time = typeof entry['time'] === 'number' ? entry['time'] : 0;
    const request = entry['request'];
    const response = entry['response'];
    const headers = (list: unknown) =>
      Object.fromEntries(
        (Array.isArray(list) ? list : [])
          .filter(isPlainObject)
          .map((pair) => [text(pair['name']).toLowerCase(), text(pair['value'])] as [string, string]),
      );
    const content = isPlainObject(response['content']) ? response['content'] : {};
    const status = typeof response['status'] === 'number' ? response['status'] : 0;
    const exchangeId = log.beginExchange({
      wire: 'mcp',
      source: server,
      method: text(request['method']),
      url: text(request['url']),
      startedAt,
      durationMs: time,
      state: 'done',
      requestHeaders: headers(request['headers']),
      ...(status > 0 ? { status } : {}),
      responseHeaders: headers(response['headers']),
    });
    const postData = isPlainObject(request['postData']) ? text(request['postData']['text']) : '';
    for (const message of postData === '' ? [] : parseRpcPayload(postData).messages)
      pending.push({
        at: startedAt,
        order: order++,
        add: () =>
          void log.addMessage({
            server,
            direction: 'out',
            kind: message.kind,
            method: message.method ?? '',
            ...rpcId(message.rpcId),
            message: message.message,
            at: startedAt,
            exchangeId,
          }),
      });
    for (const payload of responsePayloads(text(content['text']), text(content['mimeType'])))
      for (const message of parseRpcPayload(payload).messages)
        pending.push({
          at: startedAt + time,
          order: order++,
          add: () =>
            void log.addMessage({
              server,
              direction: 'in',
              kind: message.kind,
              ...(message.method !== undefined ? { method: message.method } : {}),
              ...rpcId(message.rpcId),
              message: message.message,
              at: startedAt + time,
              exchangeId,
            }),
        });
  }
  pending.sort((a, b) => a.at - b.at || a.order - b.order);
  for (const item of pending) item.add();
  const snapshot = log.getSnapshot();
  if (snapshot.messageCount === 0)
    throw new HarRecordingError('The HAR has no MCP messages (was it exported by Glassbox, with the MCP wire?).');
  return { exchanges: snapshot.exchanges, messages: snapshot.messages };
}

function rpcId(id: string | number | undefined): { rpcId?: string | number } {
  return id === undefined ? {} : { rpcId: id };
}
