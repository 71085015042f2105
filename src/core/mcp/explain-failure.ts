/**
 * Plain-words explanations of a failed MCP request: what the wire tap found in the answer, or
 * what the SDK threw (timeouts, HTTP errors, unusable bodies). The SDK's errors are recognised
 * by their `code` and `data`, not by `instanceof`, so any copy of the SDK works; message text is
 * read only where the SDK gives no code (a schema error).
 */
import type { RequestRef, ResponseFailure } from '../traffic';
import type { Diagnosis } from './diagnosis';
import { McpError } from './mcp-error';

/** Longest excerpt of a server's reply quoted in a detail. */
const EXCERPT_CHARS = 200;

/** The start of a text, with an ellipsis when it was cut. */
export function excerpt(text: string, max = EXCERPT_CHARS): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

/** A duration for a sentence: "2 s", "1.5 s", "800 ms". */
export function formatTimeout(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const seconds = ms / 1000;
  return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)} s`;
}

/** A request for a sentence: `tools/call (#3)`. */
function named(request: RequestRef | undefined): string {
  if (!request) return 'the request';
  if (request.method === 'server/discover') return 'the era probe (server/discover)';
  return `${request.method} (#${String(request.id)})`;
}

/** A JSON-RPC id for a sentence. */
function idText(id: string | number | null): string {
  return id === null ? 'null' : `#${String(id)}`;
}

/** The diagnosis of an answer that will not come, from what came back instead. */
export function explainResponseFailure(failure: ResponseFailure, request?: RequestRef): Diagnosis {
  switch (failure.reason) {
    case 'not-json':
      return {
        code: 'protocol-error',
        reason: 'not-json',
        title: 'The server answered with a body that is not JSON',
        detail: `The answer to ${named(request)} (${failure.contentType ?? 'no content type'}) ${failure.text === '' ? 'was empty' : `was: ${excerpt(failure.text)}`}. An MCP server answers a request with one JSON-RPC message, as application/json or as an event stream.`,
        serverText: failure.text.slice(0, 2000) || undefined,
      };
    case 'not-json-rpc':
      return {
        code: 'protocol-error',
        reason: 'not-json-rpc',
        title: 'The server answered with JSON that is not JSON-RPC',
        detail: `The answer to ${named(request)} was ${excerpt(failure.text)}. A JSON-RPC answer has "jsonrpc": "2.0", the id of the request, and a "result" or an "error".`,
        serverText: failure.text.slice(0, 2000),
      };
    case 'unknown-response-id': {
      const got = failure.gotIds.map(idText).join(', ');
      const sent = request ? idText(request.id) : 'another id';
      return {
        code: 'protocol-error',
        reason: 'unknown-response-id',
        title: `The server answered a request id the client never sent (sent ${sent}, got ${got})`,
        detail: `The client sent ${named(request)}; the answer carried the id ${got}, which matches no request, so ${request?.method ?? 'the request'} was given up instead of waiting for the timeout.`,
      };
    }
    case 'wrong-content-type':
      return {
        code: 'protocol-error',
        reason: 'wrong-content-type',
        title: `The server answered with Content-Type ${failure.contentType}, not JSON or an event stream`,
        detail: `An answer to a request must be application/json (one JSON-RPC message) or text/event-stream; the client does not read anything else, even when the body is JSON. The server should send:`,
        headersToAdd: ['Content-Type: application/json'],
      };
    case 'malformed-sse':
      return {
        code: 'protocol-error',
        reason: 'malformed-sse',
        title: 'The server sent an SSE event whose data is not JSON',
        detail: `On the event stream answering ${named(request)}, an event carried: ${excerpt(failure.data)}. Each message event must carry one JSON-RPC message; the stream ended without a usable answer.`,
        serverText: failure.data.slice(0, 2000),
      };
    case 'stream-closed':
      return {
        code: 'protocol-error',
        reason: 'stream-closed',
        title: 'The server closed the stream before answering',
        detail: `The response to ${named(request)} ${failure.cut ? 'was cut off' : 'ended'} after ${failure.events} event${failure.events === 1 ? '' : 's'}, without the result${failure.error ? ` (${failure.error})` : ''}. The connection is still usable: call again.`,
      };
    default: {
      const unknown: never = failure;
      throw new Error(`Unknown response failure: ${JSON.stringify(unknown)}`);
    }
  }
}

/** The diagnosis of a request that got no answer within its timeout. */
export function explainTimeout(timeoutMs: number, request?: RequestRef): Diagnosis {
  const initialize = request?.method === 'initialize';
  return {
    code: 'timeout',
    title: `No answer within ${formatTimeout(timeoutMs)} — the request was cancelled`,
    detail: initialize
      ? `initialize got no answer in time, so the connection was given up. Raise "timeout" for this server in the config if it is just slow.`
      : `${named(request)} got no answer in time. The client sent notifications/cancelled (2025 era) or closed the request's stream (2026 era). Raise "timeout" for this server in the config if it needs longer.`,
  };
}

/** Fields of an SDK error read structurally. */
interface ErrorFields {
  name: string;
  message: string;
  code: unknown;
  data: Record<string, unknown> | undefined;
}

function fieldsOf(error: unknown): ErrorFields {
  const e = (typeof error === 'object' && error !== null ? error : {}) as Record<string, unknown>;
  return {
    name: typeof e.name === 'string' ? e.name : '',
    message: error instanceof Error ? error.message : String(error),
    code: e.code,
    data: typeof e.data === 'object' && e.data !== null ? (e.data as Record<string, unknown>) : undefined,
  };
}

/** The HTTP status an SDK error carries, if any. */
export function httpStatusOf(error: unknown): number | undefined {
  const { data } = fieldsOf(error);
  const status = data?.status ?? (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

/** True for the SDK's "a Zod schema rejected the message" error (its message is the issue list as JSON). */
function isSchemaError(fields: ErrorFields): boolean {
  return fields.name === 'ZodError' || (fields.message.trimStart().startsWith('[') && fields.message.includes('"code"'));
}

/** What `explainRequestError` knows besides the error. */
export interface RequestErrorContext {
  /** The request that failed, when known. */
  request?: RequestRef;
  /** Its timeout, in milliseconds (for the message). */
  timeoutMs: number;
  /** What the watch found in its answer, if anything: it knows more than the SDK's error. */
  failure?: ResponseFailure;
}

/**
 * The diagnosis of a failed request, or undefined when the error needs none here: a JSON-RPC
 * error the server sent on purpose (a tool that does not exist, bad params) is the server's
 * answer, not a misbehaviour, and network errors need the CORS probes (see diagnose-connection).
 */
export function explainRequestError(error: unknown, context: RequestErrorContext): Diagnosis | undefined {
  if (error instanceof McpError) return error.diagnosis;
  if (context.failure) return explainResponseFailure(context.failure, context.request);
  const fields = fieldsOf(error);
  if (fields.code === 'REQUEST_TIMEOUT') return explainTimeout(context.timeoutMs, context.request);
  if (fields.code === 'CLIENT_HTTP_UNEXPECTED_CONTENT') {
    const contentType = typeof fields.data?.contentType === 'string' ? fields.data.contentType : '(none)';
    return explainResponseFailure({ reason: 'wrong-content-type', contentType }, context.request);
  }
  if (fields.name === 'SyntaxError') return explainResponseFailure({ reason: 'not-json', text: '' }, context.request);
  // A schema error is recognised by its text only when the error carries no code of its own.
  if (fields.code === undefined && isSchemaError(fields))
    return explainResponseFailure({ reason: 'not-json-rpc', text: '(see the trace)' }, context.request);
  const status = httpStatusOf(error);
  if (status !== undefined) {
    const text = typeof fields.data?.text === 'string' ? fields.data.text.trim() : '';
    return {
      code: status === 401 ? 'auth-required' : 'http-error',
      status,
      title: `The server answered HTTP ${status}${typeof fields.data?.statusText === 'string' && fields.data.statusText ? ` ${fields.data.statusText}` : ''}`,
      detail: text
        ? `Its reply to ${named(context.request)}: ${excerpt(text, 300)}`
        : `Its reply to ${named(context.request)} had no text.`,
      serverText: text.slice(0, 2000) || undefined,
    };
  }
  return undefined;
}

/** The parameters of a `WWW-Authenticate: Bearer …` challenge. */
export interface BearerChallenge {
  scheme: string;
  scope?: string;
  resourceMetadata?: string;
  error?: string;
  errorDescription?: string;
  realm?: string;
}

/** Parses a WWW-Authenticate value (the first challenge); quoted and bare values both work. */
export function parseChallenge(header: string): BearerChallenge {
  const scheme = /^\s*([A-Za-z0-9_-]+)/.exec(header)?.[1] ?? '';
  const params = new Map<string, string>();
  for (const match of header.matchAll(/([A-Za-z0-9_-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,]+))/g)) {
    const name = match[1]!.toLowerCase();
    if (!params.has(name)) params.set(name, (match[2] ?? match[3] ?? '').replace(/\\(.)/g, '$1'));
  }
  const challenge: BearerChallenge = { scheme };
  const set = (key: Exclude<keyof BearerChallenge, 'scheme'>, name: string) => {
    const value = params.get(name);
    if (value !== undefined) challenge[key] = value;
  };
  set('scope', 'scope');
  set('resourceMetadata', 'resource_metadata');
  set('error', 'error');
  set('errorDescription', 'error_description');
  set('realm', 'realm');
  return challenge;
}

/** One sentence saying what a challenge asks for: scope, resource metadata, error. */
export function describeChallenge(challenge: BearerChallenge): string {
  const parts: string[] = [];
  if (challenge.scope) parts.push(`scope "${challenge.scope}"`);
  if (challenge.resourceMetadata) parts.push(`its protected resource metadata at ${challenge.resourceMetadata}`);
  const asked =
    parts.length > 0
      ? `It asks for ${parts.join(', and points to ')}.`
      : `It asks for ${challenge.scheme || 'some'} authorization without naming a scope or resource metadata.`;
  const why = challenge.error
    ? ` Reason given: ${challenge.error}${challenge.errorDescription ? ` (${challenge.errorDescription})` : ''}.`
    : '';
  return `${asked}${why}`;
}
