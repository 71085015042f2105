import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import { legacyRecording, modernRecording, WEATHER_TOOLS } from './__fixtures__/recordings';
import { mockFromRecording } from './from-recording';
import { createMockHttpHandler, type MockHttpHandler } from './http-handler';
import type { MockMiss } from './match';
import type { McpMock } from './mock-types';

let clients: Client[] = [];
let handlers: MockHttpHandler[] = [];
afterEach(async () => {
  for (const client of clients) await client.close();
  for (const handler of handlers) handler.close();
  clients = [];
  handlers = [];
});

/** The SDK's own client, negotiating the era as the page does, talking to the mock through its fetch. */
async function connect(mock: McpMock, misses: MockMiss[] = [], capabilities = {}) {
  const handler = createMockHttpHandler(mock, { onMiss: (miss) => void misses.push(miss), newSessionId: () => 'mock-session' });
  handlers.push(handler);
  const sent: string[] = [];
  const client = new Client({ name: 'test', version: '1' }, { capabilities, versionNegotiation: { mode: 'auto' } });
  clients.push(client);
  const transport = new StreamableHTTPClientTransport(new URL('https://weather.mock.invalid/mcp'), {
    fetch: async (input, init) => {
      const request = new Request(input, init);
      if (request.method === 'POST') sent.push(String((JSON.parse(await request.clone().text()) as { method?: string }).method));
      return handler.fetch(request);
    },
  });
  await client.connect(transport);
  return { client, handler, sent };
}

describe('a 2025 mock over HTTP, with the SDK client', () => {
  it('answers the era probe as a 2025 server, then initialize and the lists as recorded', async () => {
    const { client, sent } = await connect(mockFromRecording(legacyRecording(), { server: 'weather' }));
    expect(client.getProtocolEra()).toBe('legacy');
    expect(client.getServerVersion()).toMatchObject({ name: 'weather-server', version: '1.2.0' });
    expect(client.getInstructions()).toBe('Ask for a city.');
    expect((await client.listTools()).tools).toEqual(WEATHER_TOOLS);
    expect(sent.slice(0, 2)).toEqual(['server/discover', 'initialize']);
  });

  it('plays a call back in order: progress to the live token, the sampling request answered, then the answer', async () => {
    const { client } = await connect(mockFromRecording(legacyRecording(), { server: 'weather' }), [], { sampling: {} });
    const seen: string[] = [];
    client.setRequestHandler('sampling/createMessage', async () => {
      seen.push('sampling');
      return { role: 'assistant', content: { type: 'text', text: 'live' }, model: 'test' };
    });
    const result = await client.callTool(
      { name: 'get_forecast', arguments: { city: 'Paris' } },
      { onprogress: (progress) => void seen.push(`progress ${progress.progress}/${progress.total}`) },
    );
    seen.push('answer');
    expect(result.content).toEqual([{ type: 'text', text: 'Sunny in Paris' }]);
    expect(seen).toEqual(['progress 1/2', 'sampling', 'answer']);
  });

  it('sends the notifications recorded after a call on the GET stream', async () => {
    const { client } = await connect(mockFromRecording(legacyRecording(), { server: 'weather' }), [], { sampling: {} });
    client.setRequestHandler('sampling/createMessage', async () => ({
      role: 'assistant',
      content: { type: 'text', text: 'x' },
      model: 'm',
    }));
    const changed = new Promise<string>((resolve) =>
      client.setNotificationHandler('notifications/tools/list_changed', (notification) => resolve(notification.method)),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    await client.callTool({ name: 'get_forecast', arguments: { city: 'Paris' } });
    await expect(changed).resolves.toBe('notifications/tools/list_changed');
  });

  it('answers a miss with an error naming the nearest request, and counts it', async () => {
    const misses: MockMiss[] = [];
    const { client, handler } = await connect(mockFromRecording(legacyRecording(), { server: 'weather' }), misses);
    await expect(client.callTool({ name: 'get_forecast', arguments: { city: 'Lyon' } })).rejects.toThrow(
      /nearest recorded request is #3, and it differs at params\/arguments\/city \(recorded "Paris", asked "Lyon"\)/,
    );
    expect(handler.misses).toBe(1);
    expect(misses[0]?.differences[0]?.path).toBe('/arguments/city');
  });

  it('answers a miss with a tool error or a fixed error when the person chose so', async () => {
    const toolError = await connect({ ...mockFromRecording(legacyRecording(), { server: 'weather' }), missPolicy: 'tool-error' });
    const result = await toolError.client.callTool({ name: 'get_forecast', arguments: { city: 'Lyon' } });
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toContain('params/arguments/city');
    const fixed = await connect({
      ...mockFromRecording(legacyRecording(), { server: 'weather' }),
      missPolicy: 'fixed-error',
      fixedError: { code: -32000, message: 'Not in the recording' },
    });
    await expect(fixed.client.callTool({ name: 'get_forecast', arguments: { city: 'Lyon' } })).rejects.toThrow(/Not in the recording/);
  });
});

describe('a 2026 mock over HTTP, with the SDK client', () => {
  it('answers server/discover as recorded and stays stateless', async () => {
    const { client, sent } = await connect(mockFromRecording(modernRecording(), { server: 'calendar' }));
    expect(client.getProtocolEra()).toBe('modern');
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['add_event']);
    expect(sent).toEqual(['server/discover', 'tools/list']);
  });

  it('plays an input_required round back: the client answers the elicitation and retries with the recorded state', async () => {
    const { client, sent } = await connect(mockFromRecording(modernRecording(), { server: 'calendar' }), [], { elicitation: { form: {} } });
    const asked: string[] = [];
    client.setRequestHandler('elicitation/create', async (request) => {
      asked.push(String(request.params.message));
      return { action: 'accept', content: { at: 'one o’clock' } };
    });
    const result = await client.callTool({ name: 'add_event', arguments: { title: 'Lunch' } });
    expect(asked).toEqual(['When?']);
    expect(result.content).toEqual([{ type: 'text', text: 'Added Lunch at noon' }]);
    expect(sent.filter((method) => method === 'tools/call')).toHaveLength(2);
  });
});
