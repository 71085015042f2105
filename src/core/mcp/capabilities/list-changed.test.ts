import { afterEach, describe, expect, it } from 'vitest';
import { start as startSignals } from '../../../../e2e/servers/signals.mjs';
import { useServer, waitUntil } from '../../../../e2e/servers/test-kit';
import { SecretRegistry, TrafficLog } from '../../traffic';
import { ServerConnection } from '../server-connection';
import type { CapabilityModule } from './capability';
import { mergeClientOptions } from '../mcp-session';

const { server: signals } = useServer(startSignals);
const connections: ServerConnection[] = [];
afterEach(async () => {
  await Promise.allSettled(connections.splice(0).map((connection) => connection.disconnect()));
});

describe('list changes', () => {
  it('2026: the tools list follows subscriptions/listen (acknowledged), each refresh a tools/list on the wire', async () => {
    const log = new TrafficLog();
    const connection = new ServerConnection({
      name: 'signals',
      url: signals().url,
      headers: {},
      log,
      secrets: new SecretRegistry(),
      fetch,
    });
    connections.push(connection);
    await connection.connect();
    expect(connection.getState().era).toBe('modern');
    const messages = () => log.getSnapshot().messages;
    const listen = messages().find((message) => message.direction === 'out' && message.method === 'subscriptions/listen');
    expect((listen?.message as { params: { notifications: unknown } }).params.notifications).toEqual({ toolsListChanged: true });
    expect(messages().some((message) => message.direction === 'in' && message.method === 'notifications/subscriptions/acknowledged')).toBe(
      true,
    );
    const listsBefore = messages().filter((message) => message.direction === 'out' && message.method === 'tools/list').length;
    await connection.callTool('add_tool', {});
    await waitUntil(() => connection.getState().tools.some((tool) => tool.name === 'extra_1'));
    expect(messages().some((message) => message.direction === 'in' && message.method === 'notifications/tools/list_changed')).toBe(true);
    expect(messages().filter((message) => message.direction === 'out' && message.method === 'tools/list').length).toBe(listsBefore + 1);
  });

  it('each capability adds its own list_changed handler and declarations beside the others', () => {
    const onChanged = () => undefined;
    const tools: CapabilityModule = { name: 'tools', clientOptions: () => ({ listChanged: { tools: { onChanged } } }) };
    const prompts: CapabilityModule = {
      name: 'prompts',
      clientOptions: () => ({ listChanged: { prompts: { onChanged } }, capabilities: { roots: {} } }),
    };
    const sampling: CapabilityModule = { name: 'sampling', clientOptions: () => ({ capabilities: { sampling: {} } }) };
    expect(mergeClientOptions([tools, prompts, sampling])).toEqual({
      capabilities: { roots: {}, sampling: {} },
      listChanged: { tools: { onChanged }, prompts: { onChanged } },
    });
  });
});
