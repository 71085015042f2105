/**
 * The scripted demo model, driven with the real request bodies the Anthropic and OpenAI Chat
 * adapters build: each step answers the right tool call, the final answer quotes the forecast
 * from the tool result, and anything else gets the honest answer. Replies are read back by the
 * real parsers, JSON and streamed.
 */
import { describe, expect, it } from 'vitest';
import type { NeutralMessage, NeutralRequest, NeutralResponse } from '../../conversation';
import { anthropicProvider } from '../anthropic/anthropic-provider';
import { openAIProvider } from '../openai/openai-provider';
import { PROVIDERS } from '../registry';
import { splitSse } from '../__fixtures__/split-sse';
import { demoModelFetch } from './demo-fetch';
import { DEMO_BASE_URLS, demoDialectOf, demoProvider } from './demo-provider';
import { DEMO_SCENARIO_MESSAGE } from './demo-constants';
import { DEMO_HONEST_ANSWER, findTool, playDemoScript } from './demo-script';
import { readDemoRequest, type DemoDialect } from './read-demo-request';

const FORECAST_TEXT = 'Paris, 3 days: rain 14/9 °C (80%), showers 15/10 °C (60%), cloudy 17/11 °C (20%).';

/** The tools the registry offers in the scene: the weather server's stand-in and the local tool. */
const TOOLS = [
  {
    name: 'weather_get_forecast',
    description: 'Daily weather forecast for a city.',
    inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  },
  { name: 'calendar_list_events', description: 'Events of a day.', inputSchema: { type: 'object', properties: {} } },
  {
    name: 'add_reminder',
    description: 'Saves a reminder.',
    inputSchema: { type: 'object', properties: { text: { type: 'string' }, when: { type: 'string' } } },
  },
];

function neutral(messages: NeutralMessage[], stream: boolean, tools = TOOLS): NeutralRequest {
  return { model: 'glassbox-demo-script', messages, tools, maxTokens: 1024, stream };
}

/** Sends a neutral request through the demo adapter and its in-page fetch; parses the reply as the agent does. */
async function ask(dialect: DemoDialect, request: NeutralRequest): Promise<{ body: unknown; response: NeutralResponse; url: string }> {
  const built = demoProvider.buildRequest(request, { baseUrl: DEMO_BASE_URLS[dialect], apiKey: 'must-not-be-sent' });
  expect(JSON.stringify(built.headers)).not.toContain('must-not-be-sent');
  const reply = await demoModelFetch(built.url, { method: 'POST', headers: built.headers, body: JSON.stringify(built.body) });
  expect(reply.status).toBe(200);
  if (!request.stream) {
    expect(reply.headers.get('content-type')).toBe('application/json');
    return { body: built.body, response: demoProvider.parseResponse(await reply.json()).response, url: built.url };
  }
  expect(reply.headers.get('content-type')).toBe('text/event-stream');
  const parser = demoProvider.createStreamParser();
  for (const event of splitSse(await reply.text())) parser.push(event);
  return { body: built.body, response: parser.finish(), url: built.url };
}

function toolCalls(response: NeutralResponse) {
  return response.parts
    .filter((part) => part.type === 'tool-call')
    .map((part) => (part.type === 'tool-call' ? { name: part.toolName, input: part.input, id: part.toolCallId } : undefined));
}

function resultMessage(id: string, name: string, text: string, isError = false): NeutralMessage {
  return {
    role: 'tool',
    parts: [{ type: 'tool-result', toolCallId: id, toolName: name, result: { parts: [{ type: 'text', text }], isError } }],
  };
}

