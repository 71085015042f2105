/**
 * The span tree of a turn (or of every turn) built from the recording: the conversation's turns
 * and tool calls, and the two traffic logs. Times are the ones recorded then, never the export's.
 *
 * - one span per turn (`invoke_agent Glassbox`), from the turn's recorded start to its end;
 * - under it, a client span per model request (GenAI conventions: `chat {model}`), one per HTTP
 *   exchange of the turn's steps (a retried step has two);
 * - a client span per MCP request (MCP conventions: `{mcp.method.name} {target}`). A request made
 *   for a tool call (its recorded tool call id) is the child of the model request whose answer
 *   asked for that call: a causal parent, since the call starts once that answer is complete, so
 *   the child starts after its parent ends. The turn's other MCP requests (those that carried the
 *   turn's `traceparent`, recorded when propagation was on) are children of the turn span.
 *
 * Plain data (no OpenTelemetry package): `otlp.ts` turns it into SDK spans, loaded on demand.
 * No secret reaches an attribute: the recording is redacted when it is recorded, and every string
 * attribute goes through the secret policy's URL and value checks once more.
 */
import type { AgentSessionData, ToolCallItem } from '../agent';
import { isProviderId, parseJson, PROVIDERS, type ReplyFindings } from '../providers';
import { redactUrl, redactUrlsInText, REDACTED } from '../secrets';
import { isSecretValue } from '../secrets/secret-names';
import { isPlainObject } from '../shared/json';
import { requestBodyOutline } from '../traffic';
import type { HttpExchange, RpcMessageRecord } from '../traffic';
import { derivedSpanId, parseTraceparent, turnTraceId, type SpanId, type TraceId } from './trace-ids';

/** An attribute value as OpenTelemetry takes it. */
type AttributeValue = string | number | boolean | string[];

/** One span of the tree, flat: its parent named by id. */
interface PlainSpan {
  name: string;
  kind: 'internal' | 'client';
  traceId: TraceId;
  spanId: SpanId;
  parentSpanId?: SpanId;
  /** Epoch milliseconds, as recorded. */
  startMs: number;
  endMs: number;
  attributes: Record<string, AttributeValue>;
  /** Set when the operation failed. */
  error?: string;
}

/** One turn's trace: its spans, parents before children. */
export interface TurnTrace {
  turn: number;
  traceId: TraceId;
  spans: PlainSpan[];
}

/** What the tree is built from: the conversation's export and the traffic log's records. */
export interface TraceSource {
  conversation: Pick<AgentSessionData, 'items' | 'timelines'>;
  exchanges: readonly HttpExchange[];
  messages: readonly RpcMessageRecord[];
}

/** The name the GenAI conventions give a model wire's provider. */
function providerName(source: string): string {
  if (source.startsWith('anthropic')) return 'anthropic';
  if (source.startsWith('openai')) return 'openai';
  return `glassbox.${source}`;
}

/** A string attribute with any secret the recording could still hold taken out. */
function safe(value: string): string {
  if (isSecretValue(value)) return REDACTED;
  return redactUrlsInText(value);
}

/** The turns' traces, oldest first; `turn` picks one. */
export function buildTurnTraces(source: TraceSource, turn?: number): TurnTrace[] {
  const timelines = source.conversation.timelines.filter((timeline) => turn === undefined || timeline.turn === turn);
  return timelines.map((timeline) => buildTurn(source, timeline.turn, timeline.startedAt, timeline.endedAt));
}

/** The model exchanges of a turn's own steps (not forks, replays, evals, sampling or token counts). */
function turnModelExchanges(exchanges: readonly HttpExchange[], turn: number, startedAt: number): HttpExchange[] {
  return exchanges.filter(
    (exchange) =>
      exchange.wire === 'model' &&
      exchange.turn === turn &&
      exchange.step !== undefined &&
      exchange.startedAt >= startedAt &&
      exchange.forkOf === undefined &&
      exchange.replayOf === undefined &&
      exchange.evalRun === undefined &&
      exchange.samplingFor === undefined,
  );
}

function endOf(exchange: HttpExchange): number {
  return exchange.startedAt + (exchange.durationMs ?? 0);
}

