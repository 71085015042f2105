import { describe, expect, it } from 'vitest';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { CallToolResult, ClientCapabilities, CreateMessageRequest, ElicitRequest } from '@modelcontextprotocol/client';
import { readElicitationForm } from '../../src/core/elicitation';
import { parseSamplingRequest } from '../../src/core/sampling';
import { expandUriTemplate, uriTemplateVariables } from '../../src/core/uri-template';
import { EVERYTHING_SERVER_NAME, start } from './everything.mjs';
import { useServer } from './test-kit';

const ORIGIN = 'http://page.example:5173';

/** The client capabilities Glassbox declares (sampling, elicitation, roots): the reference server lists more tools for them. */
const FULL_CAPABILITIES: ClientCapabilities = { sampling: {}, elicitation: { form: {}, url: {} }, roots: { listChanged: true } };

/** The 13 tools the reference server lists to every client. */
const BASE_TOOLS = [
  'echo',
  'get-annotated-message',
  'get-env',
  'get-resource-links',
  'get-resource-reference',
  'get-structured-content',
  'get-sum',
  'get-tiny-image',
  'gzip-file-as-resource',
  'toggle-simulated-logging',
  'toggle-subscriber-updates',
  'trigger-long-running-operation',
  'simulate-research-query',
];

const { server, track } = useServer(start);

/** Connects a v2 client declaring `capabilities`, answering sampling, elicitation and roots as given. */
async function connect(capabilities: ClientCapabilities = {}, answers: Answers = {}): Promise<Client> {
  const client = new Client({ name: 'everything-test', version: '1.0.0' }, { capabilities });
  if (capabilities.sampling !== undefined) {
    client.setRequestHandler('sampling/createMessage', async (request) => {
      answers.sampling?.push(request);
      return { role: 'assistant', content: { type: 'text', text: 'Sampled reply' }, model: 'scripted-model', stopReason: 'endTurn' };
    });
  }
  if (capabilities.elicitation !== undefined) {
    client.setRequestHandler('elicitation/create', async (request) => {
      answers.elicitation?.push(request);
      return { action: 'accept', content: { name: 'Ada Lovelace', check: true } };
    });
  }
  if (capabilities.roots !== undefined) {
    client.setRequestHandler('roots/list', async () => ({ roots: [{ uri: 'file:///work/project', name: 'project' }] }));
  }
  await client.connect(new StreamableHTTPClientTransport(new URL(server().url)));
  track(client);
  return client;
}

interface Answers {
  sampling?: CreateMessageRequest[];
  elicitation?: ElicitRequest[];
}

/** All text of a result, joined. */
function textOf(result: CallToolResult): string {
  return result.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n');
}

/** Tool names sorted, so the assertion does not depend on registration order. */
async function toolNames(client: Client): Promise<string[]> {
  const { tools } = await client.listTools();
  return tools.map((tool) => tool.name).sort();
}

