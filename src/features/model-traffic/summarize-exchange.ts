/**
 * One-line summaries of a model-wire exchange for the list: what the request carried (path,
 * model, tools, messages) and what the response said (status, stop reason, usage, what the
 * model asked for). Everything is read defensively: bodies are untrusted text, a stream may
 * be cut or still arriving, and a failed request may have no body at all.
 */
import type { ProviderId } from '../../core/providers/provider';
import type { HttpExchange, SseEventRecord } from '../../core/traffic/types';

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
export interface ToolCallCount {
  name: string;
  count: number;
}

/** How the response arrived. */
export type ResponseMode = 'stream' | 'json' | 'none';

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

type Json = Record<string, unknown>;

/** Shown for a tool call that arrived without a name. */
const NO_NAME = '(no name)';

/** The value as a plain object, or undefined. */
function asObject(value: unknown): Json | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined;
}

/** The value as a finite number, or undefined. */
function asNumber(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** The value as a non-empty string, or undefined. */
function asString(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** Parses JSON text; undefined when it is not JSON. */
function parseJson(text: string | undefined): unknown {
  if (text === undefined || text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The path and query of a URL; the URL itself when it cannot be parsed. */
export function shortPath(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return url;
  }
}

/** The wire format of an exchange: its source when that is a provider id, else guessed from the URL and headers. */
export function detectProvider(exchange: HttpExchange): ProviderId | undefined {
  if (exchange.source === 'anthropic' || exchange.source === 'openai') return exchange.source;
  const path = shortPath(exchange.url);
  if (/\/chat\/completions(\?|$)/.test(path)) return 'openai';
  if (/\/messages(\?|$)/.test(path) || exchange.requestHeaders['anthropic-version'] !== undefined) return 'anthropic';
  return undefined;
}

/** Summarises a model request from its recorded body. */
export function summarizeRequest(exchange: HttpExchange): RequestSummary {
  const summary: RequestSummary = { method: exchange.method.toUpperCase(), path: shortPath(exchange.url) };
  if (exchange.requestBody === undefined) {
    summary.bodyProblem = exchange.requestBodyNote ?? 'no body recorded';
    return summary;
  }
  const body = asObject(parseJson(exchange.requestBody));
  if (body === undefined) {
    summary.bodyProblem = 'the body is not a JSON object';
    return summary;
  }
  const model = asString(body.model);
  if (model !== undefined) summary.model = model;
  if (Array.isArray(body.tools)) summary.toolCount = body.tools.length;
  if (Array.isArray(body.messages)) summary.messageCount = body.messages.length;
  if (typeof body.stream === 'boolean') summary.stream = body.stream;
  return summary;
}

/** Collects tool names in order of first appearance, with counts. */
class ToolCounter {
  private readonly counts = new Map<string, number>();

  add(name: string, count = 1): void {
    this.counts.set(name, (this.counts.get(name) ?? 0) + count);
  }

  list(): ToolCallCount[] {
    return [...this.counts].map(([name, count]) => ({ name, count }));
  }
}

/** What the body or events said, gathered while reading them. */
interface Findings {
  stopReason?: string;
  usage: { input?: number; output?: number };
  tools: ToolCounter;
  hasText: boolean;
  errorMessage?: string;
}

/** The message of an error object (`{ error: { message } }` or `{ error: "text" }`). */
function errorMessageOf(value: Json): string | undefined {
  const error = value.error;
  if (typeof error === 'string') return asString(error);
  const object = asObject(error);
  return object !== undefined ? (asString(object.message) ?? asString(object.type) ?? 'error') : undefined;
}

/** Reads an Anthropic Messages reply body (or the `message` of `message_start`). */
function readAnthropicMessage(message: Json, findings: Findings): void {
  const content = Array.isArray(message.content) ? message.content : [];
  for (const item of content) {
    const block = asObject(item);
    if (block === undefined) continue;
    if (block.type === 'tool_use') findings.tools.add(asString(block.name) ?? NO_NAME);
    else if (block.type === 'text' && asString(block.text) !== undefined) findings.hasText = true;
  }
  findings.stopReason = asString(message.stop_reason) ?? findings.stopReason;
  readAnthropicUsage(asObject(message.usage), findings);
}

/** Reads Anthropic usage (`input_tokens`, `output_tokens`); later values replace earlier ones. */
function readAnthropicUsage(usage: Json | undefined, findings: Findings): void {
  if (usage === undefined) return;
  const input = asNumber(usage.input_tokens);
  const output = asNumber(usage.output_tokens);
  if (input !== undefined) findings.usage.input = input;
  if (output !== undefined) findings.usage.output = output;
}

/** Reads OpenAI usage (`prompt_tokens`, `completion_tokens`). */
function readOpenAIUsage(usage: Json | undefined, findings: Findings): void {
  if (usage === undefined) return;
  const input = asNumber(usage.prompt_tokens);
  const output = asNumber(usage.completion_tokens);
  if (input !== undefined) findings.usage.input = input;
  if (output !== undefined) findings.usage.output = output;
}

/** Reads an OpenAI Chat Completions reply body. */
function readOpenAIMessage(body: Json, findings: Findings): void {
  const choices = Array.isArray(body.choices) ? body.choices : [];
  const choice = asObject(choices[0]);
  const message = asObject(choice?.message);
  if (message !== undefined) {
    if (asString(message.content) !== undefined) findings.hasText = true;
    const calls = Array.isArray(message.tool_calls) ? message.tool_calls : [];
    for (const item of calls) {
      const call = asObject(item);
      if (call === undefined) continue;
      findings.tools.add(asString(asObject(call.function)?.name) ?? NO_NAME);
    }
  }
  findings.stopReason = asString(choice?.finish_reason) ?? findings.stopReason;
  readOpenAIUsage(asObject(body.usage), findings);
}

/** Reads the events of an Anthropic stream. */
function readAnthropicEvents(events: readonly SseEventRecord[], from: number, findings: Findings): void {
  for (const record of events.slice(from)) {
    const data = asObject(parseJson(record.data));
    if (data === undefined) continue;
    const type = asString(data.type) ?? record.event;
    switch (type) {
      case 'message_start': {
        const message = asObject(data.message);
        if (message !== undefined) readAnthropicMessage(message, findings);
        break;
      }
      case 'content_block_start': {
        const block = asObject(data.content_block);
        if (block?.type === 'tool_use') findings.tools.add(asString(block.name) ?? NO_NAME);
        else if (block?.type === 'text' && asString(block.text) !== undefined) findings.hasText = true;
        break;
      }
      case 'content_block_delta': {
        const delta = asObject(data.delta);
        if (delta?.type === 'text_delta' && asString(delta.text) !== undefined) findings.hasText = true;
        break;
      }
      case 'message_delta':
        findings.stopReason = asString(asObject(data.delta)?.stop_reason) ?? findings.stopReason;
        readAnthropicUsage(asObject(data.usage), findings);
        break;
      case 'error':
        findings.errorMessage = errorMessageOf(data) ?? 'error event';
        break;
      default:
        // ping, content_block_stop, message_stop and unknown events add nothing to the summary.
        break;
    }
  }
}

/** Reads the chunks of an OpenAI stream; tool call fragments are joined by `index` into `namesByIndex`. */
function readOpenAIEvents(events: readonly SseEventRecord[], from: number, findings: Findings, namesByIndex: Map<number, string>): void {
  for (const record of events.slice(from)) {
    if (record.data.trim() === '[DONE]') continue;
    const chunk = asObject(parseJson(record.data));
    if (chunk === undefined) continue;
    const error = errorMessageOf(chunk);
    if (error !== undefined) findings.errorMessage = error;
    const choices = Array.isArray(chunk.choices) ? chunk.choices : [];
    const choice = asObject(choices[0]);
    const delta = asObject(choice?.delta);
    if (delta !== undefined) {
      if (asString(delta.content) !== undefined) findings.hasText = true;
      const calls = Array.isArray(delta.tool_calls) ? delta.tool_calls : [];
      calls.forEach((item, position) => {
        const call = asObject(item);
        if (call === undefined) return;
        const index = asNumber(call.index) ?? position;
        const name = asString(asObject(call.function)?.name);
        const known = namesByIndex.get(index);
        if (name !== undefined && (known === undefined || known === NO_NAME)) namesByIndex.set(index, name);
        else if (known === undefined && asString(call.id) !== undefined) namesByIndex.set(index, NO_NAME);
      });
    }
    findings.stopReason = asString(choice?.finish_reason) ?? findings.stopReason;
    readOpenAIUsage(asObject(chunk.usage), findings);
  }
}

/** Where reading a stream got to: the stream grows in place, so the next call reads only the new events. */
interface StreamScan {
  provider: ProviderId;
  scanned: number;
  findings: Findings;
  /** OpenAI only: tool call names by their `index`. */
  namesByIndex: Map<number, string>;
}

/** Scans by events array. The log pushes events onto the same array, so a live stream is read once, not once per event. */
const streamScans = new WeakMap<readonly SseEventRecord[], StreamScan>();

/** Reads a stream's events (only those added since the last call) and returns a copy of the findings. */
function scanStream(provider: ProviderId, events: readonly SseEventRecord[]): Findings {
  let scan = streamScans.get(events);
  if (scan === undefined || scan.provider !== provider || scan.scanned > events.length) {
    scan = { provider, scanned: 0, findings: { usage: {}, tools: new ToolCounter(), hasText: false }, namesByIndex: new Map() };
    streamScans.set(events, scan);
  }
  if (scan.scanned < events.length) {
    if (provider === 'anthropic') readAnthropicEvents(events, scan.scanned, scan.findings);
    else readOpenAIEvents(events, scan.scanned, scan.findings, scan.namesByIndex);
    scan.scanned = events.length;
  }
  const { findings } = scan;
  const tools = new ToolCounter();
  for (const { name, count } of findings.tools.list()) tools.add(name, count);
  for (const name of scan.namesByIndex.values()) tools.add(name);
  const copy: Findings = { usage: { ...findings.usage }, tools, hasText: findings.hasText };
  if (findings.stopReason !== undefined) copy.stopReason = findings.stopReason;
  if (findings.errorMessage !== undefined) copy.errorMessage = findings.errorMessage;
  return copy;
}

/** True when the exchange failed: a network error, a failed state, or a status of 400 or more. */
export function isExchangeFailed(exchange: HttpExchange): boolean {
  return exchange.state === 'failed' || exchange.error !== undefined || (exchange.status !== undefined && exchange.status >= 400);
}

/** The status code, or the state when there is none. */
export function statusLabel(exchange: HttpExchange): string {
  if (exchange.status !== undefined) return String(exchange.status);
  switch (exchange.state) {
    case 'pending':
    case 'streaming':
    case 'failed':
    case 'aborted':
      return exchange.state;
    case 'done':
      return exchange.error !== undefined ? 'failed' : 'done';
    default: {
      const unknownState: never = exchange.state;
      return String(unknownState);
    }
  }
}

/** True when the response is an event stream (recorded events or the content type says so). */
export function isStreamResponse(exchange: HttpExchange): boolean {
  if (exchange.sseEvents !== undefined) return true;
  return (exchange.responseContentType?.split(';')[0]?.trim().toLowerCase() ?? '') === 'text/event-stream';
}

/** Summarises a model response; `provider` defaults to the one detected from the exchange. */
export function summarizeResponse(exchange: HttpExchange, provider: ProviderId | undefined = detectProvider(exchange)): ResponseSummary {
  let findings: Findings = { usage: {}, tools: new ToolCounter(), hasText: false };
  const stream = isStreamResponse(exchange);
  const events = exchange.sseEvents ?? [];
  let mode: ResponseMode = 'none';
  if (stream) {
    mode = 'stream';
    if (provider !== undefined) findings = scanStream(provider, events);
  } else if (exchange.responseBody !== undefined && exchange.responseBody !== '') {
    mode = 'json';
    const body = asObject(parseJson(exchange.responseBody));
    if (body !== undefined) {
      const error = errorMessageOf(body);
      if (error !== undefined) findings.errorMessage = error;
      else if (provider === 'anthropic') readAnthropicMessage(body, findings);
      else if (provider === 'openai') readOpenAIMessage(body, findings);
    }
  }
  if (exchange.error !== undefined) findings.errorMessage = findings.errorMessage ?? exchange.error;

  const summary: ResponseSummary = {
    statusLabel: statusLabel(exchange),
    failed: isExchangeFailed(exchange),
    pending: exchange.state === 'pending' || exchange.state === 'streaming',
    mode,
    eventCount: events.length,
    usage: findings.usage,
    toolCalls: findings.tools.list(),
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
  if (summary.model !== undefined) parts.push(summary.model.length > MODEL_CHARS ? `${summary.model.slice(0, MODEL_CHARS - 1)}…` : summary.model);
  if (summary.toolCount !== undefined) parts.push(`tools: ${summary.toolCount}`);
  if (summary.messageCount !== undefined) parts.push(`msgs: ${summary.messageCount}`);
  if (summary.bodyProblem !== undefined) parts.push(summary.bodyProblem);
  return parts.join(' · ');
}

/** The word each wire uses for tool calls: `tool_use` blocks or `tool_calls`. */
function toolCallWord(provider: ProviderId | undefined): string {
  return provider === 'openai' ? 'tool_calls' : 'tool_use';
}

/** What the model asked for: `→ tool_use get_forecast ×2`, `→ text`, or '' when nothing is known yet. */
export function askedLabel(summary: ResponseSummary, provider: ProviderId | undefined): string {
  const tools = summary.toolCalls.map(({ name, count }) => (count > 1 ? `${name} ×${count}` : name)).join(', ');
  if (tools !== '') return `→ ${summary.hasText ? 'text + ' : ''}${toolCallWord(provider)} ${tools}`;
  return summary.hasText ? '→ text' : '';
}

/** Token usage as `472 in / 48 out`, or '' when the provider did not say. */
export function usageLabel(usage: ResponseSummary['usage']): string {
  if (usage.input === undefined && usage.output === undefined) return '';
  return `${usage.input?.toLocaleString('en-US') ?? '?'} in / ${usage.output?.toLocaleString('en-US') ?? '?'} out`;
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
