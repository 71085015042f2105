/**
 * The check's own requests: a small JSON-RPC client over plain HTTP POSTs (not the SDK), so the
 * check sees exactly what the server answered (status, headers, the raw messages) where the SDK
 * would hide or repair it. Every request goes through a wire tap marked with the run's id, so it
 * is recorded on the MCP wire like the connection's own, and the exchange's id is kept with the
 * answer. Requests go one at a time (a finding names its exchanges by that order).
 */
import { createWireTap, type SecretRegistry, type TrafficLog } from '../traffic';
import type { CheckEra, FetchMiddleware } from './types';

/** What came back for one request. */
export interface ProbeAnswer {
  /** 0 when nothing answered (fetch threw: the network, CORS in a page, or the timeout). */
  status: number;
  /** Response headers, names lower-cased (in a page, only the ones the server exposes). */
  headers: Record<string, string>;
  body: string;
  /** The JSON-RPC messages the answer carried (a JSON body, or an event stream's data). */
  messages: unknown[];
  /** The response to this request's id, when one came. */
  response?: Record<string, unknown>;
  /** The recorded exchange. */
  exchangeId?: number;
  /** Why fetch threw. */
  error?: string;
  /** The request's JSON-RPC id, method and headers as sent. */
  id?: number;
  method: string;
  sentHeaders: Record<string, string>;
}

/** A JSON-RPC error object, when the answer is one. */
export function rpcError(answer: ProbeAnswer | undefined): { code: unknown; message: unknown } | undefined {
  const error = answer?.response?.error;
  return error !== null && typeof error === 'object' ? (error as { code: unknown; message: unknown }) : undefined;
}

/** The answer's `result` object, when it is one. */
export function rpcResult(answer: ProbeAnswer | undefined): Record<string, unknown> | undefined {
  const result = answer?.response?.result;
  return result !== null && typeof result === 'object' && !Array.isArray(result) ? (result as Record<string, unknown>) : undefined;
}

/** The client the check says it is. */
export const CHECK_CLIENT_INFO = { name: 'glassbox-check', version: '1.0.0' };

/** The name header a 2026 request carries for a method that names something. */
function nameOf(method: string, params: Record<string, unknown> | undefined): string | undefined {
  if (method === 'tools/call' || method === 'prompts/get') return typeof params?.name === 'string' ? params.name : undefined;
  if (method === 'resources/read') return typeof params?.uri === 'string' ? params.uri : undefined;
  return undefined;
}

/** Reads JSON-RPC messages from a body: a JSON value, or the data lines of an event stream. */
function messagesIn(body: string, contentType: string | undefined): unknown[] {
  const parse = (text: string): unknown[] => {
    try {
      const value: unknown = JSON.parse(text);
      return Array.isArray(value) ? value : [value];
    } catch {
      return [];
    }
  };
  if (contentType?.includes('text/event-stream')) {
    const out: unknown[] = [];
    for (const event of body.split(/\r?\n\r?\n/)) {
      const data = event
        .split(/\r?\n/)
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).replace(/^ /, ''))
        .join('\n');
      if (data.trim() !== '') out.push(...parse(data));
    }
    return out;
  }
  return body.trim() === '' ? [] : parse(body);
}

export interface ProberOptions {
  server: string;
  url: string;
  headers: Record<string, string>;
  fetch: typeof fetch;
  log: TrafficLog;
  secrets: SecretRegistry;
  runId: string;
  timeoutMs: number;
  signal?: AbortSignal;
  /** A signed-in server's sign-in, outside the tap (the request as signed is what is recorded, its secrets redacted). */
  auth?: FetchMiddleware;
}

/** The check's client: the era and session it speaks, and every answer it got, in order. */
export class Prober {
  era: CheckEra | undefined;
  /** The negotiated version (2025 era) sent as MCP-Protocol-Version. */
  protocolVersion: string | undefined;
  sessionId: string | undefined;
  /** Every answer, in order. */
  readonly answers: ProbeAnswer[] = [];
  private nextId = 1;
  private readonly tapped: typeof fetch;

  constructor(private readonly options: ProberOptions) {
    const tap = createWireTap({
      log: options.log,
      wire: 'mcp',
      source: options.server,
      secrets: options.secrets,
      context: { checkRun: options.runId },
      rpc: {},
    });
    const base = options.fetch;
    const tapped = tap((url, init) => base(url, init));
    this.tapped = (options.auth ? options.auth(tapped) : tapped) as typeof fetch;
  }