function buildTurn(source: TraceSource, turn: number, startedAt: number, endedAt: number | undefined): TurnTrace {
  const traceId = turnTraceId(turn, startedAt);
  const turnSpanId = derivedSpanId(traceId, 'turn');
  const items = source.conversation.items;
  const toolCalls = new Map<string, ToolCallItem>();
  for (const item of items) if (item.kind === 'tool-call' && item.turn === turn) toolCalls.set(item.id, item);

  // Model requests: the last exchange of each step is the one whose answer the loop went on with.
  const modelExchanges = turnModelExchanges(source.exchanges, turn, startedAt);
  const modelSpans: PlainSpan[] = [];
  const answeredBy = new Map<number, SpanId>();
  for (const exchange of modelExchanges) {
    const span = modelSpan(exchange, traceId, turnSpanId);
    modelSpans.push(span);
    answeredBy.set(exchange.step!, span.spanId);
  }

  // MCP requests: those of the turn's tool calls, and those that carried the turn's traceparent.
  const bySeq = new Map<number, RpcMessageRecord>();
  for (const message of source.messages) bySeq.set(message.seq, message);
  const exchangesById = new Map<number, HttpExchange>();
  for (const exchange of source.exchanges) if (exchange.wire === 'mcp') exchangesById.set(exchange.id, exchange);
  const mcpSpans: PlainSpan[] = [];
  for (const message of source.messages) {
    if (message.direction !== 'out' || message.kind !== 'request') continue;
    const propagated = parseTraceparent(metaOf(message.message)?.['traceparent']);
    const call = message.toolCallId === undefined ? undefined : toolCalls.get(message.toolCallId);
    const ownTrace = propagated?.traceId === traceId;
    if (call === undefined && !ownTrace) continue;
    const parent = (call && answeredBy.get(call.step)) ?? turnSpanId;
    const spanId = ownTrace ? propagated.spanId : derivedSpanId(traceId, `mcp:${message.seq}`);
    const response = message.pairedSeq === undefined ? undefined : bySeq.get(message.pairedSeq);
    mcpSpans.push(
      mcpSpan(message, response, message.exchangeId === undefined ? undefined : exchangesById.get(message.exchangeId), {
        traceId,
        spanId,
        parentSpanId: parent,
      }),
    );
  }

  const children = [...modelSpans, ...mcpSpans];
  const lastEnd = Math.max(startedAt, ...children.map((span) => span.endMs));
  const turnSpan: PlainSpan = {
    name: 'invoke_agent Glassbox',
    kind: 'internal',
    traceId,
    spanId: turnSpanId,
    startMs: startedAt,
    endMs: endedAt ?? lastEnd,
    attributes: { 'gen_ai.operation.name': 'invoke_agent', 'gen_ai.agent.name': 'Glassbox', 'glassbox.turn': turn },
  };
  const failed = items.find((item) => item.kind === 'error' && item.turn === turn);
  if (failed?.kind === 'error') turnSpan.error = failed.code;
  return { turn, traceId, spans: [turnSpan, ...children.sort((a, b) => a.startMs - b.startMs)] };
}

/** The GenAI span of one model request. */
function modelSpan(exchange: HttpExchange, traceId: TraceId, parentSpanId: SpanId): PlainSpan {
  const body = parseJson(requestBodyOutline(exchange));
  const model = isPlainObject(body) && typeof body['model'] === 'string' ? body['model'] : undefined;
  const attributes: Record<string, AttributeValue> = {
    'gen_ai.operation.name': 'chat',
    'gen_ai.provider.name': providerName(exchange.source),
    'glassbox.step': exchange.step!,
  };
  if (model) attributes['gen_ai.request.model'] = safe(model);
  addServer(attributes, exchange.url);
  const findings = replyFindings(exchange);
  if (findings?.stopReason) attributes['gen_ai.response.finish_reasons'] = [safe(findings.stopReason)];
  const usage = findings?.usage;
  if (usage?.input !== undefined)
    attributes['gen_ai.usage.input_tokens'] = usage.input + (usage.cacheReadInInput ? 0 : (usage.cacheRead ?? 0) + (usage.cacheWrite ?? 0));
  if (usage?.output !== undefined) attributes['gen_ai.usage.output_tokens'] = usage.output;
  if (exchange.status !== undefined) attributes['http.response.status_code'] = exchange.status;
  const span: PlainSpan = {
    name: model ? `chat ${safe(model)}` : 'chat',
    kind: 'client',
    traceId,
    spanId: derivedSpanId(traceId, `model:${exchange.id}`),
    parentSpanId,
    startMs: exchange.startedAt,
    endMs: endOf(exchange),
    attributes,
  };
  const error = httpError(exchange);
  if (error) {
    span.error = error;
    attributes['error.type'] = error;
  }
  return span;
}

