/**
 * The host's end of one view's postMessage channel, as an SDK Transport for AppBridge. Every
 * message is recorded in the view log where it passes, in both directions. What the view sends
 * is rate-limited before anything else looks at it (a view flooding the channel costs one counter
 * per message, not a parse and a render), must be JSON-RPC, and may only ask for the methods the
 * host serves: anything else is answered here with a clear error.
 */
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import { isPlainObject } from '../shared/json';
import type { ViewLog } from './view-log';
import { CSP_VIOLATION_MESSAGE } from './view-document';

/** The requests a view may make of Glassbox. */
const VIEW_REQUESTS: readonly string[] = [
  'ui/initialize',
  'tools/call',
  'resources/read',
  'ui/message',
  'ui/update-model-context',
  'ui/open-link',
  'ui/request-display-mode',
  'ping',
];

/** The JSON-RPC code for a method nobody serves. */
export const METHOD_NOT_FOUND = -32601;

/** How many messages a view may send: a burst, then a steady rate. */
export interface RateLimit {
  /** Messages allowed at once. Default is 100. */
  burst: number;
  /** Messages allowed per second after the burst. Default is 50. */
  perSecond: number;
}

/** The default limit: far above what a view needs, far below what freezes a page. */
const DEFAULT_RATE_LIMIT: RateLimit = { burst: 100, perSecond: 50 };

/** How long dropped messages are counted before the count is reported, in ms. */
export const DROP_REPORT_MS = 250;

/** Settings of one channel. */
export interface ViewChannelOptions {
  log: ViewLog;
  viewId: string;
  server: string;
  toolCallId?: string;
  /** Posts one message into the view. */
  post(message: unknown): void;
  limit?: RateLimit;
  /** Monotonic clock in ms. Default is `performance.now` (or `Date.now`). */
  now?(): number;
  /** Told when messages were dropped (the running total) and when the view reported a blocked request. */
  onDropped?(total: number): void;
  onViolation?(violation: { directive: string; blockedURI: string }): void;
}

/** The method of a JSON-RPC message, `response` for an answer. */
function methodOf(message: Record<string, unknown>): string {
  return typeof message.method === 'string' ? message.method : 'response';
}

/** The id of a JSON-RPC message, when it has a usable one. */
function idOf(message: Record<string, unknown>): string | number | undefined {
  return typeof message.id === 'string' || typeof message.id === 'number' ? message.id : undefined;
}

/** One view's channel; see the file comment. */
export class ViewChannel implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private tokens: number;
  private last: number;
  private dropped = 0;
  private droppedReported = 0;
  private closed = false;
  private reportScheduled = false;
  private readonly limit: RateLimit;
  private readonly now: () => number;

  constructor(private readonly options: ViewChannelOptions) {
    this.limit = options.limit ?? DEFAULT_RATE_LIMIT;
    this.now = options.now ?? (() => (typeof performance !== 'undefined' ? performance.now() : Date.now()));
    this.tokens = this.limit.burst;
    this.last = this.now();
  }

  /** Messages dropped so far for the rate limit. */
  get droppedCount(): number {
    return this.dropped;
  }

  async start(): Promise<void> {}

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.onclose?.();
  }

  /** Records a message for the view and posts it. */
  async send(message: JSONRPCMessage): Promise<void> {
    if (this.closed) return;
    const record = message as unknown as Record<string, unknown>;
    this.record('to-app', methodOf(record), message, idOf(record));
    this.options.post(message);
  }

  /** Takes one message the view posted. */
  receive(data: unknown): void {
    if (this.closed) return;
    if (!this.take()) return;
    if (isPlainObject(data) && data.type === CSP_VIOLATION_MESSAGE) {
      const violation = { directive: String(data.directive), blockedURI: String(data.blockedURI) };
      this.record(
        'from-app',
        'csp-violation',
        violation,
        undefined,
        `Blocked by the view's Content-Security-Policy (${violation.directive}): ${violation.blockedURI}`,
      );
      this.options.onViolation?.(violation);
      return;
    }
    if (!isPlainObject(data) || data.jsonrpc !== '2.0') {
      this.record('from-app', 'invalid', data, undefined, 'Not a JSON-RPC 2.0 message: ignored');
      return;
    }
    const method = methodOf(data);
    const id = idOf(data);
    this.record('from-app', method, data, id);
    if (typeof data.method === 'string' && id !== undefined && !VIEW_REQUESTS.includes(data.method)) {
      void this.send({
        jsonrpc: '2.0',
        id,
        error: {
          code: METHOD_NOT_FOUND,
          message: `Glassbox does not serve "${data.method}" to an app view. It serves: ${VIEW_REQUESTS.join(', ')}.`,
        },
      } as JSONRPCMessage);
      return;
    }
    this.onmessage?.(data as unknown as JSONRPCMessage);
  }

  /** A token from the bucket, or false (and one more dropped) when it is empty. */
  private take(): boolean {
    const now = this.now();
    this.tokens = Math.min(this.limit.burst, this.tokens + ((now - this.last) / 1000) * this.limit.perSecond);
    this.last = now;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return true;
    }
    this.dropped += 1;
    // Reported in batches: one entry per quarter second of flood, not one per message.
    if (!this.reportScheduled) {
      this.reportScheduled = true;
      setTimeout(() => {
        this.reportScheduled = false;
        if (!this.closed) this.reportDropped();
      }, DROP_REPORT_MS);
    }
    return false;
  }

  private reportDropped(): void {
    const fresh = this.dropped - this.droppedReported;
    this.droppedReported = this.dropped;
    this.record(
      'from-app',
      'rate-limited',
      { dropped: fresh, total: this.dropped },
      undefined,
      `The view sent more than ${this.limit.burst} messages at once (then ${this.limit.perSecond}/s): ${fresh} dropped unread (${this.dropped} in all).`,
    );
    this.options.onDropped?.(this.dropped);
  }

  private record(direction: 'to-app' | 'from-app', method: string, message: unknown, rpcId?: string | number, note?: string): void {
    this.options.log.add({
      viewId: this.options.viewId,
      server: this.options.server,
      ...(this.options.toolCallId !== undefined ? { toolCallId: this.options.toolCallId } : {}),
      direction,
      method,
      message,
      ...(rpcId !== undefined ? { rpcId } : {}),
      ...(note !== undefined ? { note } : {}),
    });
  }
}