  /** The newest exchange of this run (requests go one at a time). */
  private lastExchange(): number | undefined {
    const { exchanges, exchangeCount } = this.options.log.getSnapshot();
    for (let index = exchangeCount - 1; index >= 0; index--) {
      if (exchanges[index]!.checkRun === this.options.runId) return exchanges[index]!.id;
    }
    return undefined;
  }

  /** Headers of a JSON-RPC POST in the current era. */
  private postHeaders(method: string, params: Record<string, unknown> | undefined): Record<string, string> {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...this.options.headers,
    };
    if (this.era === '2026-07-28') {
      headers['mcp-protocol-version'] = '2026-07-28';
      headers['mcp-method'] = method;
      const name = nameOf(method, params);
      if (name !== undefined) headers['mcp-name'] = name;
    } else if (this.protocolVersion !== undefined) {
      headers['mcp-protocol-version'] = this.protocolVersion;
    }
    if (this.sessionId !== undefined) headers['mcp-session-id'] = this.sessionId;
    return headers;
  }

  /** Params with the 2026 per-request `_meta`. */
  private withMeta(params: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
    if (this.era !== '2026-07-28') return params;
    const meta = {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientInfo': CHECK_CLIENT_INFO,
      'io.modelcontextprotocol/clientCapabilities': {},
    };
    return { ...params, _meta: { ...(params?._meta as object | undefined), ...meta } };
  }

  /**
   * Sends a JSON-RPC request in the current era. `headers` are added last (a probe's wrong header);
   * a header set to '' is left out.
   */
  request(method: string, params?: Record<string, unknown>, headers: Record<string, string> = {}): Promise<ProbeAnswer> {
    const id = this.nextId++;
    const sentParams = this.withMeta(params);
    const message = { jsonrpc: '2.0', id, method, ...(sentParams !== undefined ? { params: sentParams } : {}) };
    return this.send(
      method,
      { method: 'POST', headers: { ...this.postHeaders(method, params), ...headers }, body: JSON.stringify(message) },
      id,
    );
  }

  /** Sends a JSON-RPC notification (no id). */
  notify(method: string, params?: Record<string, unknown>): Promise<ProbeAnswer> {
    const sentParams = this.withMeta(params);
    const message = { jsonrpc: '2.0', method, ...(sentParams !== undefined ? { params: sentParams } : {}) };
    return this.send(method, { method: 'POST', headers: this.postHeaders(method, params), body: JSON.stringify(message) });
  }

  /** A GET of another URL (OAuth metadata), recorded like the rest. */
  get(label: string, url: string): Promise<ProbeAnswer> {
    return this.send(label, { method: 'GET', headers: { accept: 'application/json' } }, undefined, url);
  }

  /** Sends any HTTP request to the endpoint (a preflight, a DELETE) or to `url`, recorded like the rest. */
  async send(
    label: string,
    init: { method: string; headers: Record<string, string>; body?: string },
    id?: number,
    url: string = this.options.url,
  ): Promise<ProbeAnswer> {
    const headers = Object.fromEntries(Object.entries(init.headers).filter(([, value]) => value !== ''));
    const timeout = AbortSignal.timeout(this.options.timeoutMs);
    const signal = this.options.signal ? AbortSignal.any([this.options.signal, timeout]) : timeout;
    const answer: ProbeAnswer = { status: 0, headers: {}, body: '', messages: [], method: label, sentHeaders: headers };
    if (id !== undefined) answer.id = id;
    try {
      const response = await this.tapped(url, { method: init.method, headers, body: init.body, signal });
      answer.status = response.status;
      response.headers.forEach((value, name) => (answer.headers[name.toLowerCase()] = value));
      answer.body = await response.text();
      answer.messages = messagesIn(answer.body, answer.headers['content-type']);
      if (id !== undefined) {
        const match = answer.messages.find((entry) => entry !== null && typeof entry === 'object' && (entry as { id?: unknown }).id === id);
        const lone = answer.messages.length === 1 ? answer.messages[0] : undefined;
        const response = match ?? (lone !== null && typeof lone === 'object' && 'error' in lone ? lone : undefined);
        if (response !== undefined) answer.response = response as Record<string, unknown>;
      }
    } catch (error) {
      if (this.options.signal?.aborted) throw error;
      answer.error = timeout.aborted
        ? `no answer within ${this.options.timeoutMs} ms`
        : error instanceof Error
          ? error.message
          : String(error);
    }
    const exchangeId = this.lastExchange();
    if (exchangeId !== undefined) answer.exchangeId = exchangeId;
    this.answers.push(answer);
    return answer;
  }
}