describe('everything (the official reference server, in-process)', () => {
  it('is the reference server on the 2025 era, with a session', async () => {
    const client = await connect();
    expect(client.getProtocolEra()).toBe('legacy');
    expect(client.getServerVersion()).toMatchObject({ name: EVERYTHING_SERVER_NAME, title: 'Everything Reference Server' });
    expect(client.getServerCapabilities()).toMatchObject({
      logging: {},
      completions: {},
      prompts: { listChanged: true },
      resources: { subscribe: true, listChanged: true },
      tools: { listChanged: true },
      tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } },
    });
    expect(client.getInstructions()).toBeTruthy();
  });

  it('lists 13 tools to a client without capabilities', async () => {
    const client = await connect();
    expect(await toolNames(client)).toEqual([...BASE_TOOLS].sort());
  });

  it('lists four more tools to a client declaring sampling, elicitation and roots', async () => {
    const client = await connect(FULL_CAPABILITIES);
    expect(await toolNames(client)).toEqual(
      [...BASE_TOOLS, 'get-roots-list', 'trigger-elicitation-request', 'trigger-sampling-request', 'trigger-url-elicitation'].sort(),
    );
  });

  it('lists its resources, resource templates and prompts', async () => {
    const client = await connect(FULL_CAPABILITIES);
    const resources = await client.listResources();
    expect(resources.resources).toHaveLength(7);
    expect(resources.nextCursor).toBeUndefined();
    const templates = await client.listResourceTemplates();
    expect(templates.resourceTemplates.map((template) => template.uriTemplate)).toEqual([
      'demo://resource/dynamic/text/{resourceId}',
      'demo://resource/dynamic/blob/{resourceId}',
    ]);
    const { prompts } = await client.listPrompts();
    expect(prompts.map((prompt) => [prompt.name, prompt.arguments?.map((arg) => `${arg.name}${arg.required ? '*' : ''}`)])).toEqual([
      ['simple-prompt', undefined],
      ['args-prompt', ['city*', 'state']],
      ['completable-prompt', ['department*', 'name*']],
      ['resource-prompt', ['resourceType*', 'resourceId*']],
    ]);
  });

  it('reads a filled template and completes a prompt argument', async () => {
    const client = await connect();
    const read = await client.readResource({ uri: 'demo://resource/dynamic/text/7' });
    expect(read.contents[0]).toMatchObject({ uri: 'demo://resource/dynamic/text/7', mimeType: 'text/plain' });
    const completion = await client.complete({
      ref: { type: 'ref/prompt', name: 'completable-prompt' },
      argument: { name: 'department', value: 'E' },
    });
    expect(completion.completion.values).toContain('Engineering');
  });

  it('asks the client for sampling, elicitation and roots from its tools', async () => {
    const answers: Answers = { sampling: [], elicitation: [] };
    const client = await connect(FULL_CAPABILITIES, answers);

    const sampled = await client.callTool({ name: 'trigger-sampling-request', arguments: { prompt: 'Say hi', maxTokens: 20 } });
    expect(answers.sampling?.[0]?.params).toMatchObject({ systemPrompt: 'You are a helpful test server.', maxTokens: 20 });
    expect(textOf(sampled)).toContain('Sampled reply');

    const elicited = await client.callTool({ name: 'trigger-elicitation-request', arguments: {} });
    const params = answers.elicitation?.[0]?.params;
    expect(params && 'requestedSchema' in params ? params.requestedSchema.required : undefined).toEqual(['name']);
    expect(textOf(elicited)).toContain('Ada Lovelace');

    const roots = await client.callTool({ name: 'get-roots-list', arguments: {} });
    expect(textOf(roots)).toContain('file:///work/project');
  });

  it("is understood by Glassbox's core: its sampling request, its elicitation form, its templates", async () => {
    const answers: Answers = { sampling: [], elicitation: [] };
    const client = await connect(FULL_CAPABILITIES, answers);
    await client.callTool({ name: 'trigger-sampling-request', arguments: { prompt: 'Say hi' } });
    await client.callTool({ name: 'trigger-elicitation-request', arguments: {} });
    const sampling = parseSamplingRequest(answers.sampling?.[0]?.params);
    expect(sampling.ok && sampling.request).toMatchObject({
      systemPrompt: 'You are a helpful test server.',
      maxTokens: 100,
      temperature: 0.7,
    });
    const params = answers.elicitation?.[0]?.params;
    const form = readElicitationForm(params && 'requestedSchema' in params ? params.requestedSchema : undefined);
    expect(form.ok && form.form.fields.map((field) => field.kind)).toEqual([
      'text',
      'boolean',
      'text',
      'text',
      'text',
      'text',
      'number',
      'number',
      'choice',
      'multi-choice',
      'choice',
      'multi-choice',
      'choice',
    ]);
    const { resourceTemplates } = await client.listResourceTemplates();
    for (const template of resourceTemplates) {
      expect(uriTemplateVariables(template.uriTemplate)).toEqual(['resourceId']);
      const read = await client.readResource({ uri: expandUriTemplate(template.uriTemplate, { resourceId: '3' }) });
      expect(read.contents).toHaveLength(1);
    }
  });

  it('refuses the research query without task augmentation', async () => {
    const client = await connect(FULL_CAPABILITIES);
    const result = await client.callTool({ name: 'simulate-research-query', arguments: { topic: 'MCP' } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('requires task augmentation');
  });

  it('answers a browser preflight with our CORS headers', async () => {
    const response = await fetch(server().url, {
      method: 'OPTIONS',
      headers: { Origin: ORIGIN, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'mcp-session-id' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(response.headers.get('access-control-expose-headers')).toContain('mcp-session-id');
  });
});
