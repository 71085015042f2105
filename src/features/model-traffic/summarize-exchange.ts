/**
 * One-line summaries of a model-wire exchange for the list: what the request carried (path,
 * model, tools, messages) and what the response said (status, stop reason, usage, what the
 * model asked for). Everything is read defensively: bodies are untrusted text, a stream may
 * be cut or still arriving, and a failed request may have no body at all.
 */
import {
  asObject,
  errorMessageOf,
  parseJson,
  PROVIDER_IDS,
  PROVIDERS,
  type ProviderId,
  type ReplyFindings,
  type StreamSummaryReader,
} from '../../core/providers';
import { requestBodyOutline } from '../../core/traffic';
import { formatCount } from '../../core/shared';
import type { HttpExchange, SseEventRecord } from '../../core/traffic';
import { exchangeStatusLabel, isEventStream, isExchangeFailed, shortPath } from '../../ui/exchange-outcome';

/** What a model request carried. */
export interface RequestSummary {
  method: string;
  /** Path and query of the URL (`/v1/messages`). */
  path: string;
  model?: string;
  /** Number of tools offered; undefined when the body has no `tools` array. */
  toolCount?: number;
  /** Length of the body's `messages` array (OpenAI's includes the system message). */
  messageCount?: number;
  stream?: boolean;
  /** Set when the body could not be read as a JSON object. */
  bodyProblem?: string;
}

/** A tool the model asked for and how many times in one reply. */
interface ToolCallCount {
  name: string;
  count: number;
}

/** How the response arrived. */
type ResponseMode = 'stream' | 'json' | 'none';

/** What a model response said. */
export interface ResponseSummary {
  /** The status code, or the state when there is none (`pending`, `failed`, `aborted`…). */
  statusLabel: string;
  status?: number;
  /** Status of 400 or more, a network error, or a failed state. */
  failed: boolean;
  /** Still waiting for headers or still streaming. */
  pending: boolean;
  durationMs?: number;
  mode: ResponseMode;
  /** Number of Server-Sent Events recorded (0 for JSON). */
  eventCount: number;
  /** The provider's own stop value (`tool_use`, `end_turn`, `tool_calls`, `stop`…). */
  stopReason?: string;
  usage: { input?: number; output?: number };
  /** Tools the model asked for, by name, in the order they first appear. */
  toolCalls: ToolCallCount[];
  /** True when the reply carried non-empty text. */
  hasText: boolean;
  /** The provider's error message (an error body or an error event), or the network error. */
  errorMessage?: string;
}

/** The wire format of an exchange: its source when that is a provider id, else the first format that recognises its path and headers. */
export function detectProvider(exchange: HttpExchange): ProviderId | undefined {
  const known = PROVIDER_IDS.find((id) => id === exchange.source);
  if (known !== undefined) return known;
  const path = shortPath(exchange.url).replace(/\?.*$/, '');
  return PROVIDER_IDS.find((id) => PROVIDERS[id].summary.recognizes(path, exchange.requestHeaders));
}

/** Summarises a model request from its recorded body. */
export function summarizeRequest(exchange: HttpExchange): RequestSummary {
  const summary: RequestSummary = { method: exchange.method.toUpperCase(), path: shortPath(exchange.url) };
  // A body kept in shared parts is read as its outline: the entries are counted, never parsed (one row per request).
  const text = requestBodyOutline(exchange);
  if (text === undefined) {
    summary.bodyProblem = exchange.requestBodyNote ?? 'no body recorded';
    return summary;
  }
  const body = asObject(parseJson(text));
  if (body === undefined) {
    summary.bodyProblem = 'the body is not a JSON object';
    return summary;
  }
  const model = typeof body['model'] === 'string' && body['model'] !== '' ? body['model'] : undefined;
  if (model !== undefined) summary.model = model;
  if (Array.isArray(body['tools'])) summary.toolCount = body['tools'].length;
  const provider = detectProvider(exchange);
  const messageCount = provider !== undefined ? PROVIDERS[provider].summary.countMessages(body) : undefined;
  if (messageCount !== undefined) summary.messageCount = messageCount;
  if (typeof body['stream'] === 'boolean') summary.stream = body['stream'];
  return summary;
}

/** Tool names in order of first appearance, with counts. */
function countTools(names: readonly string[]): ToolCallCount[] {
  const counts = new Map<string, number>();
  for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
  return [...counts].map(([name, count]) => ({ name, count }));
}

/** Where reading a stream got to: the stream grows in place, so the next call reads only the new events. */
interface StreamScan {
  provider: ProviderId;
  scanned: number;
  reader: StreamSummaryReader;
}

/** Scans by events array. The log pushes events onto the same array, so a live stream is read once, not once per event. */
const streamScans = new WeakMap<readonly SseEventRecord[], StreamScan>();