describe.each([
  ['anthropic', false],
  ['anthropic', true],
  ['openai', false],
  ['openai', true],
] as const)('the demo script speaking %s (stream: %s)', (dialect, stream) => {
  it('plays the scene: get_forecast, then add_reminder, then an answer quoting the forecast', async () => {
    const history: NeutralMessage[] = [{ role: 'user', parts: [{ type: 'text', text: DEMO_SCENARIO_MESSAGE }] }];

    const first = await ask(dialect, neutral(history, stream));
    expect(first.url).toBe(
      dialect === 'openai' ? 'https://demo-model.invalid/openai/v1/chat/completions' : 'https://demo-model.invalid/anthropic/v1/messages',
    );
    expect(first.body).toHaveProperty(dialect === 'openai' ? 'messages.0.role' : 'max_tokens', dialect === 'openai' ? 'user' : 1024);
    const [forecastCall] = toolCalls(first.response);
    expect(forecastCall).toMatchObject({ name: 'weather_get_forecast', input: { city: 'Paris' } });
    expect(first.response.stopReason).toBe('tool-calls');
    history.push(
      { role: 'assistant', parts: first.response.parts },
      resultMessage(forecastCall!.id, 'weather_get_forecast', FORECAST_TEXT),
    );

    const second = await ask(dialect, neutral(history, stream));
    const [reminderCall] = toolCalls(second.response);
    expect(reminderCall).toMatchObject({ name: 'add_reminder', input: { text: 'Take an umbrella', when: 'tomorrow morning' } });
    expect(reminderCall!.id).not.toBe(forecastCall!.id);
    history.push(
      { role: 'assistant', parts: second.response.parts },
      resultMessage(reminderCall!.id, 'add_reminder', 'Reminder saved (id 1).'),
    );

    const third = await ask(dialect, neutral(history, stream));
    expect(toolCalls(third.response)).toEqual([]);
    expect(third.response.stopReason).toBe('end-turn');
    const text = third.response.parts.map((part) => (part.type === 'text' ? part.text : '')).join('');
    expect(text).toContain(FORECAST_TEXT);
    expect(text).toContain('Take an umbrella');

    // Switching to a real model keeps the conversation: the history the demo made is valid in every real format.
    history.push({ role: 'assistant', parts: third.response.parts }, { role: 'user', parts: [{ type: 'text', text: 'Thanks!' }] });
    for (const adapter of [anthropicProvider, openAIProvider, PROVIDERS['openai-responses']]) {
      expect(adapter.buildRequest(neutral(history, stream), { baseUrl: '', apiKey: 'k' }).warnings).toEqual([]);
    }
  });

  it('gives any other message the honest answer, with no tool call', async () => {
    const { response } = await ask(
      dialect,
      neutral([{ role: 'user', parts: [{ type: 'text', text: 'Write me a poem about MCP' }] }], stream),
    );
    expect(toolCalls(response)).toEqual([]);
    expect(response.parts).toEqual([{ type: 'text', text: DEMO_HONEST_ANSWER }]);
  });

  it('a new scene message after a finished one starts the scene again', async () => {
    const history: NeutralMessage[] = [
      { role: 'user', parts: [{ type: 'text', text: 'hello' }] },
      { role: 'assistant', parts: [{ type: 'text', text: DEMO_HONEST_ANSWER }] },
      { role: 'user', parts: [{ type: 'text', text: 'weather in Paris please' }] },
    ];
    const { response } = await ask(dialect, neutral(history, stream));
    expect(toolCalls(response)).toMatchObject([{ name: 'weather_get_forecast' }]);
  });
});

describe('the demo script: edges', () => {
  function request(dialect: DemoDialect, messages: NeutralMessage[], tools = TOOLS) {
    const adapter = dialect === 'openai' ? openAIProvider : anthropicProvider;
    return readDemoRequest(adapter.buildRequest(neutral(messages, false, tools), { baseUrl: '', apiKey: '' }).body, dialect);
  }
  const scene: NeutralMessage = { role: 'user', parts: [{ type: 'text', text: DEMO_SCENARIO_MESSAGE }] };

  it('says so when no get_forecast tool is offered (the weather server is not connected)', () => {
    const move = playDemoScript(
      request(
        'anthropic',
        [scene],
        TOOLS.filter((tool) => tool.name !== 'weather_get_forecast'),
      ),
    );
    expect(move.toolCall).toBeUndefined();
    expect(move.text).toMatch(/no get_forecast tool/);
  });

  it.each(['anthropic', 'openai'] as const)('reports a failed forecast honestly (%s)', (dialect) => {
    const call: NeutralMessage = {
      role: 'assistant',
      parts: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'weather_get_forecast', input: { city: 'Paris' } }],
    };
    const afterError = request(dialect, [scene, call, resultMessage('c1', 'weather_get_forecast', 'Unknown city', true)]);
    expect(playDemoScript(afterError).toolCall?.name).toBe('add_reminder');
    const reminder: NeutralMessage = {
      role: 'assistant',
      parts: [{ type: 'tool-call', toolCallId: 'c2', toolName: 'add_reminder', input: {} }],
    };
    const denied = request(dialect, [
      scene,
      call,
      resultMessage('c1', 'weather_get_forecast', 'Unknown city', true),
      reminder,
      resultMessage('c2', 'add_reminder', 'The person denied this call.', true),
    ]);
    const text = playDemoScript(denied).text;
    expect(text).toMatch(/could not give the forecast/);
    expect(text).toMatch(/reminder was not saved/);
  });

  it('finds a remote tool whatever public name the registry gave it', () => {
    expect(findTool(['weather_get_forecast'], 'get_forecast')).toBe('weather_get_forecast');
    expect(findTool(['my-weather_get_forecast_2'], 'get_forecast')).toBe('my-weather_get_forecast_2');
    expect(findTool(['get_forecast_extended'], 'get_forecast')).toBeUndefined();
    expect(findTool(['add_reminder', 'x_add_reminder'], 'add_reminder')).toBe('add_reminder');
  });

  it('sends to its own URL when the base URL is empty (the preset that is its default), never to a vendor', () => {
    const built = demoProvider.buildRequest(neutral([scene], false), { baseUrl: '', apiKey: '' });
    expect(built.url).toBe('https://demo-model.invalid/anthropic/v1/messages');
  });

  it('picks its dialect from the base URL preset', () => {
    expect(demoDialectOf('')).toBe('anthropic');
    expect(demoDialectOf(DEMO_BASE_URLS.openai)).toBe('openai');
    expect(demoDialectOf(DEMO_BASE_URLS.anthropic)).toBe('anthropic');
  });

  it('answers anything but a model request with a 404 in the error shape its parser reads', async () => {
    const reply = await demoModelFetch('https://demo-model.invalid/v1/models', { method: 'GET' });
    expect(reply.status).toBe(404);
    expect(demoProvider.parseError(await reply.json()).type).toBe('not_found_error');
  });
});
