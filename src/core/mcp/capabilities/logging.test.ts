import { afterEach, describe, expect, it } from 'vitest';
import { start as startEverything } from '../../../../e2e/servers/everything.mjs';
import { SIGNALS_LOGGER, start as startSignals } from '../../../../e2e/servers/signals.mjs';
import { useServer, waitUntil } from '../../../../e2e/servers/test-kit';
import { SecretRegistry, TrafficLog } from '../../traffic';
import { logEntriesOf } from '../log-entries';
import { ServerConnection } from '../server-connection';
import { LOG_LEVEL_META_KEY } from './logging';

const { server: everything } = useServer(startEverything);
const { server: signals } = useServer(startSignals);
const connections: ServerConnection[] = [];
afterEach(async () => {
  await Promise.allSettled(connections.splice(0).map((connection) => connection.disconnect()));
});

async function connect(name: string, url: string) {
  const log = new TrafficLog();
  const connection = new ServerConnection({ name, url, headers: {}, log, secrets: new SecretRegistry(), fetch });
  connections.push(connection);
  await connection.connect();
  expect(connection.getState().status).toBe('connected');
  const sent = (method: string) => log.getSnapshot().messages.filter((message) => message.direction === 'out' && message.method === method);
  return { connection, log, sent };
}

describe('logging', () => {
  it("2025: the level goes out as logging/setLevel and the server's messages come back as log entries", async () => {
    const { connection, log, sent } = await connect('everything', everything().url);
    await connection.logging.setLevel('debug');
    expect(sent('logging/setLevel').map((message) => (message.message as { params: unknown }).params)).toEqual([{ level: 'debug' }]);
    expect(connection.getState().logLevel).toBe('debug');
    await connection.callTool('toggle-simulated-logging', {});
    await waitUntil(() => logEntriesOf(log.getSnapshot().messages).length > 0);
    const [entry] = logEntriesOf(log.getSnapshot().messages);
    expect(entry).toMatchObject({ server: 'everything', data: expect.stringMatching(/level.message/i) });
    expect(['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency']).toContain(entry?.level);
    await connection.callTool('toggle-simulated-logging', {});
  });

  it('2026: no setLevel request; every request carries the level in _meta and the messages name the request they came on', async () => {
    const { connection, log, sent } = await connect('signals', signals().url);
    expect(connection.getState().era).toBe('modern');
    // Without a level the 2026 server does not log at all.
    await connection.callTool('log_levels', {});
    expect(logEntriesOf(log.getSnapshot().messages)).toEqual([]);
    await connection.logging.setLevel('error');
    expect(sent('logging/setLevel')).toEqual([]);
    await connection.callTool('log_levels', {});
    const calls = sent('tools/call');
    const meta = (calls.at(-1)?.message as { params: { _meta: Record<string, unknown> } }).params._meta;
    expect(meta[LOG_LEVEL_META_KEY]).toBe('error');
    const entries = logEntriesOf(log.getSnapshot().messages);
    expect(entries.map((entry) => entry.level)).toEqual(['error', 'critical', 'alert', 'emergency']);
    expect(entries[0]).toMatchObject({
      logger: SIGNALS_LOGGER,
      data: { index: 4, text: 'error message' },
      request: { method: 'tools/call', rpcId: calls.at(-1)?.rpcId },
    });
  });
});