/** What a recorded model response said (stop reason, usage), read by its wire format's own reader. */
function replyFindings(exchange: HttpExchange): ReplyFindings | undefined {
  if (!isProviderId(exchange.source) || exchange.state !== 'done' || (exchange.status ?? 0) >= 400) return undefined;
  const summary = PROVIDERS[exchange.source].summary;
  if (exchange.sseEvents !== undefined) {
    const reader = summary.createStreamReader();
    for (const record of exchange.sseEvents)
      reader.read(record.event === undefined ? { data: record.data } : { event: record.event, data: record.data });
    return reader.findings();
  }
  const body = parseJson(exchange.responseBody);
  return isPlainObject(body) ? summary.readReply(body) : undefined;
}

/** Why an exchange failed, as an `error.type`, or undefined. */
function httpError(exchange: HttpExchange | undefined): string | undefined {
  if (exchange === undefined) return undefined;
  if (exchange.state === 'aborted') return 'aborted';
  if (exchange.state === 'failed' && exchange.status === undefined) return 'network_error';
  if (exchange.status !== undefined && exchange.status >= 400) return String(exchange.status);
  return undefined;
}

function addServer(attributes: Record<string, AttributeValue>, url: string): void {
  try {
    const parsed = new URL(url);
    attributes['server.address'] = parsed.hostname;
    if (parsed.port !== '') attributes['server.port'] = Number(parsed.port);
    attributes['url.full'] = redactUrl(url);
  } catch {
    // A recorded URL that does not parse names no server.
  }
}

function paramsOf(message: unknown): Record<string, unknown> | undefined {
  if (!isPlainObject(message)) return undefined;
  const params = message['params'];
  return isPlainObject(params) ? params : undefined;
}

function metaOf(message: unknown): Record<string, unknown> | undefined {
  const meta = paramsOf(message)?.['_meta'];
  return isPlainObject(meta) ? meta : undefined;
}

/** The MCP client span of one JSON-RPC request and its answer. */
function mcpSpan(
  request: RpcMessageRecord,
  response: RpcMessageRecord | undefined,
  exchange: HttpExchange | undefined,
  ids: { traceId: TraceId; spanId: SpanId; parentSpanId: SpanId },
): PlainSpan {
  const method = request.method;
  const params = paramsOf(request.message);
  const attributes: Record<string, AttributeValue> = { 'mcp.method.name': method, 'glassbox.server': safe(request.server) };
  let target: string | undefined;
  if (method === 'tools/call' && typeof params?.['name'] === 'string') {
    target = safe(params['name']);
    attributes['gen_ai.tool.name'] = target;
    attributes['gen_ai.operation.name'] = 'execute_tool';
  } else if (method === 'prompts/get' && typeof params?.['name'] === 'string') {
    target = safe(params['name']);
    attributes['gen_ai.prompt.name'] = target;
  }
  if (typeof params?.['uri'] === 'string') attributes['mcp.resource.uri'] = redactUrl(params['uri']);
  if (request.rpcId !== undefined) attributes['jsonrpc.request.id'] = String(request.rpcId);
  const headers = exchange?.requestHeaders ?? {};
  const sessionId = headers['mcp-session-id'] ?? exchange?.responseHeaders?.['mcp-session-id'];
  if (sessionId) attributes['mcp.session.id'] = safe(sessionId);
  const version = headers['mcp-protocol-version'] ?? exchange?.responseHeaders?.['mcp-protocol-version'];
  if (version) attributes['mcp.protocol.version'] = safe(version);
  if (exchange) addServer(attributes, exchange.url);
  attributes['network.transport'] = 'tcp';
  let error: string | undefined;
  if (response?.kind === 'error') {
    const code =
      isPlainObject(response.message) && isPlainObject(response.message['error']) ? response.message['error']['code'] : undefined;
    const status = typeof code === 'number' || typeof code === 'string' ? String(code) : 'error';
    attributes['rpc.response.status_code'] = status;
    error = status;
  } else if (response !== undefined) {
    const result = isPlainObject(response.message) ? response.message['result'] : undefined;
    if (isPlainObject(result) && result['isError'] === true) error = 'tool_error';
  } else {
    error = httpError(exchange) ?? (exchange === undefined ? undefined : 'no_response');
  }
  if (error) attributes['error.type'] = error;
  const endMs =
    response?.at ?? (request.latencyMs !== undefined ? request.at + request.latencyMs : exchange ? endOf(exchange) : request.at);
  const span: PlainSpan = {
    name: target ? `${method} ${target}` : method,
    kind: 'client',
    ...ids,
    startMs: request.at,
    endMs: Math.max(request.at, endMs),
    attributes,
  };
  if (error) span.error = error;
  return span;
}
