/**
 * Resources attached and prompts inserted reach the next model request, in each wire format's own
 * way, through the real request path to the scripted model server.
 */
import { memoryStorage } from '../shared/key-value-storage';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { start, type ModelServerHandle } from '../../../e2e/servers/model-server.mjs';
import { promptToMessages, resourceToParts } from '../context';
import type { ProviderId } from '../providers';
import { PolicyStore, ToolRegistry } from '../tools';
import { AgentSession } from './agent-session';
import { parseSessionData } from './session-data';

let server: ModelServerHandle;
beforeAll(async () => {
  server = await start({ port: 0 });
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => server.reset());

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

function session(provider: ProviderId): AgentSession {
  return new AgentSession({
    registry: new ToolRegistry(),
    policies: new PolicyStore({ storage: memoryStorage() }),
    callMcpTool: () => Promise.reject(new Error('no tools here')),
    timeoutFor: () => 5000,
    modelFetch: () => fetch,
    initialSettings: {
      provider,
      model: 'scripted-model',
      baseUrl: provider === 'anthropic' ? server.url : `${server.url}/v1`,
      apiKey: 'k',
    },
  });
}

/** The last model request's body, as JSON text. */
const lastBody = () => JSON.stringify(server.requests().at(-1)?.body);

describe.each([
  ['anthropic', '"type":"text","text":"Resource demo://note', '"type":"image","source":{"type":"base64","media_type":"image/png"'],
  ['openai', '"type":"text","text":"Resource demo://note', '"type":"image_url","image_url":{"url":"data:image/png;base64,'],
  ['openai-responses', '"type":"input_text","text":"Resource demo://note', '"type":"input_image","image_url":"data:image/png;base64,'],
] as const)('context in %s requests', (provider, textPart, imagePart) => {
  it('sends attached resources with the next message only, then clears them', async () => {
    server.setScript([{ text: 'Seen.' }, { text: 'Again.' }]);
    const agent = session(provider);
    agent.attach('srv: demo://note', resourceToParts([{ uri: 'demo://note', mimeType: 'text/plain', text: 'The note says hello.' }]));
    agent.attach('srv: demo://pic', resourceToParts([{ uri: 'demo://pic', mimeType: 'image/png', blob: PNG }]));
    const removed = resourceToParts([{ uri: 'demo://gone', text: 'removed before sending' }]);
    agent.attach('srv: demo://gone', removed);
    const gone = agent.getSnapshot().attachments.find((item) => item.label === 'srv: demo://gone');
    agent.removeAttachment(gone?.id ?? '');
    expect(agent.getSnapshot().attachments.map((item) => item.label)).toEqual(['srv: demo://note', 'srv: demo://pic']);
    await agent.send('What is attached?');
    expect(lastBody()).toContain(textPart);
    expect(lastBody()).toContain('The note says hello.');
    expect(lastBody()).toContain(imagePart);
    expect(lastBody()).not.toContain('removed before sending');
    expect(agent.getSnapshot().attachments).toEqual([]);
    expect(agent.getSnapshot().items[0]).toEqual(
      expect.objectContaining({ kind: 'user', attachments: ['srv: demo://note', 'srv: demo://pic'] }),
    );
    // Saved and restored with the conversation.
    expect(parseSessionData(agent.exportData()).data?.items[0]).toEqual(
      expect.objectContaining({ attachments: ['srv: demo://note', 'srv: demo://pic'] }),
    );
    await agent.send('And now?');
    // Still in the history (the model keeps seeing it), but attached once.
    expect(lastBody().split('The note says hello.')).toHaveLength(2);
  });

  it('carries an inserted prompt into the next request', async () => {
    server.setScript([{ text: 'Done.' }]);
    const agent = session(provider);
    agent.insertMessages(
      promptToMessages([{ role: 'user', content: { type: 'text', text: "What's weather in Lyon?" } }]),
      'everything · args-prompt',
    );
    expect(server.requests()).toHaveLength(0);
    expect(agent.getSnapshot().items[0]).toEqual(
      expect.objectContaining({ kind: 'user', text: "What's weather in Lyon?", source: 'everything · args-prompt' }),
    );
    expect(parseSessionData(agent.exportData()).data?.items[0]).toEqual(expect.objectContaining({ source: 'everything · args-prompt' }));
    await agent.send('Answer briefly.');
    expect(lastBody()).toContain("What's weather in Lyon?");
    expect(lastBody()).toContain('Answer briefly.');
  });
});
