/**
 * The JSON-RPC messages an exchange carried, recorded by the wire tap as the bytes go by, each
 * with the id of its exchange (and of the tool call it serves), so nothing is joined later.
 */
import type { ParsedPayload } from './check-answer';
import { parsePayload } from './check-answer';
import type { SecretRegistry } from './redact';
import { classifyRpcMessage } from './rpc-messages';
import type { TrafficLog } from './traffic-log';
import type { CallContext } from './types';

/** Where a payload's messages go and what they are linked to. */
export interface MessageTarget {
  log: TrafficLog;
  server: string;
  exchangeId: number;
  direction: 'out' | 'in';
  secrets: SecretRegistry;
  /** The context of the exchange (a tool call's own request). */
  context?: CallContext;
  /** The context of the call a JSON-RPC id belongs to (a response, a progress notification). */
  contextOf?: (id: string | number) => CallContext | undefined;
}

/** The id a message is about: its own, or the request a cancellation or progress notification names. */
function idItConcerns(message: Record<string, unknown>, rpcId: string | number | undefined): string | number | undefined {
  if (rpcId !== undefined) return rpcId;
  const params = message['params'] as Record<string, unknown> | undefined;
  const named =
    message['method'] === 'notifications/cancelled'
      ? params?.['requestId']
      : message['method'] === 'notifications/progress'
        ? params?.['progressToken']
        : undefined;
  return typeof named === 'string' || typeof named === 'number' ? named : undefined;
}

/**
 * Records the JSON-RPC messages of one payload (secrets redacted); a payload that is not JSON-RPC
 * records nothing. `redacted` is the payload's text already redacted, when the caller has it.
 */
export function recordMessages(
  payload: ParsedPayload,
  at: number,
  target: MessageTarget,
  redacted = target.secrets.redact(payload.text),
): void {
  if (!payload.json || payload.value === null || typeof payload.value !== 'object') return;
  // What is recorded is the redacted text's parse; the text is parsed again only when a secret was in it.
  const value = redacted === payload.text ? payload.value : parsePayload(redacted).value;
  for (const message of Array.isArray(value) ? (value as unknown[]) : [value]) {
    const classified = classifyRpcMessage(message);
    if (!classified) continue;
    const concerns = idItConcerns(message as Record<string, unknown>, classified.rpcId);
    const toolCallId = target.context?.toolCallId ?? (concerns !== undefined ? target.contextOf?.(concerns)?.toolCallId : undefined);
    // A round of a 2026 multi-round-trip request is linked to its first request where it is sent.
    const roundOf =
      classified.kind === 'request' && classified.rpcId !== undefined ? target.contextOf?.(classified.rpcId)?.roundOf : undefined;
    const requestState = roundOf !== undefined ? (message as { params?: { requestState?: unknown } }).params?.requestState : undefined;
    target.log.addMessage({
      server: target.server,
      direction: target.direction,
      kind: classified.kind,
      method: classified.method ?? '',
      ...(classified.rpcId !== undefined ? { rpcId: classified.rpcId } : {}),
      message,
      at,
      exchangeId: target.exchangeId,
      ...(toolCallId !== undefined ? { toolCallId } : {}),
      ...(roundOf !== undefined ? { roundOf } : {}),
      ...(typeof requestState === 'string' ? { requestState } : {}),
    });
  }
}
