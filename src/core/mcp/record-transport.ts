import type { JSONRPCMessage, Transport, TransportSendOptions } from '@modelcontextprotocol/client';
import type { RpcKind, RpcMessageRecord } from '../traffic/types';

/** Header the app sets on a request to tag it with the agent's tool call id; the recording fetch strips it. */
export const TOOL_CALL_HEADER = 'x-glassbox-tool-call';

/** Where the recorder writes messages (a TrafficLog satisfies it). */
export interface MessageSink {
  addMessage(record: Omit<RpcMessageRecord, 'seq'>): number;
}

/** Classify a JSON-RPC message. */
export function rpcKindOf(message: unknown): RpcKind {
  const m = message as Record<string, unknown>;
  if (m && typeof m === 'object') {
    if ('method' in m) return 'id' in m && m.id !== undefined && m.id !== null ? 'request' : 'notification';
    if ('error' in m) return 'error';
  }
  return 'response';
}

/** A recorded transport: it can also hand the client a message that did not come from the server. */
export type RecordedTransport = Transport & {
  /**
   * Give the client a message as if it had arrived, without recording it (it is not traffic):
   * used to fail a request at once, with a made-up error answer, when its real answer cannot come.
   */
  deliverLocally(message: JSONRPCMessage): void;
};

/**
 * Observe every JSON-RPC message a transport carries, without touching SDK internals:
 * `send` is wrapped, and `onmessage` becomes an accessor, so a handler the SDK installs
 * at any time (including the v2 client's `server/discover` probe) is still observed.
 */
export function recordTransport(
  transport: Transport,
  options: { server: string; sink: MessageSink; now?: () => number; onSend?: (message: JSONRPCMessage) => void },
): RecordedTransport {
  const now = options.now ?? Date.now;
  const toolCallByRpcId = new Map<string | number, string>();
  let inner: Transport['onmessage'];

  const originalSend = transport.send.bind(transport);
  transport.send = (message: JSONRPCMessage, sendOptions?: TransportSendOptions) => {
    const toolCallId = (sendOptions as { headers?: Record<string, string> } | undefined)?.headers?.[TOOL_CALL_HEADER];
    for (const single of Array.isArray(message) ? (message as JSONRPCMessage[]) : [message]) {
      const m = single as Record<string, unknown>;
      const id = m.id as string | number | undefined;
      options.onSend?.(single);
      if (toolCallId !== undefined && id !== undefined) toolCallByRpcId.set(id, toolCallId);
      options.sink.addMessage({
        server: options.server,
        direction: 'out',
        kind: rpcKindOf(single),
        method: typeof m.method === 'string' ? m.method : '',
        rpcId: id,
        message: single,
        at: now(),
        toolCallId: toolCallId ?? toolCallForNotification(single, toolCallByRpcId),
      });
    }
    return originalSend(message, sendOptions);
  };

  const observed = (message: JSONRPCMessage, extra?: unknown) => {
    const m = message as Record<string, unknown>;
    const id = m.id as string | number | undefined;
    options.sink.addMessage({
      server: options.server,
      direction: 'in',
      kind: rpcKindOf(message),
      method: typeof m.method === 'string' ? m.method : '',
      rpcId: id,
      message,
      at: now(),
      toolCallId: (id !== undefined ? toolCallByRpcId.get(id) : undefined) ?? toolCallForNotification(message, toolCallByRpcId),
    });
    (inner as ((message: JSONRPCMessage, extra?: unknown) => void) | undefined)?.(message, extra);
  };

  Object.defineProperty(transport, 'onmessage', {
    configurable: true,
    enumerable: true,
    get: () => (inner ? observed : undefined),
    set: (handler: Transport['onmessage']) => {
      inner = handler;
    },
  });
  const recorded = transport as RecordedTransport;
  recorded.deliverLocally = (message: JSONRPCMessage) => {
    (inner as ((message: JSONRPCMessage) => void) | undefined)?.(message);
  };
  return recorded;
}

/** Progress and cancellation notifications name the request they belong to; follow that to its tool call. */
function toolCallForNotification(message: unknown, byRpcId: Map<string | number, string>): string | undefined {
  const m = message as { method?: string; params?: Record<string, unknown> };
  if (m.method === 'notifications/cancelled') {
    const requestId = m.params?.requestId as string | number | undefined;
    return requestId !== undefined ? byRpcId.get(requestId) : undefined;
  }
  if (m.method === 'notifications/progress') {
    const token = m.params?.progressToken as string | number | undefined;
    return token !== undefined ? byRpcId.get(token) : undefined;
  }
  return undefined;
}
