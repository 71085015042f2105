/** 2026-07-28 resource subscriptions through a whole connection: a listen stream per resource, live re-reads, closing it. */
import { afterEach, describe, expect, it } from 'vitest';
import { start as startLibrary, TICKER_URI, tickerText } from '../../../../e2e/servers/library.mjs';
import { useServer, waitUntil } from '../../../../e2e/servers/test-kit';
import { SecretRegistry, TrafficLog } from '../../traffic';
import { ServerConnection } from '../server-connection';
import type { ContentChange } from '../content-changes';
import { canSubscribe } from './resources';

const { server: library } = useServer(startLibrary);
const connections: ServerConnection[] = [];
afterEach(async () => {
  await Promise.allSettled(connections.splice(0).map((connection) => connection.disconnect()));
});

/** A connected connection to the library server and what it recorded. */
async function connectLibrary() {
  const log = new TrafficLog();
  const connection = new ServerConnection({ name: 'library', url: library().url, headers: {}, log, secrets: new SecretRegistry(), fetch });
  connections.push(connection);
  await connection.connect();
  const messages = () => log.getSnapshot().messages;
  return { connection, messages };
}

describe('2026 resource subscriptions', () => {
  it('subscribes with its own subscriptions/listen (acknowledged), tells each resources/updated, and closes the stream to unsubscribe', async () => {
    const { connection, messages } = await connectLibrary();
    expect(connection.getState().era).toBe('modern');
    expect(canSubscribe(connection.getState())).toBe(true);

    const told: ContentChange[] = [];
    connection.contentChanges.subscribe((change) => told.push(change));
    await connection.resources.subscribe(TICKER_URI);
    expect(connection.getState().resourceSubscriptions).toEqual({ [TICKER_URI]: { updates: 0 } });
    const listen = messages().find(
      (message) =>
        message.direction === 'out' && message.method === 'subscriptions/listen' && JSON.stringify(message.message).includes(TICKER_URI),
    );
    expect((listen?.message as { params: { notifications: unknown } }).params.notifications).toEqual({
      resourceSubscriptions: [TICKER_URI],
    });
    const listenId = (listen?.message as { id: string }).id;
    expect(
      messages().some(
        (message) =>
          message.direction === 'in' &&
          message.method === 'notifications/subscriptions/acknowledged' &&
          JSON.stringify(message.message).includes(listenId),
      ),
    ).toBe(true);

    const page = Number(/page (\d+)/.exec((await connection.resources.read(TICKER_URI))[0]?.text ?? '')?.[1]);
    await connection.callTool('turn_page', {});
    await waitUntil(() => (connection.getState().resourceSubscriptions?.[TICKER_URI]?.updates ?? 0) >= 1);
    expect(told).toContainEqual({ kind: 'resource-updated', uri: TICKER_URI });
    expect((await connection.resources.read(TICKER_URI))[0]?.text).toBe(tickerText(page + 1));
    const updated = messages().find((message) => message.direction === 'in' && message.method === 'notifications/resources/updated');
    expect(
      (updated?.message as { params: { _meta: Record<string, unknown> } }).params._meta['io.modelcontextprotocol/subscriptionId'],
    ).toBe(listenId);

    await connection.resources.unsubscribe(TICKER_URI);
    expect(connection.getState().resourceSubscriptions).toEqual({});
    await waitUntil(() =>
      messages().some(
        (message) =>
          message.direction === 'out' && message.method === 'notifications/cancelled' && JSON.stringify(message.message).includes(listenId),
      ),
    );
    const updatesBefore = messages().filter((message) => message.method === 'notifications/resources/updated').length;
    await connection.callTool('turn_page', {});
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(messages().filter((message) => message.method === 'notifications/resources/updated')).toHaveLength(updatesBefore);
    expect(connection.getState().resourceSubscriptions).toEqual({});
  });

  it('subscribing twice keeps one listen stream for the resource', async () => {
    const { connection, messages } = await connectLibrary();
    await connection.resources.subscribe(TICKER_URI);
    await connection.resources.subscribe(TICKER_URI);
    expect(Object.keys(connection.getState().resourceSubscriptions ?? {})).toEqual([TICKER_URI]);
    expect(
      messages().filter(
        (message) =>
          message.direction === 'out' && message.method === 'subscriptions/listen' && JSON.stringify(message.message).includes(TICKER_URI),
      ),
    ).toHaveLength(1);
  });
});