/** Reads a stream's events (only those added since the last call) through the format's reader and returns its findings. */
function scanStream(provider: ProviderId, events: readonly SseEventRecord[]): ReplyFindings {
  let scan = streamScans.get(events);
  if (scan === undefined || scan.provider !== provider || scan.scanned > events.length) {
    scan = { provider, scanned: 0, reader: PROVIDERS[provider].summary.createStreamReader() };
    streamScans.set(events, scan);
  }
  for (const record of events.slice(scan.scanned)) {
    scan.reader.read(record.event === undefined ? { data: record.data } : { event: record.event, data: record.data });
  }
  scan.scanned = events.length;
  return scan.reader.findings();
}

/** True when the response is an event stream (recorded events or the content type says so). */
export function isStreamResponse(exchange: HttpExchange): boolean {
  if (exchange.sseEvents !== undefined) return true;
  return isEventStream(exchange.responseContentType);
}

/** Summarises a model response; `provider` defaults to the one detected from the exchange. */
export function summarizeResponse(exchange: HttpExchange, provider: ProviderId | undefined = detectProvider(exchange)): ResponseSummary {
  let findings: ReplyFindings = { usage: {}, toolNames: [], hasText: false };
  const stream = isStreamResponse(exchange);
  const events = exchange.sseEvents ?? [];
  let mode: ResponseMode = 'none';
  if (stream) {
    mode = 'stream';
    if (provider !== undefined) findings = scanStream(provider, events);
  } else if (exchange.responseBody !== undefined && exchange.responseBody !== '') {
    mode = 'json';
    const body = asObject(parseJson(exchange.responseBody));
    const error = body !== undefined ? errorMessageOf(body) : undefined;
    if (error !== undefined) findings.errorMessage = error;
    else if (body !== undefined && provider !== undefined) findings = PROVIDERS[provider].summary.readReply(body);
  }
  if (exchange.error !== undefined) findings.errorMessage = findings.errorMessage ?? exchange.error;

  const summary: ResponseSummary = {
    statusLabel: exchangeStatusLabel(exchange),
    failed: isExchangeFailed(exchange),
    pending: exchange.state === 'pending' || exchange.state === 'streaming',
    mode,
    eventCount: events.length,
    usage: findings.usage,
    toolCalls: countTools(findings.toolNames),
    hasText: findings.hasText,
  };
  if (exchange.status !== undefined) summary.status = exchange.status;
  if (exchange.durationMs !== undefined) summary.durationMs = exchange.durationMs;
  if (findings.stopReason !== undefined) summary.stopReason = findings.stopReason;
  if (findings.errorMessage !== undefined) summary.errorMessage = findings.errorMessage;
  return summary;
}

/** `…` after this many characters of a model name in a row. */
const MODEL_CHARS = 28;

/** The request row's text: `POST /v1/messages · claude-… · tools: 4 · msgs: 3`. */
export function requestLabel(summary: RequestSummary): string {
  const parts = [`${summary.method} ${summary.path}`];
  if (summary.model !== undefined)
    parts.push(summary.model.length > MODEL_CHARS ? `${summary.model.slice(0, MODEL_CHARS - 1)}…` : summary.model);
  if (summary.toolCount !== undefined) parts.push(`tools: ${summary.toolCount}`);
  if (summary.messageCount !== undefined) parts.push(`msgs: ${summary.messageCount}`);
  if (summary.bodyProblem !== undefined) parts.push(summary.bodyProblem);
  return parts.join(' · ');
}

/** What the model asked for: `→ tool_use get_forecast ×2`, `→ text`, or '' when nothing is known yet. */
export function askedLabel(summary: ResponseSummary, provider: ProviderId | undefined): string {
  const tools = summary.toolCalls.map(({ name, count }) => (count > 1 ? `${name} ×${count}` : name)).join(', ');
  if (tools !== '')
    return `→ ${summary.hasText ? 'text + ' : ''}${provider !== undefined ? PROVIDERS[provider].summary.toolCallWord : 'tool call'} ${tools}`;
  return summary.hasText ? '→ text' : '';
}

/** Token usage as `472 in / 48 out`, or '' when the provider did not say. */
export function usageLabel(usage: ResponseSummary['usage']): string {
  if (usage.input === undefined && usage.output === undefined) return '';
  return `${usage.input !== undefined ? formatCount(usage.input) : '?'} in / ${usage.output !== undefined ? formatCount(usage.output) : '?'} out`;
}

/** How the response arrived: `stream: 14 events`, `json`, or ''. */
export function modeLabel(summary: ResponseSummary): string {
  switch (summary.mode) {
    case 'stream':
      return `stream: ${summary.eventCount} event${summary.eventCount === 1 ? '' : 's'}`;
    case 'json':
      return 'json';
    case 'none':
      return '';
    default: {
      const unknownMode: never = summary.mode;
      return String(unknownMode);
    }
  }
}
