/**
 * A mock served over streamable HTTP, on web-standard Request/Response (the page's Service Worker
 * and Node both have them). It speaks the recorded era: a 2025 mock answers `initialize` with
 * the recorded result and a session id (when the server gave one), a GET stream for notifications
 * and DELETE, and answers the 2026 era probe (`server/discover`) with the 400 a 2025 server sends;
 * a 2026 mock is stateless and answers `server/discover` as recorded. Answers come at once unless
 * `latency: 'recorded'` asks for the recorded time to the answer.
 */
import { isPlainObject } from '../shared/json';
import type { MockMiss } from './match';
import type { McpMock } from './mock-types';
import { MockResponder, type LiveRequest, type MockReply } from './responder';

/** Options for `createMockHttpHandler`. */
export interface MockHttpHandlerOptions {
  /** `none` (default): answer at once; `recorded`: wait the recorded time to each answer first. */
  latency?: 'none' | 'recorded';
  /** Called on every miss. */
  onMiss?: (miss: MockMiss, request: LiveRequest) => void;
  /** How long a server request (sampling, elicitation) waits for the client's answer. Default is 60000 (60 seconds). */
  replyTimeoutMs?: number;
  /** Session ids; default `crypto.randomUUID()`. */
  newSessionId?: () => string;
}

/** A running mock on HTTP. */
export interface MockHttpHandler {
  /** Answers one HTTP request to the mock's endpoint. */
  fetch(request: Request): Promise<Response>;
  /** How many requests missed so far. */
  readonly misses: number;
  readonly responder: MockResponder;
  /** Ends every open stream. */
  close(): void;
}

const encoder = new TextEncoder();

/** An open event stream that notifications can be written to. */
interface OpenStream {
  write(message: unknown): void;
  close(): void;
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

function httpError(status: number, code: number, message: string): Response {
  return json(status, { jsonrpc: '2.0', error: { code, message }, id: null });
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Serves `mock` (see the file comment). */
export function createMockHttpHandler(mock: McpMock, options: MockHttpHandlerOptions = {}): MockHttpHandler {
  const responder = new MockResponder(mock, options.onMiss ? { onMiss: options.onMiss } : {});
  const legacy = mock.era === 'legacy';
  const sessions = new Set<string>();
  const listeners = new Set<OpenStream>();
  const waiting = new Map<string, () => void>();
  const replyTimeoutMs = options.replyTimeoutMs ?? 60_000;
  const newSessionId = options.newSessionId ?? (() => crypto.randomUUID());

  /** A new event stream; `start` writes to it, then it stays open when `keepOpen`. */
  const eventStream = (start: (stream: OpenStream) => Promise<void>, keepOpen: boolean, headers: Record<string, string> = {}) => {
    let stream: OpenStream | undefined;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        let closed = false;
        stream = {
          write(message) {
            if (!closed) controller.enqueue(encoder.encode(`event: message\ndata: ${JSON.stringify(message)}\n\n`));
          },
          close() {
            if (closed) return;
            closed = true;
            listeners.delete(stream as OpenStream);
            controller.close();
          },
        };
        const open = stream;
        void start(open).then(
          () => {
            if (keepOpen) listeners.add(open);
            else open.close();
          },
          () => open.close(),
        );
      },
      cancel() {
        if (stream) listeners.delete(stream);
      },
    });
    return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', ...headers } });
  };

  /** Waits for the client's answer to a server request (or the timeout). */
  const replyTo = (id: string | number) =>
    new Promise<void>((resolve) => {
      const key = JSON.stringify(id);
      const timer = setTimeout(() => {
        waiting.delete(key);
        resolve();
      }, replyTimeoutMs);
      waiting.set(key, () => {
        clearTimeout(timer);
        waiting.delete(key);
        resolve();
      });
    });

  const sendAfter = (reply: MockReply) => {
    for (const message of reply.after) for (const listener of listeners) listener.write(message);
  };

  const answer = async (request: LiveRequest, headers: Record<string, string>): Promise<Response> => {
    const reply = responder.reply(request);
    if (options.latency === 'recorded' && reply.latencyMs !== undefined) await sleep(reply.latencyMs);
    const streamed = reply.open || reply.messages.length > 1;
    if (!streamed) {
      const response = json(reply.status ?? 200, reply.messages[0]?.message, headers);
      queueMicrotask(() => sendAfter(reply));
      return response;
    }
    return eventStream(
      async (stream) => {
        for (const outgoing of reply.messages) {
          const replied = outgoing.awaitsReplyTo === undefined ? undefined : replyTo(outgoing.awaitsReplyTo);
          stream.write(outgoing.message);
          if (replied) await replied;
        }
        sendAfter(reply);
      },
      reply.open,
      headers,
    );
  };

  const post = async (request: Request): Promise<Response> => {
    let body: unknown;
    try {
      body = await request.json();
    } catch {
      return httpError(400, -32700, 'Parse error: invalid JSON');
    }
    if (Array.isArray(body)) return httpError(400, -32600, 'Invalid Request: JSON-RPC batches are not supported (removed in 2025-06-18).');
    if (!isPlainObject(body) || body['jsonrpc'] !== '2.0') return httpError(400, -32600, 'Invalid Request: not a JSON-RPC 2.0 message.');
    const id = body['id'];
    const method = body['method'];
    const hasId = typeof id === 'string' || typeof id === 'number';
    const live: LiveRequest | undefined =
      typeof method === 'string' && hasId ? { id, method, ...(body['params'] !== undefined ? { params: body['params'] } : {}) } : undefined;
    let headers: Record<string, string> = {};
    if (legacy) {
      const sessionId = request.headers.get('mcp-session-id');
      if (live?.method === 'initialize') {
        if (mock.sessions) {
          const created = newSessionId();
          sessions.add(created);
          headers = { 'Mcp-Session-Id': created };
        }
      } else if (mock.sessions) {
        if (sessionId === null) return httpError(400, -32000, 'Bad Request: No valid session ID provided');
        if (!sessions.has(sessionId)) return httpError(404, -32001, 'Session not found');
      } else if (live?.method === 'server/discover') {
        return httpError(400, -32000, 'Bad Request: this server speaks the 2025 protocol (initialize)');
      }
    }
    if (live === undefined) {
      // A notification, or the client's answer to a server request: accepted, nothing to say.
      if (hasId && typeof method !== 'string') waiting.get(JSON.stringify(id))?.();
      return new Response(null, { status: 202 });
    }
    return answer(live, headers);
  };

  return {
    async fetch(request) {
      switch (request.method) {
        case 'POST':
          return post(request);
        case 'GET': {
          if (!legacy) return httpError(405, -32000, 'Method not allowed: a 2026 server has no GET stream.');
          const sessionId = request.headers.get('mcp-session-id');
          if (mock.sessions && (sessionId === null || !sessions.has(sessionId))) return httpError(404, -32001, 'Session not found');
          return eventStream(async () => {}, true);
        }
        case 'DELETE': {
          if (!legacy || !mock.sessions) return httpError(405, -32000, 'Method not allowed.');
          const sessionId = request.headers.get('mcp-session-id');
          if (sessionId !== null) sessions.delete(sessionId);
          return new Response(null, { status: 200 });
        }
        default:
          return httpError(405, -32000, `Method not allowed: ${request.method}.`);
      }
    },
    get misses() {
      return responder.misses;
    },
    responder,
    close() {
      for (const listener of [...listeners]) listener.close();
    },
  };
}
