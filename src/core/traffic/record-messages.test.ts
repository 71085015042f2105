import { describe, expect, it } from 'vitest';
import { parsePayload } from './check-answer';
import { recordMessages } from './record-messages';
import { SecretRegistry } from './redact';
import { TrafficLog } from './traffic-log';

const TOKEN = 'secret-token-123456';

/** A target on a fresh log, with a secret to redact and the tool call of request 5. */
function target(direction: 'out' | 'in') {
  const log = new TrafficLog();
  const secrets = new SecretRegistry();
  secrets.add(TOKEN);
  return {
    log,
    target: {
      log,
      server: 'weather',
      exchangeId: 42,
      direction,
      secrets,
      contextOf: (id: string | number) => (id === 5 ? { toolCallId: 'toolu_5' } : undefined),
    },
  };
}

describe('recordMessages', () => {
  it('records each message of a batch with its exchange, redacted, and links a progress notification to its call', () => {
    const { log, target: out } = target('in');
    const batch = [
      { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 5, progress: 1 } },
      { jsonrpc: '2.0', id: 5, result: { content: [{ type: 'text', text: TOKEN }] } },
    ];
    recordMessages(parsePayload(JSON.stringify(batch)), 1000, out);
    const { messages, messageCount } = log.getSnapshot();
    expect(messageCount).toBe(2);
    expect(messages[0]).toMatchObject({
      server: 'weather',
      direction: 'in',
      kind: 'notification',
      method: 'notifications/progress',
      exchangeId: 42,
      toolCallId: 'toolu_5',
      at: 1000,
    });
    expect(messages[1]).toMatchObject({ kind: 'response', rpcId: 5, exchangeId: 42, toolCallId: 'toolu_5' });
    expect(JSON.stringify(messages.slice(0, messageCount))).not.toContain(TOKEN);
  });

  it('records nothing for a payload that is not JSON-RPC', () => {
    const { log, target: out } = target('out');
    recordMessages(parsePayload('not json'), 1, out);
    recordMessages(parsePayload('{"a":1}'), 1, out);
    recordMessages(parsePayload('"text"'), 1, out);
    expect(log.getSnapshot().messageCount).toBe(0);
  });
});
