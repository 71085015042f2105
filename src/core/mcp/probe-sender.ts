/**
 * A load probe's requests after its first: the request the SDK built for the probe's first call
 * (its URL, headers and body, as the transport sent them: session id, protocol version, the 2026
 * headers and `_meta`) sent again with a new JSON-RPC id through the same fetch chain (the sign-in,
 * then the wire tap), and its answer read from the HTTP body as it is. The SDK's own round trip
 * (request and result validation, timers, signals) took more of the page's main thread than the
 * browser's fetch: a probe measured the page, not the server. The first request of each probe
 * still goes through the SDK, so what is repeated is what the SDK sends. Streamable HTTP only: the
 * 2024 HTTP+SSE transport answers on its GET stream, so its probes go through the SDK throughout.
 */
import type { FetchLike } from '@modelcontextprotocol/client';
import { answerInBody } from '../traffic';

/** A request as the transport sent it. */
export interface ProbeTemplate {
  url: string;
  headers: Record<string, string>;
  /** The JSON-RPC request, parsed (its id is replaced for each repeat). */
  message: { jsonrpc: '2.0'; id: string | number; method: string; params?: Record<string, unknown> };
}

/**
 * Keeps the next request the transport sends for a method, when asked (`arm`): the outermost
 * middleware of a session, so the headers are the transport's own, before the sign-in adds its token.
 */
export class ProbeTemplates {
  private armed: { key: string; method: string } | undefined;
  private readonly kept = new Map<string, ProbeTemplate>();

  /** The template kept for this request, if one was. */
  get(key: string): ProbeTemplate | undefined {
    return this.kept.get(key);
  }

  /** Keeps the next request with this method under `key`. */
  arm(key: string, method: string): void {
    this.armed = { key, method };
  }

  /** The capturing middleware (`(next) => fetch`). */
  readonly middleware =
    (next: FetchLike): FetchLike =>
    (input, init) => {
      const armed = this.armed;
      if (armed && typeof init?.body === 'string' && (init.method ?? 'GET').toUpperCase() === 'POST') {
        const message = parseRequest(init.body);
        if (message?.method === armed.method) {
          this.armed = undefined;
          this.kept.set(armed.key, { url: String(input), headers: headerRecord(init.headers), message });
        }
      }
      return next(input, init);
    };
}

/** The key of a probe's request: its method and params. */
export const probeKey = (method: string, params: Record<string, unknown> | undefined): string =>
  `${method} ${JSON.stringify(params ?? {})}`;

function parseRequest(body: string): ProbeTemplate['message'] | undefined {
  try {
    const value = JSON.parse(body) as ProbeTemplate['message'];
    return typeof value === 'object' && value !== null && !Array.isArray(value) && typeof value.method === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}

function headerRecord(headers: HeadersInit | undefined): Record<string, string> {
  if (headers === undefined) return {};
  if (headers instanceof Headers) return Object.fromEntries(headers.entries());
  if (Array.isArray(headers)) return Object.fromEntries(headers);
  return { ...(headers as Record<string, string>) };
}

/** A JSON-RPC error answer (its code and message, as the server sent them). */
export class ProbeRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(`MCP error ${code}: ${message}`);
    this.name = 'ProbeRpcError';
  }
}

/** An HTTP answer that is not a JSON-RPC answer (its status on the error, as the SDK's errors carry it). */
export class ProbeHttpError extends Error {
  constructor(
    readonly status: number,
    text: string,
  ) {
    super(`HTTP ${status}${text ? `: ${text.slice(0, 200)}` : ''}`);
    this.name = 'ProbeHttpError';
  }
}

/**
 * Sends the template again with `id` through `fetch` and returns the result of its answer; a
 * JSON-RPC error is thrown as a ProbeRpcError (its code), another status as a ProbeHttpError.
 */
export async function sendFromTemplate(fetch: FetchLike, template: ProbeTemplate, id: string, signal: AbortSignal): Promise<unknown> {
  const response = await fetch(template.url, {
    method: 'POST',
    headers: template.headers,
    body: JSON.stringify({ ...template.message, id }),
    signal,
  });
  const text = await response.text();
  if (!response.ok) throw new ProbeHttpError(response.status, text);
  const { answer } = answerInBody(text, response.headers.get('content-type') ?? undefined, id);
  if (answer === undefined) throw new Error(`The server's answer carried no response to request ${id}.`);
  if ('error' in answer) {
    const error = answer['error'] as { code?: unknown; message?: unknown };
    throw new ProbeRpcError(typeof error.code === 'number' ? error.code : 0, typeof error.message === 'string' ? error.message : 'error');
  }
  return resultAsTheSdkGivesIt(answer['result']);
}

/**
 * A result as the SDK's client returns it: a complete 2026 result without its `resultType` (the
 * SDK reads it and drops it), so the probe's first answer (the SDK's) and the repeats compare alike.
 */
function resultAsTheSdkGivesIt(result: unknown): unknown {
  if (typeof result !== 'object' || result === null || (result as { resultType?: unknown }).resultType !== 'complete') return result;
  const { resultType: _complete, ...rest } = result as Record<string, unknown>;
  return rest;
}
