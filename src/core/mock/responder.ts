/**
 * A mock's answers at the JSON-RPC level, with no transport: a request in, the messages to send
 * back in recorded order out (the server's own messages on the request's stream, then the answer
 * under the live request's id), plus what goes out on other streams afterwards. A miss is answered
 * by the mock's miss policy and counted. The HTTP handler (http-handler.ts) and anything else that
 * speaks JSON-RPC (a test, an SDK transport) put it on a wire.
 */
import { isPlainObject } from '../shared/json';
import { MockMatcher, type MockMiss } from './match';
import type { McpMock, MockExchange } from './mock-types';

/** The `error.data` key under which a miss error carries its details. */
const MOCK_MISS_DATA_KEY = 'mockMiss';

/** A JSON-RPC request as the client sent it. */
export interface LiveRequest {
  id: string | number;
  method: string;
  params?: unknown;
}

/** One message to send on the request's stream; a server request waits for the client's answer before the next is sent. */
interface MockOutgoing {
  message: Record<string, unknown>;
  /** Set on the server's own requests (sampling, elicitation, roots): the id the client's answer will carry. */
  awaitsReplyTo?: string | number;
}

/** What a request gets from a mock. */
export interface MockReply {
  /** On the request's stream, in order; the last is the answer unless `open`. */
  messages: MockOutgoing[];
  /** No answer was recorded (a stream such as `subscriptions/listen` left open): keep the stream open for later notifications. */
  open: boolean;
  /** Notifications for the other open streams (the 2025 GET stream, a 2026 listen stream), after the answer. */
  after: Record<string, unknown>[];
  /** The HTTP status the answer came with, when not 200. */
  status?: number;
  /** The recorded time to the answer, milliseconds (for replaying latency, when asked). */
  latencyMs?: number;
  /** Set when nothing recorded matched: the answer is the miss policy's. */
  miss?: MockMiss;
  /** The index of the recorded exchange that answered, on a hit. */
  index?: number;
}

/** Options for a MockResponder. */
export interface MockResponderOptions {
  /** Called on every miss, after it is counted. */
  onMiss?: (miss: MockMiss, request: LiveRequest) => void;
}

/** The live request's progress token, if it asked for progress. */
function progressTokenOf(params: unknown): unknown {
  if (!isPlainObject(params) || !isPlainObject(params['_meta'])) return undefined;
  return params['_meta']['progressToken'];
}

/** A recorded server message made to fit the live request: progress goes to the live request's token. */
function fitToRequest(message: Record<string, unknown>, progressToken: unknown): Record<string, unknown> {
  if (progressToken === undefined || message['method'] !== 'notifications/progress' || !isPlainObject(message['params'])) return message;
  return { ...message, params: { ...message['params'], progressToken } };
}

/** Answers requests from one mock; keeps the order of repeated answers and the miss count. One per running mock. */
export class MockResponder {
  private readonly matcher: MockMatcher;
  private missCount = 0;

  constructor(
    readonly mock: McpMock,
    private readonly options: MockResponderOptions = {},
  ) {
    this.matcher = new MockMatcher(mock);
  }

  /** How many requests missed so far. */
  get misses(): number {
    return this.missCount;
  }

  /** The reply to one request (see MockReply). */
  reply(request: LiveRequest): MockReply {
    const outcome = this.matcher.match(request);
    if (outcome.kind === 'miss') {
      this.missCount += 1;
      this.options.onMiss?.(outcome.miss, request);
      return { messages: [{ message: this.missAnswer(request, outcome.miss) }], open: false, after: [], miss: outcome.miss };
    }
    return this.replayExchange(request, outcome.exchange, outcome.index);
  }

  private replayExchange(request: LiveRequest, exchange: MockExchange, index: number): MockReply {
    const progressToken = progressTokenOf(request.params);
    const messages: MockOutgoing[] = (exchange.before ?? []).map(({ message }) => {
      const fitted = fitToRequest(message, progressToken);
      const id = message['id'];
      return typeof id === 'string' || typeof id === 'number' ? { message: fitted, awaitsReplyTo: id } : { message: fitted };
    });
    const answer = exchange.answer;
    const open = 'open' in answer;
    if ('result' in answer) messages.push({ message: { jsonrpc: '2.0', id: request.id, result: answer.result } });
    else if ('error' in answer) messages.push({ message: { jsonrpc: '2.0', id: request.id, error: answer.error } });
    return {
      messages,
      open,
      after: (exchange.after ?? []).map(({ message }) => message),
      ...(exchange.status !== undefined ? { status: exchange.status } : {}),
      ...(exchange.latencyMs !== undefined ? { latencyMs: exchange.latencyMs } : {}),
      index,
    };
  }

  /** The answer to a miss under the mock's policy. */
  private missAnswer(request: LiveRequest, miss: MockMiss): Record<string, unknown> {
    const policy = this.mock.missPolicy;
    if (policy === 'fixed-error') {
      const error = this.mock.fixedError ?? {
        code: -32603,
        message: `The mock of ${this.mock.server.entry} has no recorded answer to this request.`,
      };
      return { jsonrpc: '2.0', id: request.id, error };
    }
    if (policy === 'tool-error' && request.method === 'tools/call') {
      const result: Record<string, unknown> = { content: [{ type: 'text', text: miss.sentence }], isError: true };
      if (this.mock.era === 'modern') result['resultType'] = 'complete';
      return { jsonrpc: '2.0', id: request.id, result };
    }
    const data = {
      [MOCK_MISS_DATA_KEY]: {
        method: miss.method,
        ...(miss.nearestIndex !== undefined ? { nearest: miss.nearestIndex + 1 } : {}),
        differences: miss.differences.map((difference) => difference.path),
      },
    };
    // -32601 when the mock has no such method at all, -32602 when it has it with other params.
    const code = miss.nearestIndex === undefined ? -32601 : -32602;
    return { jsonrpc: '2.0', id: request.id, error: { code, message: miss.sentence, data } };
  }
}
