import { describe, expect, it } from 'vitest';
import { WEATHER_CONVERSATION, WEATHER_TOOLS } from '../__fixtures__/conversations';
import { requestFor, toolCallMessage, userText, wire } from '../__fixtures__/neutral-messages';
import { buildOpenAIResponsesRequest } from './build-openai-responses-request';

const options = { baseUrl: '', apiKey: 'sk-test' };

const request = requestFor('gpt-4.1');

describe('buildOpenAIResponsesRequest', () => {
  it('pins URL, headers and the exact body of a whole tool-using conversation', () => {
    const built = buildOpenAIResponsesRequest({ ...WEATHER_CONVERSATION, stream: true }, options);
    expect(built.url).toBe('https://api.openai.com/v1/responses');
    expect(built.headers).toEqual({ 'content-type': 'application/json', authorization: 'Bearer sk-test' });
    expect(built.warnings).toEqual([]);
    const { input, tools, ...rest } = built.body;
    // Key order as sent: the system prompt as instructions, self-contained (store: false).
    expect(wire(rest)).toBe(
      wire({ model: 'test-model', instructions: 'You are a weather assistant.', max_output_tokens: 1024, store: false, stream: true }),
    );
    // Tools are flat and sent non-strict (the API's default is strict).
    expect(wire(tools)).toBe(
      wire(
        WEATHER_TOOLS.map((tool) => ({
          type: 'function',
          name: tool.name,
          description: tool.description,
          parameters: tool.inputSchema,
          strict: false,
        })),
      ),
    );
    expect(wire(input)).toMatchInlineSnapshot(`
      "[
        {
          "type": "message",
          "role": "user",
          "content": [
            {
              "type": "input_text",
              "text": "Weather in Paris and Oslo? Then chart Paris."
            }
          ]
        },
        {
          "type": "message",
          "role": "assistant",
          "content": [
            {
              "type": "output_text",
              "text": "Checking both cities."
            }
          ]
        },
        {
          "type": "function_call",
          "call_id": "toolu_01Paris",
          "name": "weather_get_forecast",
          "arguments": "{\\"city\\":\\"Paris\\",\\"days\\":2}"
        },
        {
          "type": "function_call",
          "call_id": "toolu_02Oslo",
          "name": "weather_get_forecast",
          "arguments": "{\\"city\\":\\"Oslo\\"}"
        },
        {
          "type": "function_call_output",
          "call_id": "toolu_01Paris",
          "output": "Paris: sunny, 21°C"
        },
        {
          "type": "function_call_output",
          "call_id": "toolu_02Oslo",
          "output": "Error: Unknown city: Oslo"
        },
        {
          "type": "function_call",
          "call_id": "toolu_03Chart",
          "name": "charts_render",
          "arguments": "{\\"city\\":\\"Paris\\"}"
        },
        {
          "type": "function_call_output",
          "call_id": "toolu_03Chart",
          "output": "Chart for Paris\\n[image: image/png, shown in the next user message]"
        },
        {
          "type": "message",
          "role": "user",
          "content": [
            {
              "type": "input_text",
              "text": "Image returned by tool charts_render (toolu_03Chart)"
            },
            {
              "type": "input_image",
              "image_url": "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
              "detail": "auto"
            }
          ]
        },
        {
          "type": "message",
          "role": "assistant",
          "content": [
            {
              "type": "output_text",
              "text": "Paris is sunny; the Oslo lookup failed. Here is the chart."
            }
          ]
        },
        {
          "type": "message",
          "role": "user",
          "content": [
            {
              "type": "input_text",
              "text": "Thanks!"
            }
          ]
        }
      ]"
    `);
  });

  it('keeps a base that ends in /v1 working, with a warning', () => {
    const built = buildOpenAIResponsesRequest(request({ messages: [userText('hi')] }), {
      baseUrl: 'http://localhost:11434/v1/',
      apiKey: '',
    });
    expect(built.url).toBe('http://localhost:11434/v1/responses');
    expect(built.headers).toEqual({ 'content-type': 'application/json' });
    expect(built.warnings.map((warning) => warning.message)).toEqual([
      'The Responses base URL should not end in /v1 (the path /v1/responses is added); used http://localhost:11434/v1/responses.',
    ]);
    expect(built.body).toEqual({
      model: 'gpt-4.1',
      input: [{ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'hi' }] }],
      max_output_tokens: 256,
      store: false,
    });
  });

  it('answers a call that never got a result and sends "{}" for arguments that did not parse', () => {
    const built = buildOpenAIResponsesRequest(
      request({
        messages: [userText('go'), toolCallMessage('call_1', 'ping', undefined, '{"a":')],
      }),
      options,
    );
    expect(built.body.input.slice(1)).toEqual([
      { type: 'function_call', call_id: 'call_1', name: 'ping', arguments: '{}' },
      { type: 'function_call_output', call_id: 'call_1', output: 'Error: The tool call was not completed, so there is no result.' },
    ]);
    expect(built.warnings.map((warning) => warning.subject)).toEqual(['call_1', 'call_1']);
  });
});
